import type { DuplicateGroup, DuplicateTag } from '../api/tag-reconciliation';

/**
 * Whether the group's other tags may merge into this one: a global tag takes any, a pipeline's tag
 * only tags of that same pipeline (its tags show only on that pipeline's contacts).
 */
export function canKeepTag(tag: DuplicateTag, group: DuplicateGroup): boolean {
  return tag.pipelineID === null || group.tags.every((other) => other.pipelineID === tag.pipelineID);
}

/** The tag offered first as the one to keep: a global one, then the one on most contacts. */
export function pickTagToKeep(group: DuplicateGroup): DuplicateTag | null {
  const candidates = group.tags.filter((tag) => canKeepTag(tag, group));
  return (
    [...candidates].sort(
      (a, b) => Number(a.pipelineID !== null) - Number(b.pipelineID !== null) || b.contacts - a.contacts,
    )[0] ?? null
  );
}

/** How many contacts carry the tags that would be merged into `keepTagUID` (a contact on two counts twice). */
export function countContactsToMove(group: DuplicateGroup, keepTagUID: string): number {
  return group.tags.filter((tag) => tag.tagUID !== keepTagUID).reduce((sum, tag) => sum + tag.contacts, 0);
}

/** Where a tag lives, in words: its set, and the pipeline when it is not global. */
export function describeTagPlace(tag: DuplicateTag): string {
  if (tag.pipelineID === null) return `${tag.tagSetName} (global)`;
  return tag.pipelineName
    ? `${tag.tagSetName} in ${tag.pipelineName}`
    : `${tag.tagSetName} in a pipeline you can't see`;
}

/** "1 contact", "2,500 contacts". */
export function formatContactCount(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'contact' : 'contacts'}`;
}
