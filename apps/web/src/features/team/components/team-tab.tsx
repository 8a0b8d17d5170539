import { useLoggedUser } from '../../../app/signed-in-user';
import { TeamPage } from './team-page';

/** The team tab of the profile page: the signed-in user's current team. */
export function TeamTab() {
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
