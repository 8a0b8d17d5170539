import { BlockList, isIP } from 'node:net';

/**
 * The platforms' image hosts (a host or any of its subdomains): Facebook and Instagram (fbcdn.net,
 * cdninstagram.com), LinkedIn (licdn.com), Pinterest (pinimg.com), TikTok (tiktokcdn.com,
 * tiktokcdn-us.com), YouTube (ytimg.com, ggpht.com, googleusercontent.com) and Skool
 * (assets.skool.com). PHOTO_HOSTS adds others.
 */
export const DEFAULT_PHOTO_HOSTS = [
  'fbcdn.net',
  'cdninstagram.com',
  'licdn.com',
  'pinimg.com',
  'tiktokcdn.com',
  'tiktokcdn-us.com',
  'ytimg.com',
  'ggpht.com',
  'googleusercontent.com',
  'assets.skool.com',
] as const;

/** The image types a photo may be; anything else is refused. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

/** A photo address that may not be fetched, with why in words a user can act on. */
export class PhotoRefusal extends Error {
  override readonly name = 'PhotoRefusal';
}

/** Whether `host` is one of `hosts` or a subdomain of one. */
export function isListedHost(host: string, hosts: readonly string[]): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return hosts.some((listed) => name === listed || name.endsWith(`.${listed}`));
}

/**
 * Checks a photo address before any connection: a web address, https (unless `allowHttp`, for a
 * test's local server), no user name or password, on a listed host. Answers it parsed.
 */
export function checkPhotoAddress(
  address: string,
  options: { hosts: readonly string[]; allowHttp?: boolean },
): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new PhotoRefusal('The photo address is not a web address.');
  }
  const schemes = options.allowHttp ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) {
    throw new PhotoRefusal(`The photo address must use https, not ${url.protocol.replace(':', '')}.`);
  }
  if (url.username || url.password) {
    throw new PhotoRefusal('The photo address must not carry a user name or password.');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 || !isListedHost(host, options.hosts)) {
    throw new PhotoRefusal(
      `The photo's host ${url.hostname} is not one of the platforms' image hosts (${options.hosts.join(', ')}).`,
    );
  }
  return url;
}

/** Addresses no photo is fetched from: private, loopback, link-local, shared, reserved and special ranges. */
const special = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and broadcast
] as const) {
  special.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 to IPv4
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID…)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds any IPv4)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  special.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d or ::ffff:xxxx:xxxx), or null. */
function mappedIpv4(address: string): string | null {
  const match = /^(?:0{0,4}:){0,5}:?ffff:(.+)$/i.exec(address);
  if (!match) return null;
  const rest = match[1]!;
  if (isIP(rest) === 4) return rest;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(rest);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an IP address is an ordinary public one a photo may come from. */
// IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) are checked as the IPv4 address they carry; a rule for
// ::ffff:0:0/96 here would also catch every IPv4 address, which BlockList checks in that form too.
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !special.check(address, 'ipv4');
  if (family !== 6) return false;
  const inner = mappedIpv4(address);
  if (inner) return isPublicAddress(inner);
  return !special.check(address, 'ipv6');
}

/** The image type the bytes begin like (JPEG, PNG, WebP or GIF), or null. */
export function sniffImageType(bytes: Uint8Array): PhotoType | null {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'image/gif';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** The media type of a Content-Type header, lower-cased, without parameters. */
export function mediaTypeOf(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}
