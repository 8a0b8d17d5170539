const storageKey = (teamUID: string) => `grouptrack:last-pipeline:${teamUID}`;

/** The pipeline this browser last showed on the board for the team, if any. */
export function readLastPipeline(teamUID: string): string | null {
  try {
    return window.localStorage.getItem(storageKey(teamUID));
  } catch {
    return null;
  }
}

/** Remembers the pipeline shown on the board, per team. */
export function rememberLastPipeline(teamUID: string, pipelineId: string): void {
  try {
    window.localStorage.setItem(storageKey(teamUID), pipelineId);
  } catch {
    // Private modes may refuse storage; the board then opens the default pipeline.
  }
}

/**
 * Which pipeline the board opens without one in the address: the last one viewed while the member still
 * sees it, else the default pipeline, else the first one.
 */
export function choosePipeline(input: {
  pipelines: { groupUID: string; isDefault: boolean }[];
  lastViewed: string | null;
}): string | null {
  const { pipelines, lastViewed } = input;
  if (lastViewed && pipelines.some((pipeline) => pipeline.groupUID === lastViewed)) return lastViewed;
  return (pipelines.find((pipeline) => pipeline.isDefault) ?? pipelines[0])?.groupUID ?? null;
}
