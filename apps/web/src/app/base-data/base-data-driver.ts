import type { BaseDataEvent } from '@grouptrack/domain';
import type { BaseListLevel } from './base-lists';

/** Where one query stands. */
export type LoadStatus = 'pending' | 'error' | 'success';

/** What is known about the user and each base list at one moment. */
export interface BaseDataSnapshot {
  /** 'missing' when the server answered that the user record does not exist (404). */
  me: LoadStatus | 'missing';
  lists: readonly { level: BaseListLevel; status: LoadStatus }[];
}

/** The base-data event a snapshot amounts to, or null while nothing new has loaded. */
export function deriveBaseDataEvent({ me, lists }: BaseDataSnapshot): BaseDataEvent | null {
  if (me === 'missing') return { type: 'user-missing' };
  if (me !== 'success') return null;
  const isLevelLoaded = (level: BaseListLevel) =>
    lists.every((list) => list.level !== level || list.status === 'success');
  if (!isLevelLoaded('min')) return null;
  return isLevelLoaded('full') ? { type: 'full-loaded' } : { type: 'min-loaded' };
}

/** The index of the first list that failed once the user is there, or -1; the screen then offers a retry. */
export function findFailedList({ me, lists }: BaseDataSnapshot): number {
  if (me !== 'success') return -1;
  return lists.findIndex((list) => list.status === 'error');
}
