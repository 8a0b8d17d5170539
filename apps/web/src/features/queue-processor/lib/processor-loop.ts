import type {
  QueueLease,
  QueueReport,
  QueueReportResult,
  QueueStatus,
  SendQueueItemMessage,
  SendQueueItemResult,
  SocialPlatform,
} from '@grouptrack/domain';

/** The item being sent, as the page shows it. */
export interface ProcessorItem {
  id: string;
  contactName: string;
  text: string;
}

/** What the processor is doing, as the page shows it. */
export type ProcessorState =
  | { phase: 'starting' }
  | { phase: 'no-extension'; message: string }
  | { phase: 'held'; until: number }
  | { phase: 'waiting'; until: string | null; sentence: string; isPaused: boolean }
  | { phase: 'empty'; sentence: string }
  | { phase: 'sending'; item: ProcessorItem }
  | { phase: 'refused'; message: string };

/** One send the processor finished, for the page's list of what it did. */
export interface ProcessorEvent {
  item: ProcessorItem;
  outcome: SendQueueItemResult['outcome'];
  reason: string | null;
  at: number;
}

export interface ProcessorDeps {
  platform: SocialPlatform;
  /** Whether the extension is there and signed in, and until when wait_a_bit holds it. */
  checkExtension: () => Promise<{ ready: boolean; message: string; holdUntil: number | null }>;
  lease: () => Promise<QueueLease>;
  send: (message: SendQueueItemMessage, timeoutMs: number) => Promise<SendQueueItemResult | null>;
  report: (itemId: string, report: QueueReport) => Promise<QueueReportResult | 'lease-lost'>;
  pause: () => Promise<QueueStatus>;
  /** Waits, ending early when the signal aborts or the page wakes the loop (pause, resume). */
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  onState: (state: ProcessorState) => void;
  onEvent: (event: ProcessorEvent) => void;
  onStatus: (status: QueueStatus) => void;
  /** Why the server refused to lease (the plan, a 4xx), or null for a failure worth retrying soon. */
  readRefusal: (error: unknown) => string | null;
}

/** The longest the loop sleeps before asking the server again, so a change elsewhere is seen soon. */
export const MAX_SLEEP_MS = 60_000;
/** How long it waits after the extension gave no answer, or the server failed. */
export const RETRY_MS = 10_000;
/** How long it waits when the queue is empty: a message queued meanwhile goes out within this. */
export const EMPTY_SLEEP_MS = 30_000;
/** How long the page waits for the extension past the lease's end: never, it reports with the lease. */
const SEND_ANSWER_MARGIN_MS = 5000;

/** How long to sleep until a moment, never less than a second nor more than MAX_SLEEP_MS. */
export function sleepUntil(until: string | number | null, now: number): number {
  if (until === null) return MAX_SLEEP_MS;
  const at = typeof until === 'number' ? until : Date.parse(until);
  if (!Number.isFinite(at)) return MAX_SLEEP_MS;
  return Math.min(Math.max(at - now, 1000), MAX_SLEEP_MS);
}

/**
 * One round of the processor: check the extension and wait_a_bit, lease the next due item, have
 * the extension send it, and report the outcome with the lease; or wait for what the queue waits
 * for. An item is only sent under a live lease, and only that lease is reported: a lost lease
 * (409) is left to the tab that holds it now. Not signed in to the platform pauses the queue.
 */
export async function runProcessorRound(deps: ProcessorDeps): Promise<void> {
  const extension = await deps.checkExtension();
  if (!extension.ready) {
    deps.onState({ phase: 'no-extension', message: extension.message });
    return deps.sleep(RETRY_MS);
  }
  if (extension.holdUntil !== null && extension.holdUntil > deps.now()) {
    deps.onState({ phase: 'held', until: extension.holdUntil });
    return deps.sleep(sleepUntil(extension.holdUntil, deps.now()));
  }

  let lease: QueueLease;
  try {
    lease = await deps.lease();
  } catch (error) {
    const refusal = deps.readRefusal(error);
    deps.onState({ phase: 'refused', message: refusal ?? 'GroupTrack could not be reached: trying again.' });
    return deps.sleep(refusal === null ? RETRY_MS : MAX_SLEEP_MS);
  }
  if (lease.status === 'waiting') {
    deps.onState({
      phase: 'waiting',
      until: lease.until,
      sentence: lease.sentence,
      isPaused: lease.reason === 'paused',
    });
    return deps.sleep(sleepUntil(lease.until, deps.now()));
  }
  if (lease.status === 'empty') {
    deps.onState({ phase: 'empty', sentence: lease.sentence });
    return deps.sleep(EMPTY_SLEEP_MS);
  }

  const { item } = lease;
  const shown: ProcessorItem = { id: item.id, contactName: item.contactName, text: item.text };
  deps.onState({ phase: 'sending', item: shown });
  const result = await deps.send(
    {
      type: 'send_queue_item',
      platform: deps.platform,
      leaseId: lease.leaseId,
      leaseUntil: lease.leaseUntil,
      checkThreadFirst: lease.checkThreadFirst,
      itemId: item.id,
      text: item.text,
      profile: item.profile,
    },
    Math.max(Date.parse(lease.leaseUntil) - deps.now() - SEND_ANSWER_MARGIN_MS, 0),
  );
  if (result === null) {
    // Nothing is known of the send: the lease runs out, and the item comes back checked in the thread.
    deps.onState({ phase: 'no-extension', message: 'The GroupTrack extension did not answer.' });
    return deps.sleep(RETRY_MS);
  }
  deps.onEvent({ item: shown, outcome: result.outcome, reason: result.reason, at: deps.now() });
  const answer = await deps.report(item.id, reportOf(result, lease.leaseId));
  if (answer !== 'lease-lost') deps.onStatus(answer.queue);
  if (result.outcome === 'not-logged-in') {
    // Not the message's fault: the queue waits for the user to sign in to the platform.
    deps.onStatus(await deps.pause());
  } else if (result.outcome === 'not-sent') {
    await deps.sleep(result.holdUntil === undefined ? RETRY_MS : sleepUntil(result.holdUntil, deps.now()));
  }
}

/** What the server is told of the extension's answer, under the lease it was sent with. */
function reportOf(result: SendQueueItemResult, leaseId: string): QueueReport {
  switch (result.outcome) {
    case 'sent':
    case 'already-sent':
      return { outcome: result.outcome, leaseId };
    case 'failed':
      return { outcome: 'failed', leaseId, reason: result.reason ?? 'The message was not sent.' };
    case 'blocked':
      return { outcome: 'blocked', leaseId, ...(result.reason !== null && { reason: result.reason }) };
    case 'not-sent':
    case 'not-logged-in':
      // Nothing was typed: the message goes back to its place now rather than when its lease runs out.
      return { outcome: 'not-sent', leaseId };
  }
}
