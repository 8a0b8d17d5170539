import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  checkPhotoAddress,
  isPublicAddress,
  mediaTypeOf,
  PHOTO_TYPES,
  PhotoRefusal,
  sniffImageType,
  type PhotoType,
} from './photo-address';

/** How photos are fetched: which hosts, how addresses are found and which may be connected to. */
export interface PhotoNetwork {
  hosts: readonly string[];
  /** Only for a test's local server: production fetches https alone. */
  allowHttp: boolean;
  /** Every address of a host name; the connection goes to one of these, with no second look-up. */
  resolve(host: string): Promise<{ address: string; family: number }[]>;
  /** Whether an address may be connected to: public ones only, in production. */
  isAllowedAddress(address: string): boolean;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  /**
   * Tests only: the origin every checked address is fetched from instead (its path and query kept), so
   * a journey's local image host stands in for a platform's, which the tests cannot reach.
   */
  upstream?: URL;
}

/** Production's network: DNS as the system resolves it, public addresses only, https only. */
export function systemPhotoNetwork(hosts: readonly string[]): PhotoNetwork {
  return {
    hosts,
    allowHttp: false,
    resolve: (host) => dnsLookup(host, { all: true, verbatim: true }),
    isAllowedAddress: isPublicAddress,
    maxBytes: 5 * 1024 * 1024,
    timeoutMs: 10_000,
    maxRedirects: 3,
  };
}

const TYPE_NAMES = 'JPEG, PNG, WebP or GIF';

function megabytes(bytes: number) {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}

/** The one address a request connects to: it answers every look-up the socket makes. */
function pinnedLookup(address: string, family: number): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}

/** Resolves the host and checks every address it has; answers the one to connect to. */
async function resolveChecked(url: URL, network: PhotoNetwork) {
  const host = url.hostname;
  let addresses: { address: string; family: number }[];
  try {
    addresses = await network.resolve(host);
  } catch {
    throw new PhotoRefusal(`The photo's host ${host} could not be found.`);
  }
  if (addresses.length === 0) throw new PhotoRefusal(`The photo's host ${host} could not be found.`);
  // Any private answer refuses the host: a name that mixes them is not a platform's image host.
  const barred = addresses.find((entry) => !network.isAllowedAddress(entry.address));
  if (barred) {
    throw new PhotoRefusal(
      `The photo's host ${host} resolves to a private or reserved address (${barred.address}), which GroupTrack does not fetch from.`,
    );
  }
  return addresses[0]!;
}

function request(
  checked: URL,
  target: { address: string; family: number },
  network: PhotoNetwork,
  signal: AbortSignal,
) {
  const url = network.upstream ? new URL(`${checked.pathname}${checked.search}`, network.upstream) : checked;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: 'GET',
        lookup: pinnedLookup(target.address, target.family),
        headers: { accept: PHOTO_TYPES.join(', '), 'user-agent': 'GroupTrack photo fetcher' },
        signal,
        agent: false,
      },
      resolve,
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function readLimited(response: IncomingMessage, maxBytes: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      response.destroy();
      throw new PhotoRefusal(`The photo is larger than ${megabytes(maxBytes)}.`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Downloads a profile photo safely: each address (the first and every redirect, at most
 * `maxRedirects`) is checked, its host resolved once and connected to at that address, and the
 * answer must be an image of a known type, by header and by its first bytes, within the size and
 * time limits. Throws PhotoRefusal naming the problem.
 */
export async function fetchPhoto(address: string, network: PhotoNetwork) {
  const signal = AbortSignal.timeout(network.timeoutMs);
  let current = address;
  try {
    for (let redirects = 0; ; redirects += 1) {
      const url = checkPhotoAddress(current, network);
      const target = await resolveChecked(url, network);
      const response = await request(url, target, network, signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        if (redirects >= network.maxRedirects) {
          throw new PhotoRefusal(`The photo address redirected more than ${network.maxRedirects} times.`);
        }
        current = new URL(response.headers.location, url).href;
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw new PhotoRefusal(`The photo address answered ${status}, not a photo.`);
      }
      const declared = mediaTypeOf(response.headers['content-type']);
      if (!(PHOTO_TYPES as readonly string[]).includes(declared)) {
        response.resume();
        throw new PhotoRefusal(
          `The photo address answered ${declared || 'no content type'}, not an image (${TYPE_NAMES}).`,
        );
      }
      const length = Number(response.headers['content-length'] ?? 0);
      if (length > network.maxBytes) {
        response.destroy();
        throw new PhotoRefusal(`The photo is larger than ${megabytes(network.maxBytes)}.`);
      }
      const bytes = await readLimited(response, network.maxBytes);
      const sniffed: PhotoType | null = sniffImageType(bytes);
      if (!sniffed) {
        throw new PhotoRefusal(`The photo's content is not a ${TYPE_NAMES} image, whatever its header says.`);
      }
      return { bytes, contentType: sniffed };
    }
  } catch (error) {
    if (error instanceof PhotoRefusal) throw error;
    if (signal.aborted) {
      throw new PhotoRefusal(`The photo address did not answer within ${network.timeoutMs / 1000} seconds.`);
    }
    const code = (error as { code?: string }).code;
    throw new PhotoRefusal(`The photo could not be downloaded${code ? ` (${code})` : ''}.`);
  }
}
