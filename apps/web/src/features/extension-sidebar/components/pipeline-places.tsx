import { Select, Stack } from '@mantine/core';
import type { PipelineList } from '../../../lib/pipelines';
import type { VisibleCoreData } from '../api/core-data';
import { useSetStage } from '../api/contact-changes';
import { ErrorAlert } from './error-alert';
import { Section } from './section';

export interface PipelinePlacesProps {
  teamUID: string;
  coreData: VisibleCoreData;
  list: PipelineList;
}

/** The contact's stage in each pipeline they are in, which moves them, and adding them to another. */
export function PipelinePlaces({ teamUID, coreData, list }: PipelinePlacesProps) {
  const setStage = useSetStage(teamUID, coreData.contact.GTID);
  const placed = new Set(coreData.pipelines.map((place) => place.pipelineUID));
  const others = list.pipelines.filter((pipeline) => !placed.has(pipeline.groupUID));
  const moving = setStage.isPending ? setStage.variables : null;

  return (
    <Section title="Pipelines">
      <Stack gap="xs">
        {coreData.pipelines.map((place) => {
          const stages = list.pipelines.find((each) => each.groupUID === place.pipelineUID)?.stages ?? [];
          return (
            <Select
              key={place.pipelineUID}
              label={`Stage in ${place.name}`}
              size="xs"
              data={
                stages.length > 0
                  ? stages.map((stage) => ({ value: stage.stageUID, label: stage.name }))
                  : [{ value: place.stage.id, label: place.stage.name }]
              }
              value={moving?.pipelineId === place.pipelineUID ? (moving.stageId ?? null) : place.stage.id}
              onChange={(stageId) => {
                if (stageId && stageId !== place.stage.id) {
                  setStage.mutate({ pipelineId: place.pipelineUID, stageId });
                }
              }}
              allowDeselect={false}
              leftSection={<StageDot color={place.stage.color} />}
            />
          );
        })}
        {others.length > 0 && (
          <Select
            label="Add to pipeline"
            size="xs"
            placeholder="Pick a pipeline"
            data={others.map((pipeline) => ({ value: pipeline.groupUID, label: pipeline.nickName }))}
            value={null}
            onChange={(pipelineId) => {
              if (pipelineId) setStage.mutate({ pipelineId });
            }}
            disabled={setStage.isPending}
          />
        )}
        <ErrorAlert title="Couldn't change the stage" error={setStage.error} />
      </Stack>
    </Section>
  );
}

function StageDot({ color }: { color: string }) {
  return <span aria-hidden style={{ width: 10, height: 10, borderRadius: '50%', background: color }} />;
}
