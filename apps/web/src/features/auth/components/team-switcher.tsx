import { Select } from '@mantine/core';
import type { MantineBreakpoint } from '@mantine/core';
import type { LoggedUser } from '../../../app/signed-in-user';
import { useSwitchCurrentTeam } from '../api/switch-current-team';

export interface TeamSwitcherProps {
  user: LoggedUser;
  /** Shows the switcher only from this breakpoint up (e.g. in the header on wide screens). */
  visibleFrom?: MantineBreakpoint;
  /** Shows the switcher only below this breakpoint (e.g. in the navigation on phones). */
  hiddenFrom?: MantineBreakpoint;
  fullWidth?: boolean;
}

/** Lets a user who belongs to several teams choose the one they work in. */
export function TeamSwitcher({ user, visibleFrom, hiddenFrom, fullWidth = false }: TeamSwitcherProps) {
  const switchTeam = useSwitchCurrentTeam();
  if (user.teams.length < 2) return null;
  return (
    <Select
      aria-label="Current team"
      size="sm"
      w={fullWidth ? '100%' : 220}
      visibleFrom={visibleFrom}
      hiddenFrom={hiddenFrom}
      allowDeselect={false}
      data={user.teams.map((team) => ({ value: team.teamUID, label: team.teamName }))}
      value={user.currentTeam.teamUID}
      disabled={switchTeam.isPending}
      onChange={(teamUID) => {
        if (!teamUID || teamUID === user.currentTeam.teamUID) return;
        switchTeam.mutate(teamUID);
      }}
    />
  );
}
