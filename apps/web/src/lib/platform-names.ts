import { PLATFORM_NAMES } from '@grouptrack/domain';
import type { SocialPlatform } from '@grouptrack/domain';

/** Formats a social platform's name as the platform spells it, e.g. 'TikTok'. */
export function formatPlatformName(platform: SocialPlatform): string {
  return PLATFORM_NAMES[platform];
}
