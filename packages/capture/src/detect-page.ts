import type { SocialPlatform } from '@grouptrack/domain';
import type { PageKind, SelectorPack } from './selector-pack';

/** The platform and kind of a page, with what its address says about whom it shows. */
export interface DetectedPage {
  platform: SocialPlatform;
  kind: PageKind;
  /** The username in the address (`ana.lima` of instagram.com/ana.lima/), or null. */
  username: string | null;
  /** The profile id in the address (`profile.php?id=…`, `/channel/UC…`), or null. */
  profileId: string | null;
  /** The group in the address (a Facebook group, a Skool community), or null. */
  groupId: string | null;
}

/** Tells whether a host name belongs to the pack's platform, subdomains (www., m., web.) included. */
export function isPackHost(pack: SelectorPack, host: string): boolean {
  const lower = host.toLowerCase();
  return pack.hosts.some((name) => lower === name || lower.endsWith(`.${name}`));
}

/** Reads an address with one pack: the first page rule it matches, or null when the pack knows no such page. */
export function detectPageWithPack(url: string, pack: SelectorPack): DetectedPage | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!['https:', 'http:'].includes(parsed.protocol) || !isPackHost(pack, parsed.hostname)) return null;
  const target = `${parsed.pathname}${parsed.search}`;
  const reserved = new Set(pack.reservedPaths.map((path) => path.toLowerCase()));
  for (const rule of pack.pages) {
    const match = new RegExp(rule.pattern, 'u').exec(target);
    if (match === null) continue;
    const groups = match.groups ?? {};
    const username = decodePart(groups['username']);
    if (username !== null && reserved.has(username.toLowerCase())) continue;
    return {
      platform: pack.platform,
      kind: rule.kind,
      username,
      profileId: decodePart(groups['profileId']),
      groupId: decodePart(groups['groupId']),
    };
  }
  return null;
}

function decodePart(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
