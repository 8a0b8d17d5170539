import { Button, MultiSelect, Select, Stack, Text } from '@mantine/core';
import type { OnScreenPerson } from '@grouptrack/domain';
import { useState } from 'react';
import { QueryError } from '../../../components/query-error';
import { usePipelines } from '../../../lib/pipelines';
import type { PipelineList } from '../../../lib/pipelines';
import { useAddPerson } from '../api/add-person';
import { findStartPipeline, listTagChoices } from '../lib/tag-choices';
import { ErrorAlert } from './error-alert';
import { SidebarSkeleton } from './sidebar-skeleton';

export interface AddPersonFormProps {
  teamUID: string;
  person: OnScreenPerson;
  /** Called once they are in GroupTrack, with why their photo could not be kept, if it could not. */
  onAdded: (photoError: string | null) => void;
}

/** Adds someone not yet in GroupTrack to a pipeline and stage, with tags, in one click. */
export function AddPersonForm({ teamUID, person, onAdded }: AddPersonFormProps) {
  const pipelines = usePipelines(teamUID);
  if (pipelines.isPending) return <SidebarSkeleton label="Loading pipelines" />;
  if (pipelines.isError) {
    return (
      <QueryError
        title="Couldn't load the pipelines"
        error={pipelines.error}
        onRetry={() => void pipelines.refetch()}
        isRetrying={pipelines.isFetching}
      />
    );
  }
  if (pipelines.data.pipelines.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        You see no pipeline to add them to. Ask the team owner for access to one.
      </Text>
    );
  }
  return <PlacementForm teamUID={teamUID} person={person} list={pipelines.data} onAdded={onAdded} />;
}

function PlacementForm({ teamUID, person, list, onAdded }: AddPersonFormProps & { list: PipelineList }) {
  const add = useAddPerson(teamUID);
  const [pipelineId, setPipelineId] = useState(() => findStartPipeline(list)?.groupUID ?? null);
  const pipeline = list.pipelines.find((each) => each.groupUID === pipelineId) ?? null;
  const [stageId, setStageId] = useState(() => pipeline?.stages[0]?.stageUID ?? null);
  const [tagIds, setTagIds] = useState<string[]>([]);
  const tagChoices = listTagChoices(list, pipelineId ? [pipelineId] : []);

  function handlePipeline(picked: string | null) {
    const next = list.pipelines.find((each) => each.groupUID === picked);
    if (!next) return;
    setPipelineId(next.groupUID);
    setStageId(next.stages[0]?.stageUID ?? null);
    // The tags of the pipeline left behind do not belong in the new one.
    const allowed = new Set(
      listTagChoices(list, [next.groupUID]).flatMap((group) => group.items.map((item) => item.value)),
    );
    setTagIds((current) => current.filter((tagId) => allowed.has(tagId)));
  }

  function handleAdd() {
    if (!pipelineId || !stageId) return;
    add.mutate(
      { person, placement: { pipelineId, stageId, tagIds } },
      { onSuccess: ({ photoError }) => onAdded(photoError) },
    );
  }

  return (
    <Stack gap="xs">
      <Text size="sm">Not in GroupTrack yet.</Text>
      <Select
        label="Pipeline"
        size="xs"
        data={list.pipelines.map((each) => ({ value: each.groupUID, label: each.nickName }))}
        value={pipelineId}
        onChange={handlePipeline}
        allowDeselect={false}
      />
      <Select
        label="Stage"
        size="xs"
        data={(pipeline?.stages ?? []).map((stage) => ({ value: stage.stageUID, label: stage.name }))}
        value={stageId}
        onChange={setStageId}
        allowDeselect={false}
      />
      <MultiSelect
        label="Tags"
        size="xs"
        placeholder={tagIds.length === 0 ? 'Optional' : undefined}
        data={tagChoices}
        value={tagIds}
        onChange={setTagIds}
        searchable
        nothingFoundMessage="No tag matches"
      />
      <ErrorAlert title="Couldn't add them" error={add.error} />
      <Button onClick={handleAdd} loading={add.isPending} disabled={!pipelineId || !stageId}>
        Add to GroupTrack
      </Button>
    </Stack>
  );
}
