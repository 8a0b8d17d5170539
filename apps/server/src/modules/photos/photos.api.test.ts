import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestPipeline, TestTeam } from '../../testing/factories';
import { isPublicAddress } from './photo-address';
import type { PhotoNetwork } from './photo-fetch';
import { signS3Request } from './photo-store';

// A PNG's signature and header, then filler: enough for the first-bytes check and for a distinct hash.
function png(seed: string) {
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from(`IHDR${seed}`.padEnd(64, '.')),
  ]);
}
const RED = png('red');
const BLUE = png('blue');

/** A platform image host as a test can run it: plain HTTP on a local port, counting what is asked of it. */
async function startImageHost() {
  const hits = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url!, 'http://local');
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    const port = (server.address() as AddressInfo).port;
    switch (url.pathname) {
      case '/red.png':
      case '/red-again.png':
        response.writeHead(200, { 'content-type': 'image/png' }).end(RED);
        return;
      case '/blue.png':
        response.writeHead(200, { 'content-type': 'image/png; charset=binary' }).end(BLUE);
        return;
      case '/to-blue':
        response.writeHead(302, { location: '/blue.png' }).end();
        return;
      case '/to-private':
        response.writeHead(302, { location: `http://private.fbcdn.net:${port}/red.png` }).end();
        return;
      case '/to-elsewhere':
        response.writeHead(301, { location: `http://evil.example.com:${port}/red.png` }).end();
        return;
      case '/loop':
        response.writeHead(302, { location: `/loop?${Number(url.searchParams.get('n') ?? 0) + 1}` }).end();
        return;
      case '/huge.jpg': {
        // No Content-Length: the limit must hold while the bytes stream in.
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        response.write(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
        const megabyte = Buffer.alloc(1024 * 1024, 1);
        let sent = 0;
        const more = () => {
          while (sent < 6 && !response.destroyed) {
            sent += 1;
            if (!response.write(megabyte)) return void response.once('drain', more);
          }
          response.end();
        };
        more();
        return;
      }
      case '/page.html':
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Log in</body></html>');
        return;
      case '/liar.jpg':
        response
          .writeHead(200, { 'content-type': 'image/jpeg' })
          .end('<html><body>Not a photo</body></html>');
        return;
      case '/slow.jpg':
        // Never answers: the time limit ends it.
        return;
      default:
        response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    hits,
    address: (pathname: string, host = 'scontent.fbcdn.net') => `http://${host}:${port}${pathname}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type ImageHost = Awaited<ReturnType<typeof startImageHost>>;

/**
 * The network the tests fetch through: http allowed (the local host has no certificate), names of
 * fbcdn.net resolved to the local host, except private.fbcdn.net, which resolves to a private address.
 */
function testNetwork(overrides: Partial<PhotoNetwork> = {}): Partial<PhotoNetwork> {
  return {
    allowHttp: true,
    resolve: (host) => {
      if (host === 'private.fbcdn.net') return Promise.resolve([{ address: '10.0.0.7', family: 4 }]);
      if (host.endsWith('fbcdn.net')) return Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
      return Promise.reject(new Error(`unknown host ${host}`));
    },
    // The local image host is on loopback; every other private address stays refused.
    isAllowedAddress: (address) => address === '127.0.0.1' || isPublicAddress(address),
    timeoutMs: 1500,
    ...overrides,
  };
}

async function startTeam(server: TestServer) {
  const team = await server.createTeam({ extraSeats: 3 });
  const pipeline = await server.createPipeline(team, 'Leads', ['New']);
  const GTIDs = await server.seedContacts(team, 2, { pipelineId: pipeline.groupUID, prefix: 'Photo' });
  return { team, pipeline, GTIDs };
}

describe('profile photos stored under DATA_DIR', () => {
  let server: TestServer;
  let host: ImageHost;
  let dataDir: string;
  let team: TestTeam;
  let pipeline: TestPipeline;
  let GTIDs: string[];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'grouptrack-photos-'));
    server = await startTestServer({ env: { DATA_DIR: dataDir } });
    host = await startImageHost();
    ({ team, pipeline, GTIDs } = await startTeam(server));
  });
  beforeEach(() => {
    server.server.context.photos.useNetworkForTests(testNetwork());
  });
  afterAll(async () => {
    await server.stop();
    await host.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const photoPath = (GTID: string, on: TestTeam = team) => on.path(`contacts/${GTID}/photo`);

  it('downloads a photo once, serves it without a cookie, and makes it the contact’s photoURL', async () => {
    const profilePic = host.address('/red.png');
    const saved = await team.owner.post(photoPath(GTIDs[0]!), { profilePic, platform: 'instagram' });
    expect(saved.status).toBe(200);
    const photoURL = saved.body.data.photoURL as string;
    expect(photoURL).toMatch(
      new RegExp(`^${server.config.APP_URL}/api/v1/teams/${team.teamUID}/photos/pho_[A-Za-z0-9_-]{32}$`),
    );
    expect((await team.owner.get(team.path(`contacts/${GTIDs[0]}`))).body.data.photoURL).toBe(photoURL);

    const served = await fetch(`${server.url}${new URL(photoURL).pathname}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(RED);

    // The same address for the same contact is not fetched again.
    const again = await team.owner.post(photoPath(GTIDs[0]!), { profilePic, platform: 'instagram' });
    expect(again.body.data.photoURL).toBe(photoURL);
    expect(host.hits.get('/red.png')).toBe(1);

    // The same bytes from another address are fetched, but stored once: the same photo is served.
    const other = await team.owner.post(photoPath(GTIDs[1]!), {
      profilePic: host.address('/red-again.png'),
      platform: 'facebook',
    });
    expect(other.body.data.photoURL).toBe(photoURL);
    expect(await readdir(path.join(dataDir, 'photos', team.teamUID))).toHaveLength(1);
  });

  it('follows a redirect to another photo on a listed host', async () => {
    const saved = await team.owner.post(photoPath(GTIDs[1]!), {
      profilePic: host.address('/to-blue'),
      platform: 'facebook',
    });
    expect(saved.status).toBe(200);
    const served = await fetch(`${server.url}${new URL(saved.body.data.photoURL).pathname}`);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(BLUE);
    expect(await readdir(path.join(dataDir, 'photos', team.teamUID))).toHaveLength(2);
  });

  it.each([
    [
      'a private address',
      () => host.address('/red.png', 'private.fbcdn.net'),
      "The photo's host private.fbcdn.net resolves to a private or reserved address (10.0.0.7), which GroupTrack does not fetch from.",
    ],
    [
      'a redirect to a private address',
      () => host.address('/to-private'),
      "The photo's host private.fbcdn.net resolves to a private or reserved address (10.0.0.7), which GroupTrack does not fetch from.",
    ],
    [
      'a redirect to a host not on the list',
      () => host.address('/to-elsewhere'),
      /^The photo's host evil\.example\.com is not one of the platforms' image hosts/,
    ],
    ['endless redirects', () => host.address('/loop'), 'The photo address redirected more than 3 times.'],
    ['an oversized answer', () => host.address('/huge.jpg'), 'The photo is larger than 5 MB.'],
    [
      'a web page',
      () => host.address('/page.html'),
      'The photo address answered text/html, not an image (JPEG, PNG, WebP or GIF).',
    ],
    [
      'a web page that says it is a photo',
      () => host.address('/liar.jpg'),
      "The photo's content is not a JPEG, PNG, WebP or GIF image, whatever its header says.",
    ],
    ['a missing photo', () => host.address('/gone.jpg'), 'The photo address answered 404, not a photo.'],
    [
      'an answer too slow',
      () => host.address('/slow.jpg'),
      'The photo address did not answer within 1.5 seconds.',
    ],
    [
      'a host not on the list',
      () => 'https://images.example.com/me.jpg',
      /^The photo's host images\.example\.com is not one of the platforms' image hosts \(fbcdn\.net, cdninstagram\.com/,
    ],
    [
      'a loopback address',
      () => 'https://127.0.0.1/me.jpg',
      /^The photo's host 127\.0\.0\.1 is not one of the platforms' image hosts/,
    ],
  ])(
    'refuses %s with 400 naming the problem, and keeps the photo as it was',
    async (_label, address, message) => {
      const before = (await team.owner.get(team.path(`contacts/${GTIDs[1]}`))).body.data.photoURL;
      const refused = await team.owner.post(photoPath(GTIDs[1]!), {
        profilePic: address(),
        platform: 'facebook',
      });
      expect(refused.status).toBe(400);
      const expected = typeof message === 'string' ? `Invalid profilePic: ${message}` : message;
      if (typeof expected === 'string') expect(refused.body.error.message).toBe(expected);
      else expect(refused.body.error.message.replace(/^Invalid profilePic: /, '')).toMatch(expected);
      expect((await team.owner.get(team.path(`contacts/${GTIDs[1]}`))).body.data.photoURL).toBe(before);
    },
  );

  it('refuses an address that is not https, as production does', async () => {
    server.server.context.photos.useNetworkForTests(testNetwork({ allowHttp: false }));
    const refused = await team.owner.post(photoPath(GTIDs[1]!), {
      profilePic: host.address('/red.png'),
      platform: 'facebook',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(
      'Invalid profilePic: The photo address must use https, not http.',
    );
  });

  it('refuses bad input with 400 naming the field', async () => {
    const missing = await team.owner.post(photoPath(GTIDs[1]!), { platform: 'facebook' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/^Invalid body\.profilePic/);
    const platform = await team.owner.post(photoPath(GTIDs[1]!), {
      profilePic: host.address('/red.png'),
      platform: 'myspace',
    });
    expect(platform.body.error.message).toMatch(/^Invalid body\.platform/);
  });

  it('answers 401 signed out, and 404 for another team, a contact the member cannot see or an unknown photo', async () => {
    const body = { profilePic: host.address('/blue.png'), platform: 'facebook' };
    expect((await server.client().post(photoPath(GTIDs[0]!), body)).status).toBe(401);

    const stranger = await server.createTeam();
    const otherTeam = await stranger.owner.post(photoPath(GTIDs[0]!), body);
    expect(otherTeam.status).toBe(404);
    expect(otherTeam.body.error.message).toBe('Team not found.');
    expect((await stranger.owner.post(photoPath(GTIDs[0]!, stranger), body)).status).toBe(404);

    const hidden = await server.createPipeline(team, 'Partners', ['Intro']);
    const [partner] = await server.seedContacts(team, 1, { pipelineId: hidden.groupUID, prefix: 'Partner' });
    const { client: member } = await server.joinAsMember(team, {
      role: 'member',
      groupAccess: [pipeline.groupUID],
    });
    const outside = await member.post(photoPath(partner!), body);
    expect(outside.status).toBe(404);
    expect(outside.body.error.message).toBe('Contact not found.');
    expect(host.hits.get('/blue.png') ?? 0).toBe(1);

    const photoURL = (await team.owner.get(team.path(`contacts/${GTIDs[0]}`))).body.data.photoURL as string;
    const photoId = photoURL.split('/').pop()!;
    expect((await fetch(`${server.url}/api/v1/teams/${stranger.teamUID}/photos/${photoId}`)).status).toBe(
      404,
    );
    expect(
      (await fetch(`${server.url}/api/v1/teams/${team.teamUID}/photos/pho_${'x'.repeat(32)}`)).status,
    ).toBe(404);
    expect((await fetch(`${server.url}/api/v1/teams/${team.teamUID}/photos/..%2F..%2Fetc`)).status).toBe(404);
  });
});

/** A bucket as an S3-compatible service keeps it, checking each request's SigV4 signature. */
async function startFakeS3(credentials: { accessKeyId: string; secretAccessKey: string; region: string }) {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: { method: string; path: string; signed: boolean }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const authorization = request.headers.authorization ?? '';
      const signedNames = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? [];
      const headers = Object.fromEntries(
        signedNames.map((name) => [name, String(request.headers[name] ?? '')]),
      );
      const payloadHash = createHash('sha256').update(body).digest('hex');
      const pathname = new URL(request.url!, 'http://s3').pathname;
      const expected = signS3Request({
        method: request.method!,
        pathname,
        headers,
        payloadHash,
        ...credentials,
      });
      const signed =
        authorization === expected &&
        request.headers['x-amz-content-sha256'] === payloadHash &&
        signedNames.includes('host');
      requests.push({ method: request.method!, path: pathname, signed });
      if (!signed)
        return void response.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      if (request.method === 'PUT') {
        objects.set(pathname, { body, contentType: String(request.headers['content-type']) });
        return void response.writeHead(200).end();
      }
      const found = objects.get(pathname);
      if (!found) return void response.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
      response.writeHead(200, { 'content-type': found.contentType }).end(found.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('profile photos stored in an S3-compatible bucket', () => {
  const credentials = {
    accessKeyId: 'GTTESTKEY',
    secretAccessKey: 'gt-test-secret-key',
    region: 'eu-west-3',
  };
  let server: TestServer;
  let host: ImageHost;
  let s3: Awaited<ReturnType<typeof startFakeS3>>;

  beforeAll(async () => {
    s3 = await startFakeS3(credentials);
    host = await startImageHost();
    server = await startTestServer({
      env: {
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: 'gt-photos',
        S3_ACCESS_KEY_ID: credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
        S3_REGION: credentials.region,
      },
    });
    server.server.context.photos.useNetworkForTests(testNetwork());
  });
  afterAll(async () => {
    await server.stop();
    await host.stop();
    await s3.stop();
  });

  it('puts the photo in the bucket with a valid signature, once, and serves it from there', async () => {
    const { team, GTIDs } = await startTeam(server);
    const saved = await team.owner.post(team.path(`contacts/${GTIDs[0]}/photo`), {
      profilePic: host.address('/blue.png'),
      platform: 'tiktok',
    });
    expect(saved.status).toBe(200);
    const photoId = (saved.body.data.photoURL as string).split('/').pop()!;
    const key = `/gt-photos/${team.teamUID}/${photoId}`;
    expect(s3.requests).toEqual([{ method: 'PUT', path: key, signed: true }]);
    expect(s3.objects.get(key)).toEqual({ body: BLUE, contentType: 'image/png' });

    await team.owner.post(team.path(`contacts/${GTIDs[1]}/photo`), {
      profilePic: host.address('/blue.png'),
      platform: 'tiktok',
    });
    expect(s3.requests.filter((request) => request.method === 'PUT')).toHaveLength(1);

    const served = await fetch(`${server.url}/api/v1/teams/${team.teamUID}/photos/${photoId}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(BLUE);
    expect(s3.requests.at(-1)).toEqual({ method: 'GET', path: key, signed: true });
  });
});
