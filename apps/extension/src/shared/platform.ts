import type { SocialPlatform } from '@grouptrack/domain';

const PLATFORM_HOSTS: Record<string, SocialPlatform> = {
  'facebook.com': 'facebook',
  'instagram.com': 'instagram',
  'linkedin.com': 'linkedin',
  'pinterest.com': 'pinterest',
  'tiktok.com': 'tiktok',
  'youtube.com': 'youtube',
  'skool.com': 'skool',
};

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
  for (const [site, platform] of Object.entries(PLATFORM_HOSTS)) {
    if (host === site || host.endsWith(`.${site}`)) return platform;
  }
  return null;
}
