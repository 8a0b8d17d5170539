import { isSameMessageText } from '@grouptrack/capture';
import { SOCIAL_PLATFORMS } from '@grouptrack/domain';
import type { SocialPlatform } from '@grouptrack/domain';

/** SPEC §9: queue processor tabs open after a random 2000-4000 ms… */
export const QUEUE_TAB_DELAY = { minMs: 2000, maxMs: 4000, perPlatformMs: 50 } as const;

/**
 * How long to wait before opening a platform's queue processor tab: a random 2000-4000 ms, plus 50 ms
 * per platform before it in SOCIAL_PLATFORMS, so tabs asked for together do not open at the same instant.
 */
export function queueProcessorDelayMs(platform: SocialPlatform, random: () => number = Math.random): number {
  const { minMs, maxMs, perPlatformMs } = QUEUE_TAB_DELAY;
  const jitter = Math.min(Math.max(random(), 0), 1) * (maxMs - minMs);
  return Math.round(minMs + jitter) + perPlatformMs * SOCIAL_PLATFORMS.indexOf(platform);
}

/** The address of a platform's queue processor on the server. */
export function queueProcessorUrl(serverUrl: string, platform: SocialPlatform): string {
  return `${serverUrl}/queue/${platform}`;
}

/**
 * The longest a send may take once the worker has it: the work tab's page load (30 s), the message
 * box (20 s), the pause and the thread's confirmation (25 s). A lease with less time left is not
 * started, so nothing is typed for an item the server may hand to another tab meanwhile.
 */
export const SEND_BUDGET_MS = 80_000;

/** Whether a lease leaves time enough for a whole send. */
export function hasTimeToSend(leaseUntil: string, now: number): boolean {
  const until = Date.parse(leaseUntil);
  return Number.isFinite(until) && until - now >= SEND_BUDGET_MS;
}

/** A text the queue typed in a conversation, kept so the safety stops do not take it for the user's. */
export interface QueueText {
  platform: SocialPlatform;
  text: string;
  /** When it was typed (ms since the epoch). */
  at: number;
}

/** How long a typed text is remembered: a conversation opened the next day still shows it as new. */
export const QUEUE_TEXT_KEEP_MS = 48 * 3_600_000;
const QUEUE_TEXTS_MAX = 500;

/** The texts remembered with one more, the oldest and those past their time dropped. */
export function rememberQueueText(texts: readonly QueueText[], next: QueueText): QueueText[] {
  return [...texts.filter((each) => next.at - each.at < QUEUE_TEXT_KEEP_MS), next].slice(-QUEUE_TEXTS_MAX);
}

/** Whether the queue typed this text on the platform lately. */
export function isQueueText(
  texts: readonly QueueText[],
  { platform, text, now }: { platform: SocialPlatform; text: string; now: number },
): boolean {
  return texts.some(
    (each) =>
      each.platform === platform && now - each.at < QUEUE_TEXT_KEEP_MS && isSameMessageText(each.text, text),
  );
}
