import { selectNavAreas, type NavArea } from '../../shell';

/** A page the palette can go to: its label, with its area's for pages of a group. */
export interface PalettePage {
  label: string;
  to: string;
}

/**
 * Every page the navigation offers the user (built pages only), labelled as the navigation shows
 * them.
 */
export function palettePages(
  areas: readonly NavArea[],
  isSuper: boolean,
  isAvailable?: (to: string) => boolean,
): PalettePage[] {
  return selectNavAreas(isSuper, areas, isAvailable).flatMap((area) =>
    area.items
      ? area.items.map((item) => ({ label: `${area.label}: ${item.label}`, to: item.to }))
      : area.to
        ? [{ label: area.label, to: area.to }]
        : [],
  );
}

/** Whether every word typed is in the label (any case, anywhere): "set tag" finds "Setup: Tags". */
export function matchesQuery(label: string, query: string): boolean {
  const text = label.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word));
}

/** A stage the open contact can move to, in a pipeline they are in. */
export interface StageMove {
  pipelineId: string;
  stageId: string;
  label: string;
}

/**
 * The stages the contact can be moved to: every other stage of each pipeline they are in, named
 * with the pipeline when they are in more than one.
 */
export function stageMoves(
  placements: Record<string, { stage: string }>,
  pipelines: readonly { groupUID: string; nickName: string; stages: { stageUID: string; name: string }[] }[],
): StageMove[] {
  const inPipelines = pipelines.filter((pipeline) => placements[pipeline.groupUID]);
  return inPipelines.flatMap((pipeline) =>
    pipeline.stages
      .filter((stage) => stage.stageUID !== placements[pipeline.groupUID]!.stage)
      .map((stage) => ({
        pipelineId: pipeline.groupUID,
        stageId: stage.stageUID,
        label: inPipelines.length > 1 ? `${stage.name} (${pipeline.nickName})` : stage.name,
      })),
  );
}
