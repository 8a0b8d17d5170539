import { createHash, createHmac } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where downloaded photos' bytes are kept, by key (`<teamUID>/<photoId>`). */
export interface PhotoStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when the key holds nothing. */
  get(key: string): Promise<Buffer | null>;
}

/** Photos as files under a folder (DATA_DIR/photos by default). */
export function diskPhotoStore(root: string): PhotoStore {
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    // Keys are made of ids the server checked; this only guards against a mistake elsewhere.
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`Bad photo key ${key}`);
    return file;
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a photo.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, file);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}

export interface S3Settings {
  /** The service's address, e.g. https://s3.eu-west-1.amazonaws.com or a MinIO server. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** A path's segments as S3's canonical request wants them: each URI-encoded, slashes kept. */
function canonicalPath(pathname: string) {
  return pathname
    .split('/')
    .map((segment) =>
      encodeURIComponent(decodeURIComponent(segment)).replace(
        /[!'()*]/g,
        (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join('/');
}

/**
 * AWS Signature Version 4 for one S3 request (header-based, no query string): answers the
 * Authorization header. `headers` are those signed, with lower-case names; they must include host,
 * x-amz-date and x-amz-content-sha256.
 */
export function signS3Request(input: {
  method: string;
  pathname: string;
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}) {
  const amzDate = input.headers['x-amz-date']!;
  const day = amzDate.slice(0, 8);
  const names = Object.keys(input.headers)
    .map((name) => name.toLowerCase())
    .sort();
  const canonicalHeaders = names
    .map((name) => `${name}:${input.headers[name]!.trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    input.method,
    canonicalPath(input.pathname),
    '',
    canonicalHeaders,
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

/** 20130524T000000Z: the moment as SigV4 writes it. */
function amzDateOf(now: Date) {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Photos in an S3-compatible bucket (path-style addresses, so MinIO and others work), signed with SigV4. */
export function s3PhotoStore(settings: S3Settings, now: () => Date = () => new Date()): PhotoStore {
  const base = new URL(settings.endpoint);
  async function send(method: 'GET' | 'PUT', key: string, body?: Buffer, contentType?: string) {
    const url = new URL(
      `${base.pathname.replace(/\/$/, '')}/${encodeURIComponent(settings.bucket)}/${key}`,
      base,
    );
    const payloadHash = sha256Hex(body ?? '');
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDateOf(now()),
      ...(contentType && { 'content-type': contentType }),
    };
    const authorization = signS3Request({
      method,
      pathname: url.pathname,
      headers,
      payloadHash,
      ...settings,
    });
    const { host: _host, ...sent } = headers;
    return fetch(url, {
      method,
      headers: { ...sent, authorization },
      ...(body && { body: new Uint8Array(body) }),
      signal: AbortSignal.timeout(30_000),
    });
  }
  return {
    async put(key, bytes, contentType) {
      const response = await send('PUT', key, bytes, contentType);
      if (!response.ok) {
        throw new Error(
          `The photo store answered ${response.status} to storing ${key}: ${await response.text()}`,
        );
      }
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`The photo store answered ${response.status} to reading ${key}.`);
      return Buffer.from(await response.arrayBuffer());
    },
  };
}
