import type { PipelineList } from '../../../lib/pipelines';

/** One tag with the set it belongs to, for pickers and cells. */
export interface TagOption {
  tagUID: string;
  name: string;
  color: string;
  setName: string;
}

/** Every tag the member may use: global ones, and those of the given pipeline (or of all pipelines). */
export function listTagOptions(details: PipelineList, pipelineId: string | null): TagOption[] {
  const sets = [
    ...details.globalTagSets,
    ...details.pipelines
      .filter((pipeline) => pipelineId === null || pipeline.groupUID === pipelineId)
      .flatMap((pipeline) => pipeline.tagSets),
  ];
  return sets.flatMap((set) =>
    set.tags.map((tag) => ({
      tagUID: tag.tagUID,
      name: tag.name,
      color: tag.color ?? set.color,
      setName: set.name,
    })),
  );
}
