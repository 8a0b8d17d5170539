import { Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TOAST_TIMEOUT_MS } from '@grouptrack/domain';
import { formatErrorMessage } from '../../../lib/api-client';
import type { LoggedUser } from '../api/get-me';
import { useSwitchCurrentTeam } from '../api/switch-current-team';

export interface TeamSwitcherProps {
  user: LoggedUser;
}

/** Lets a user who belongs to several teams choose the one they work in. */
export function TeamSwitcher({ user }: TeamSwitcherProps) {
  const switchTeam = useSwitchCurrentTeam();
  if (user.teams.length < 2) return null;
  return (
    <Select
      aria-label="Current team"
      size="sm"
      w={220}
      allowDeselect={false}
      data={user.teams.map((team) => ({ value: team.teamUID, label: team.teamName }))}
      value={user.currentTeam.teamUID}
      disabled={switchTeam.isPending}
      onChange={(teamUID) => {
        if (!teamUID || teamUID === user.currentTeam.teamUID) return;
        switchTeam.mutate(teamUID, {
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: 'Could not switch team',
              message: formatErrorMessage(error),
              autoClose: TOAST_TIMEOUT_MS,
            }),
        });
      }}
    />
  );
}
