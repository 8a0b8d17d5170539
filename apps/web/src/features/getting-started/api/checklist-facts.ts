import {
  EXTENSION_CHECK,
  type MessageTemplate,
  type Subscription,
  type TeamInvitation,
} from '@grouptrack/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { meQueryKey, type LoggedUser } from '../../../app/signed-in-user';
import { requestData, teamPath } from '../../../lib/api-client';
import { checkExtension } from '../../../lib/extension-bridge';
import { teamKeys } from '../../../lib/query-keys';
import { useMembers } from '../../../lib/team-members';
import { checklistSeenId, type ChecklistFacts } from '../lib/checklist';

/** How often the team's contact count is read again while no contact exists yet. */
const CONTACT_COUNT_POLL_MS = 15_000;

/** The team's contact count, which no change event carries: read from the team's subscription. */
const contactCountKey = (teamUID: string) =>
  [...teamKeys.all(teamUID), 'getting-started', 'contacts'] as const;

/** Reads the team's contact count again now, after adding or importing contacts here. */
export function useRefreshContactCount(teamUID: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: contactCountKey(teamUID) });
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
  };
}

/** Whether the team holds any contact yet; read again every few seconds until it does. */
export function useHasContacts(teamUID: string): boolean | undefined {
  const count = useQuery({
    queryKey: contactCountKey(teamUID),
    queryFn: ({ signal }) =>
      requestData<{ subscription: Subscription }>(teamPath(teamUID), { signal }).then(
        (team) => team.subscription.contactCount,
      ),
    refetchInterval: (query) => (query.state.data ? false : CONTACT_COUNT_POLL_MS),
  });
  return count.data === undefined ? undefined : count.data > 0;
}

/**
 * What ticks the checklist, read from the team's data under the same keys as the pages that change
 * it (team members, invitations, message templates), so a change there ticks the item here. Null
 * until every answer is in.
 */
export function useChecklistFacts(user: LoggedUser): ChecklistFacts | null {
  const teamUID = user.currentTeam.teamUID;
  const hasContacts = useHasContacts(teamUID);
  const members = useMembers(teamUID);
  const invitations = useQuery({
    queryKey: teamKeys.invitations(teamUID),
    queryFn: ({ signal }) => requestData<TeamInvitation[]>(teamPath(teamUID, 'invitations'), { signal }),
  });
  const templates = useQuery({
    queryKey: teamKeys.messageTemplates(teamUID),
    queryFn: ({ signal }) =>
      requestData<MessageTemplate[]>(teamPath(teamUID, 'message-templates'), { signal }),
  });
  // Asked again as often as the shell asks, so installing it ticks the item without a reload.
  const extension = useQuery({
    queryKey: ['extension-status'],
    queryFn: () => checkExtension(),
    refetchInterval: EXTENSION_CHECK.intervalMs,
  });
  if (hasContacts === undefined || !members.data || !invitations.data || !templates.data || !extension.data)
    return null;
  return {
    hasContacts,
    memberCount: members.data.length,
    openInvitationCount: invitations.data.length,
    messageTemplateCount: templates.data.length,
    isExtensionSignedIn: extension.data === 'ok',
  };
}

/** Puts the checklist away for good for this user and team, on every device (one write). */
export function useDismissChecklist(teamUID: string) {
  const queryClient = useQueryClient();
  const notificationId = checklistSeenId(teamUID);
  return useMutation({
    mutationFn: () =>
      requestData<{ notificationId: string; value: string }>(
        `/api/v1/me/notifications/${encodeURIComponent(notificationId)}`,
        { method: 'PUT', body: { action: 'never' } },
      ),
    onSuccess: ({ value }) => {
      queryClient.setQueryData<LoggedUser>(
        meQueryKey,
        (user) => user && { ...user, notifications: { ...user.notifications, [notificationId]: value } },
      );
    },
  });
}
