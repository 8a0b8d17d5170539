import { EmptyState } from '../../../components/empty-state';
import { useMembers } from '../../../lib/team-members';

/**
 * For a member given no pipeline yet: who can give them one, instead of advice to create pipelines
 * or import that they cannot follow.
 */
export function NoPipelineAccess({ teamUID, headingLevel = 1 }: { teamUID: string; headingLevel?: 1 | 2 }) {
  const members = useMembers(teamUID);
  const owner = members.data?.find((member) => member.teamOwner)?.name ?? 'the team owner';
  return (
    <EmptyState
      title="No pipeline to show"
      icon="contacts"
      headingLevel={headingLevel}
      description={`You have no pipeline access yet: ask ${owner}`}
    />
  );
}
