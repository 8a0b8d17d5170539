import type {
  SyncAction,
  SyncDeliveryRow,
  SyncDeliveryStatus,
  SyncKind,
  SyncTotals,
} from '@grouptrack/domain';

/** What a kind of change is about, as the editor's matrix names its rows. */
export const KIND_LABELS: Record<SyncKind, string> = {
  info: 'Contact',
  stage: 'Pipeline and stage',
  tag: 'Tags',
  note: 'Notes',
  task: 'Tasks',
};

/** What happened to the thing a change is about, as the matrix names its columns. */
export const ACTION_LABELS: Record<SyncAction, string> = {
  add: 'Added',
  update: 'Changed',
  delete: 'Removed',
};

const CHANGE_WORDS: Record<SyncKind, Record<SyncAction, string>> = {
  info: { add: 'Contact added', update: 'Details changed', delete: 'Contact deleted' },
  stage: { add: 'Added to a pipeline', update: 'Stage changed', delete: 'Removed from a pipeline' },
  tag: { add: 'Tag added', update: 'Tag changed', delete: 'Tag removed' },
  note: { add: 'Note added', update: 'Note changed', delete: 'Note deleted' },
  task: { add: 'Task added', update: 'Task changed', delete: 'Task deleted' },
};

/** One change in words: "Stage changed", "Tag added". */
export function describeChange({ kind, action }: { kind: SyncKind; action: SyncAction }): string {
  return CHANGE_WORDS[kind][action];
}

/** The changes one delivery carries, each named once, in the order they happened. */
export function describeChanges(changes: readonly { kind: SyncKind; action: SyncAction }[]): string {
  const words = [...new Set(changes.map(describeChange))];
  return words.length === 0 ? 'No change' : words.join(', ');
}

/** A status in words and the colour of its badge. */
export interface StatusWords {
  label: string;
  color: string;
}

const STATUS_WORDS: Record<SyncDeliveryStatus, StatusWords> = {
  pending: { label: 'Waiting', color: 'blue' },
  delivering: { label: 'Sending', color: 'blue' },
  delivered: { label: 'Delivered', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  skipped: { label: 'Skipped', color: 'gray' },
  discarded: { label: 'Discarded', color: 'gray' },
};

/** Where a delivery stands: a waiting one that was tried already is retrying. */
export function describeDeliveryStatus(delivery: Pick<SyncDeliveryRow, 'status' | 'attempts'>): StatusWords {
  if (delivery.status === 'pending' && delivery.attempts > 0) return { label: 'Retrying', color: 'orange' };
  return STATUS_WORDS[delivery.status];
}

/** How many times a delivery was tried: "Not tried yet", "1 try", "3 tries". */
export function describeAttempts(attempts: number): string {
  if (attempts === 0) return 'Not tried yet';
  return attempts === 1 ? '1 try' : `${attempts} tries`;
}

/** What the system answered a delivery, in one line; null when it was not called. */
export function describeAnswer(
  delivery: Pick<SyncDeliveryRow, 'responseCode' | 'responseMessage' | 'skipReason'>,
): string | null {
  const message = delivery.responseMessage ?? delivery.skipReason;
  if (delivery.responseCode === null) return message;
  return message ? `${delivery.responseCode}: ${message}` : String(delivery.responseCode);
}

/** A contact's latest delivery to a connection, as their page says it; null means none yet. */
export function describeSyncState(status: SyncDeliveryStatus | null): StatusWords {
  switch (status) {
    case null:
    case 'delivered':
      return { label: 'Synced', color: 'green' };
    case 'pending':
      return { label: 'Waiting to be sent', color: 'blue' };
    case 'delivering':
      return { label: 'Being sent', color: 'blue' };
    case 'failed':
      return { label: 'Failed', color: 'red' };
    case 'skipped':
      return { label: 'Skipped', color: 'gray' };
    case 'discarded':
      return { label: 'Not sent (discarded)', color: 'gray' };
  }
}

/** A connection's totals as its card shows them: delivered, waiting (or being sent), failed, skipped. */
export function summarizeTotals(totals: SyncTotals): (StatusWords & { key: string; count: number })[] {
  return [
    { key: 'delivered', count: totals.delivered, label: 'delivered', color: 'green' },
    { key: 'waiting', count: totals.pending + totals.delivering, label: 'waiting', color: 'blue' },
    { key: 'failed', count: totals.failed, label: 'failed', color: 'red' },
    { key: 'skipped', count: totals.skipped, label: 'skipped', color: 'gray' },
  ];
}

/** How a pipeline sends to a connection: at once or together within a period, held back or not. */
export function describePipelineLink({ syncPeriod, delayBy }: { syncPeriod: number; delayBy: number }) {
  const minutes = (count: number) => (count === 1 ? '1 minute' : `${count} minutes`);
  const pace = syncPeriod === 0 ? 'each change at once' : `changes within ${minutes(syncPeriod)} together`;
  return delayBy === 0 ? pace : `${pace}, held back ${minutes(delayBy)}`;
}
