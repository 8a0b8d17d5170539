import { requestData } from '../../../lib/api-client';

/** Joins the team of an invite code as the signed-in user, and makes it their current team. */
export function acceptInvitation(inviteCode: string): Promise<{ teamUID: string; joined: boolean }> {
  return requestData(`/api/v1/invitations/${encodeURIComponent(inviteCode)}/accept`, { method: 'POST' });
}
