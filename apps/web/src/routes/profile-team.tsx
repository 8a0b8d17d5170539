import { useLoggedUser } from '../features/auth/api/get-me';
import { TeamPage } from '../features/team/components/team-page';
import { usePageTitle } from '../lib/page-title';

/** /profile/team: the current team's members and invitations. */
export function ProfileTeamRoute() {
  usePageTitle('Profile');
  const user = useLoggedUser();
  const { teamUID, role } = user.currentTeam;
  const teamName = user.teams.find((team) => team.teamUID === teamUID)?.teamName ?? 'Your team';
  return (
    <TeamPage
      key={teamUID}
      teamUID={teamUID}
      teamName={teamName}
      role={role}
      currentUserUID={user.uid}
      seatsAllowed={user.subscription.seatsAllowed}
    />
  );
}
