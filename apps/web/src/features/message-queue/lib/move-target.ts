import type { QueueItem, QueueItemMove } from '@grouptrack/domain';

/**
 * Where moving an item one place up or down puts it: just before the nearest item of the same queue
 * above it, or just after the nearest one below (a list of all platforms mixes queues). Null at the
 * top or bottom of its queue as far as it is loaded.
 */
export function findMoveTarget(
  items: readonly Pick<QueueItem, 'id' | 'platform'>[],
  index: number,
  by: -1 | 1,
): QueueItemMove | null {
  const item = items[index];
  if (!item) return null;
  for (let at = index + by; at >= 0 && at < items.length; at += by) {
    const other = items[at]!;
    if (other.platform !== item.platform) continue;
    return by === -1 ? { before: other.id } : { after: other.id };
  }
  return null;
}
