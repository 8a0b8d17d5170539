import type { SocialPlatform } from '@grouptrack/domain';

const PLATFORM_NAMES: Record<SocialPlatform, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  pinterest: 'Pinterest',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  skool: 'Skool',
};

/** Formats a social platform's name as the platform spells it, e.g. 'TikTok'. */
export function formatPlatformName(platform: SocialPlatform): string {
  return PLATFORM_NAMES[platform];
}
