import { Loader, Stack, Text, Title } from '@mantine/core';
import { QueryError } from '../../../components/query-error';
import { usePipelines } from '../../../lib/pipelines';
import { ReadOnlyNote, useSetupAccess } from '../../../app/setup-access';
import { TagSetList } from './tag-set-list';

/** /setup/tags: the team's global tag sets and their tags. */
export function TagsPage() {
  const { teamUID, canEdit } = useSetupAccess();
  const list = usePipelines(teamUID);
  return (
    <Stack maw={900}>
      <Title order={1}>Tags</Title>
      <Text c="dimmed">
        Global tag sets apply to contacts in every pipeline. Tag sets of one pipeline are set up on its
        pipeline page.
      </Text>
      {!canEdit && <ReadOnlyNote />}
      {list.isPending ? (
        <Loader role="status" aria-label="Loading tag sets" />
      ) : list.isError ? (
        <QueryError
          title="Couldn't load the tag sets"
          error={list.error}
          onRetry={() => void list.refetch()}
          isRetrying={list.isFetching}
        />
      ) : (
        <TagSetList teamUID={teamUID} tagSets={list.data.globalTagSets} pipelineId={null} canEdit={canEdit} />
      )}
    </Stack>
  );
}
