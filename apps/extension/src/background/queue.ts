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
