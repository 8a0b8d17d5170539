import type { JoinedTeam } from '@grouptrack/domain';
import { requestData } from '../../../lib/api-client';

/** Joins the team of an invite code as the signed-in user, and makes it their current team. */
export function acceptInvitation(inviteCode: string): Promise<JoinedTeam> {
  return requestData(`/api/v1/invitations/${encodeURIComponent(inviteCode)}/accept`, { method: 'POST' });
}
