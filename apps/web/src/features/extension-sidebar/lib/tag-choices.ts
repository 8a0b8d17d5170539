import type { PipelineList } from '../../../lib/pipelines';
import { listTagOptions } from '../../contact-filters';

/** Tags as a multi-select lists them: grouped by tag set. */
export interface TagChoiceGroup {
  group: string;
  items: { value: string; label: string }[];
}

/** The tags a contact in these pipelines may have (global ones and those of the pipelines), by set. */
export function listTagChoices(list: PipelineList, pipelineIds: readonly string[]): TagChoiceGroup[] {
  const within = { ...list, pipelines: list.pipelines.filter((each) => pipelineIds.includes(each.groupUID)) };
  const groups = new Map<string, TagChoiceGroup['items']>();
  for (const tag of listTagOptions(within, null)) {
    groups.set(tag.setName, [...(groups.get(tag.setName) ?? []), { value: tag.tagUID, label: tag.name }]);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

/** The pipeline a new person goes to first: the team's default, else the first I see. */
export function findStartPipeline(list: PipelineList) {
  return list.pipelines.find((pipeline) => pipeline.isDefault) ?? list.pipelines[0] ?? null;
}
