import { Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { QueryError } from '../../../components/query-error';
import { updatePipeline, usePipelines, usePipelineMutation } from '../../../lib/pipelines';
import type { Placement } from '../../../lib/pipelines';
import { ReadOnlyNote, useSetupAccess } from '../../../app/setup-access';
import { SortableList } from '../../../components/sortable-list';

/** /setup/pipelines-order: the order pipelines are listed in, and the default one. */
export function PipelineOrderPage() {
  const { teamUID, canEdit } = useSetupAccess();
  const list = usePipelines(teamUID);
  const update = usePipelineMutation(
    teamUID,
    ({ id, patch }: { id: string; patch: Placement | { isDefault: true } }) =>
      updatePipeline(teamUID, id, patch),
  );

  return (
    <Stack maw={720}>
      <Title order={1}>Pipeline order</Title>
      <Text c="dimmed">
        Drag pipelines into the order the app lists them in, and choose the one it opens by default.
      </Text>
      {!canEdit && <ReadOnlyNote />}
      {list.isPending ? (
        <Loader role="status" aria-label="Loading pipelines" />
      ) : list.isError ? (
        <QueryError
          title="Couldn't load the pipelines"
          error={list.error}
          onRetry={() => void list.refetch()}
          isRetrying={list.isFetching}
        />
      ) : list.data.pipelines.length === 0 ? (
        <Text>No pipelines yet. Create one on the Pipelines page first.</Text>
      ) : (
        <SortableList
          items={list.data.pipelines}
          getId={(pipeline) => pipeline.groupUID}
          getLabel={(pipeline) => pipeline.nickName}
          canMove={canEdit}
          onMove={(id, placement) => update.mutateAsync({ id, patch: placement })}
          renderItem={(pipeline) => (
            <Group justify="space-between">
              <Text fw={500}>{pipeline.nickName}</Text>
              {pipeline.isDefault ? (
                <Badge>Default</Badge>
              ) : (
                canEdit && (
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={`Make default: ${pipeline.nickName}`}
                    loading={
                      update.isPending &&
                      update.variables.id === pipeline.groupUID &&
                      'isDefault' in update.variables.patch
                    }
                    onClick={() => update.mutate({ id: pipeline.groupUID, patch: { isDefault: true } })}
                  >
                    Make default
                  </Button>
                )
              )}
            </Group>
          )}
        />
      )}
      {update.error != null && (
        <Text c="red" size="sm" role="alert">
          Not saved: {update.error.message}
        </Text>
      )}
    </Stack>
  );
}
