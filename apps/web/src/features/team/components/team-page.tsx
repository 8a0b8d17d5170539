import { TOAST_TIMEOUT_MS, can } from '@grouptrack/domain';
import type { TeamRole } from '@grouptrack/domain';
import { Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { QueryError } from '../../../components/query-error';
import { formatErrorMessage } from '../../../lib/api-client';
import { useMembers } from '../../../lib/team-members';
import { usePipelines } from '../../../lib/pipelines';
import type { TeamMember } from '../../../lib/team-members';
import { useUpdateMember } from '../api/update-member';
import type { MemberActor } from '../lib/member-permissions';
import { InvitePanel } from './invite-panel';
import { MembersTable } from './members-table';
import { OpenInvitations } from './open-invitations';
import { PipelineAccess } from './pipeline-access';
import type { PipelineSummary } from './pipeline-access';

export interface TeamPageProps {
  teamUID: string;
  teamName: string;
  /** The signed-in user's role in this team. */
  role: TeamRole;
  currentUserUID: string;
  seatsAllowed: number;
}

/** The team: its members, its seats and, for owners and admins, roles, pipeline access and invitations. */
export function TeamPage({ teamUID, teamName, role, currentUserUID, seatsAllowed }: TeamPageProps) {
  const members = useMembers(teamUID);
  const canManageMembers = can(role, 'manage-members');
  const pipelines = usePipelines(teamUID, { enabled: canManageMembers });
  const pipelineSummaries = useMemo(
    () => pipelines.data?.pipelines.map((pipeline) => ({ id: pipeline.groupUID, name: pipeline.nickName })),
    [pipelines.data],
  );
  const actor: MemberActor = { uid: currentUserUID, role };

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
          {members.isSuccess && (
            <MembersTable teamUID={teamUID} teamName={teamName} members={members.data} actor={actor} />
          )}
        </Stack>
      </Paper>

      {canManageMembers && pipelines.isError && (
        <QueryError
          title="Could not load the pipelines"
          error={pipelines.error}
          onRetry={() => void pipelines.refetch()}
          isRetrying={pipelines.isFetching}
        />
      )}
      {canManageMembers && members.isSuccess && pipelines.isSuccess && pipelineSummaries && (
        <PipelineAccessSection
          teamUID={teamUID}
          members={members.data}
          pipelines={pipelineSummaries}
          actor={actor}
        />
      )}

      {canManageMembers && (
        <>
          <InvitePanel teamUID={teamUID} actorRole={role} pipelines={pipelineSummaries ?? []} />
          <OpenInvitations teamUID={teamUID} pipelines={pipelineSummaries ?? []} />
        </>
      )}
    </Stack>
  );
}

interface PipelineAccessSectionProps {
  teamUID: string;
  members: TeamMember[];
  pipelines: PipelineSummary[];
  actor: MemberActor;
}

function PipelineAccessSection({ teamUID, members, pipelines, actor }: PipelineAccessSectionProps) {
  const updateMember = useUpdateMember(teamUID);
  return (
    <PipelineAccess
      members={members}
      pipelines={pipelines}
      actor={actor}
      pendingMemberUID={updateMember.isPending ? updateMember.variables.userUID : null}
      onChange={(member, groupAccess) =>
        updateMember.mutate(
          { userUID: member.uid, groupAccess },
          {
            onError: (error) =>
              notifications.show({
                color: 'red',
                title: 'Could not change the pipeline access',
                message: formatErrorMessage(error),
                autoClose: TOAST_TIMEOUT_MS,
              }),
          },
        )
      }
    />
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
        <Text size="xs" c="orange" ta="right">
          All seats are taken; upgrade the plan to add people.
        </Text>
      )}
    </Stack>
  );
}
