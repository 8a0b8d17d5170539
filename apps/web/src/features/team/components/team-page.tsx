import { can } from '@grouptrack/domain';
import type { TeamRole } from '@grouptrack/domain';
import { Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { QueryError } from '../../../components/query-error';
import { useMembers } from '../api/get-members';
import { InvitePanel } from './invite-panel';
import { MembersTable } from './members-table';
import { OpenInvitations } from './open-invitations';

export interface TeamPageProps {
  teamUID: string;
  teamName: string;
  /** The signed-in user's role in this team. */
  role: TeamRole;
  currentUserUID: string;
  seatsAllowed: number;
}

/** The team: its members, its seats and, for owners and admins, invitations. */
export function TeamPage({ teamUID, teamName, role, currentUserUID, seatsAllowed }: TeamPageProps) {
  const members = useMembers(teamUID);
  const canManageMembers = can(role, 'manage-members');

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Text size="sm" c="dimmed" fw={500}>
            Team
          </Text>
          <Title order={1} size="h2">
            {teamName}
          </Title>
        </Stack>
        {members.isSuccess && <SeatUsage used={members.data.length} allowed={seatsAllowed} />}
      </Group>

      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            Members
          </Title>
          {members.isPending && <Skeleton height={120} />}
          {members.isError && (
            <QueryError
              title="Could not load the members"
              error={members.error}
              onRetry={() => void members.refetch()}
              isRetrying={members.isFetching}
            />
          )}
          {members.isSuccess && <MembersTable members={members.data} currentUserUID={currentUserUID} />}
        </Stack>
      </Paper>

      {canManageMembers && (
        <>
          <InvitePanel teamUID={teamUID} actorRole={role} />
          <OpenInvitations teamUID={teamUID} />
        </>
      )}
    </Stack>
  );
}

function SeatUsage({ used, allowed }: { used: number; allowed: number }) {
  const isFull = used >= allowed;
  return (
    <Stack gap={6} w={220}>
      <Text size="sm" ta="right">
        <Text span fw={600}>
          {used} of {allowed}
        </Text>{' '}
        seats used
      </Text>
      <Progress
        value={allowed > 0 ? Math.min(100, (used / allowed) * 100) : 100}
        color={isFull ? 'orange' : 'blue'}
        size="sm"
        aria-label="Seats used"
      />
      {isFull && (
        <Text size="xs" c="orange.8" ta="right">
          All seats are taken; upgrade the plan to add people.
        </Text>
      )}
    </Stack>
  );
}
