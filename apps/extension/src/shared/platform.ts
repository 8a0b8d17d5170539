import { PLATFORM_SITES, SOCIAL_PLATFORMS } from '@grouptrack/domain';
import type { SocialPlatform } from '@grouptrack/domain';

/** The social platform a page belongs to (www., m. and other subdomains included), or null. */
export function platformOfUrl(url: string | undefined): SocialPlatform | null {
  if (!url) return null;
  let host: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:') return null;
    host = parsed.hostname;
  } catch {
    return null;
  }
  const site = (platform: SocialPlatform) => PLATFORM_SITES[platform];
  return (
    SOCIAL_PLATFORMS.find((platform) => host === site(platform) || host.endsWith(`.${site(platform)}`)) ??
    null
  );
}
