import { Alert, Button, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { EmptyState } from '../../../components/empty-state';
import { QueryError } from '../../../components/query-error';
import { formatErrorMessage } from '../../../lib/api-client';
import { useNow } from '../../../lib/use-now';
import {
  useAutoResponderGroups,
  useAutoResponders,
  useCreateAutoResponderGroup,
  useDeleteAutoResponder,
  useDeleteAutoResponderGroup,
  useSaveAutoResponder,
  useUpdateAutoResponderGroup,
  type AutoResponder,
  type AutoResponderGroup,
} from '../api/auto-responder';
import {
  inputFromJob,
  jobsByGroup,
  namesFromChoices,
  neighbourPlacement,
  type AutoResponderChoices,
} from '../lib/auto-responder-form';
import { GroupNameModal } from './group-name-modal';
import { GroupSection, NoJobs } from './group-section';
import { JobCard } from './job-card';
import { JobEditor } from './job-editor';

interface AutoResponderPageProps {
  teamUID: string;
  canEdit: boolean;
  /** What the job form offers; undefined while it loads. */
  choices: AutoResponderChoices | undefined;
}

/** /tools/postTracker: the team's job groups, each with the posts it tracks and what they did. */
export function AutoResponderPage({ teamUID, canEdit, choices }: AutoResponderPageProps) {
  if (!canEdit) {
    return (
      <EmptyState
        title="Auto Responder"
        icon="autoResponder"
        description="Only the team's owner and admins can set up the Auto Responder. The people it adds show in your pipelines like anyone else."
      />
    );
  }
  return <AutoResponderBoard teamUID={teamUID} choices={choices} />;
}

function AutoResponderBoard({
  teamUID,
  choices,
}: {
  teamUID: string;
  choices: AutoResponderChoices | undefined;
}) {
  const groups = useAutoResponderGroups(teamUID);
  const jobs = useAutoResponders(teamUID);
  const createGroup = useCreateAutoResponderGroup(teamUID);
  const renameGroup = useUpdateAutoResponderGroup(teamUID);
  const changeGroup = useUpdateAutoResponderGroup(teamUID);
  const removeGroup = useDeleteAutoResponderGroup(teamUID);
  const changeJob = useSaveAutoResponder(teamUID);
  const removeJob = useDeleteAutoResponder(teamUID);
  const now = useNow();
  const [showArchived, setShowArchived] = useState(false);
  const [naming, setNaming] = useState<AutoResponderGroup | 'new' | null>(null);
  const [deletingGroup, setDeletingGroup] = useState<AutoResponderGroup | null>(null);
  const [editing, setEditing] = useState<AutoResponder | 'new' | null>(null);
  const [deletingJob, setDeletingJob] = useState<AutoResponder | null>(null);
  const names = useMemo(() => choices && namesFromChoices(choices), [choices]);
  const byGroup = useMemo(() => jobsByGroup(jobs.data ?? [], showArchived), [jobs.data, showArchived]);
  const archivedIn = useMemo(
    () => new Set((jobs.data ?? []).filter((job) => job.archived).map((job) => job.jobGroupId)),
    [jobs.data],
  );
  const groupList = groups.data ?? [];
  const groupIds = groupList.map((group) => group.id);

  const openNaming = (group: AutoResponderGroup | 'new') => {
    createGroup.reset();
    renameGroup.reset();
    setNaming(group);
  };
  const pendingGroupChange = changeGroup.isPending ? changeGroup.variables : undefined;
  const pendingJobChange = changeJob.isPending ? changeJob.variables : undefined;

  return (
    <Stack maw={1040}>
      <Group justify="space-between">
        <Title order={1}>Auto Responder</Title>
        <Group gap="sm">
          <Button variant="default" onClick={() => openNaming('new')}>
            New group
          </Button>
          <Button onClick={() => setEditing('new')} disabled={!choices || groupList.length === 0}>
            New auto responder
          </Button>
        </Group>
      </Group>
      <Text c="dimmed">
        Track the posts where people comment to ask for something. While a queue processor tab of that
        platform is open, GroupTrack reads the comments on the posts you track, and for each new commenter who
        uses one of your trigger words it replies to their comment, queues them a direct message, tags them
        and adds them to a pipeline, as you choose. Nobody is ever answered twice.
      </Text>
      <Switch
        label="Show archived"
        checked={showArchived}
        onChange={(event) => setShowArchived(event.currentTarget.checked)}
      />
      {changeJob.error && (
        <Alert color="red" variant="light" role="alert" title="The auto responder was not changed">
          {formatErrorMessage(changeJob.error)}
        </Alert>
      )}
      {groups.isError && (
        <QueryError
          title="The job groups could not be loaded"
          error={groups.error}
          onRetry={() => void groups.refetch()}
          isRetrying={groups.isFetching}
        />
      )}
      {jobs.isError && !jobs.data && (
        <QueryError
          title="The auto responders could not be loaded"
          error={jobs.error}
          onRetry={() => void jobs.refetch()}
          isRetrying={jobs.isFetching}
        />
      )}
      {groups.isPending && <Loader aria-label="Loading the auto responders" />}
      {groups.data?.length === 0 && (
        <EmptyState
          headingLevel={2}
          title="No groups yet"
          icon="autoResponder"
          description="Make a group with New group, then track a post in it with New auto responder. A group starts paused: switch it on to run all its auto responders, or pause it to stop them at once."
        />
      )}
      {groupList.map((group, index) => {
        const shown = byGroup.get(group.id) ?? [];
        const shownIds = shown.map((job) => job.jobID);
        const isRunning =
          pendingGroupChange?.groupID === group.id && pendingGroupChange.change.status
            ? pendingGroupChange.change.status === 'running'
            : group.status === 'running';
        const groupError =
          changeGroup.error && changeGroup.variables?.groupID === group.id
            ? formatErrorMessage(changeGroup.error)
            : null;
        return (
          <GroupSection
            key={group.id}
            group={group}
            isRunning={isRunning}
            isFirst={index === 0}
            isLast={index === groupList.length - 1}
            isChanging={pendingGroupChange?.groupID === group.id}
            error={groupError}
            onRun={(running) =>
              changeGroup.mutate({ groupID: group.id, change: { status: running ? 'running' : 'paused' } })
            }
            onMove={(by) => {
              const placement = neighbourPlacement(groupIds, group.id, by);
              if (placement) changeGroup.mutate({ groupID: group.id, change: placement });
            }}
            onRename={() => openNaming(group)}
            onDelete={() => {
              removeGroup.reset();
              setDeletingGroup(group);
            }}
          >
            {jobs.data && shown.length === 0 && (
              <NoJobs hasArchived={!showArchived && archivedIn.has(group.id)} />
            )}
            {shown.map((job, at) => (
              <JobCard
                key={job.jobID}
                job={job}
                names={names}
                now={now}
                isFirst={at === 0}
                isLast={at === shown.length - 1}
                isChanging={pendingJobChange?.jobID === job.jobID}
                onEdit={() => setEditing(job)}
                onDelete={() => {
                  removeJob.reset();
                  setDeletingJob(job);
                }}
                onArchive={(archived) =>
                  changeJob.mutate({ jobID: job.jobID, input: inputFromJob(job, { archived }) })
                }
                onMove={(by) => {
                  const placement = neighbourPlacement(shownIds, job.jobID, by);
                  if (placement) changeJob.mutate({ jobID: job.jobID, input: inputFromJob(job, placement) });
                }}
              />
            ))}
          </GroupSection>
        );
      })}
      {naming !== null && (
        <GroupNameModal
          title={naming === 'new' ? 'New group' : `Rename ${naming.name}`}
          initialName={naming === 'new' ? '' : naming.name}
          isPending={naming === 'new' ? createGroup.isPending : renameGroup.isPending}
          error={naming === 'new' ? createGroup.error : renameGroup.error}
          onClose={() => setNaming(null)}
          onSave={(name) =>
            naming === 'new'
              ? createGroup.mutate({ name, status: 'paused' }, { onSuccess: () => setNaming(null) })
              : renameGroup.mutate(
                  { groupID: naming.id, change: { name } },
                  { onSuccess: () => setNaming(null) },
                )
          }
        />
      )}
      {editing !== null && choices && (
        <JobEditor
          teamUID={teamUID}
          job={editing === 'new' ? null : editing}
          groups={groupList}
          initialGroupId={groupList[0]?.id ?? null}
          choices={choices}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmModal
        opened={deletingGroup !== null}
        title={`Delete group ${deletingGroup?.name ?? ''}?`}
        confirmLabel="Delete group"
        onConfirm={() =>
          deletingGroup && removeGroup.mutate(deletingGroup.id, { onSuccess: () => setDeletingGroup(null) })
        }
        onClose={() => setDeletingGroup(null)}
        isPending={removeGroup.isPending}
        error={removeGroup.error}
      >
        Its archived auto responders go with it. A group that still holds an auto responder in use cannot be
        deleted: archive, move or delete those first.
      </ConfirmModal>
      <ConfirmModal
        opened={deletingJob !== null}
        title={`Delete auto responder ${deletingJob?.jobName ?? ''}?`}
        confirmLabel="Delete auto responder"
        onConfirm={() =>
          deletingJob && removeJob.mutate(deletingJob.jobID, { onSuccess: () => setDeletingJob(null) })
        }
        onClose={() => setDeletingJob(null)}
        isPending={removeJob.isPending}
        error={removeJob.error}
      >
        Its counts and its record of whom it answered go with it; the people it captured, tagged and messaged
        stay. To stop it but keep its counts, archive it instead.
      </ConfirmModal>
    </Stack>
  );
}
