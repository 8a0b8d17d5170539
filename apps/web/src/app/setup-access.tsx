import { Alert } from '@mantine/core';
import { can } from '@grouptrack/domain';
import { useLoggedUser } from './signed-in-user';

/** The current team and whether the user may change its setup (owners and admins). */
export function useSetupAccess(): { teamUID: string; canEdit: boolean } {
  const { currentTeam } = useLoggedUser();
  return { teamUID: currentTeam.teamUID, canEdit: can(currentTeam.role, 'manage-setup') };
}

/** Tells a member why the setup page has no edit controls. */
export function ReadOnlyNote() {
  return (
    <Alert variant="light" color="gray" title="View only">
      Only the team&apos;s owner and admins can change this setup. Ask one of them if something here needs to
      change.
    </Alert>
  );
}
