import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';

const webDist = mkdtempSync(path.join(tmpdir(), 'grouptrack-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');

const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';

let plain: TestServer;
let secure: TestServer;

beforeAll(async () => {
  plain = await startTestServer({ env: { WEB_DIST_DIR: webDist } });
  secure = await startTestServer({
    env: {
      WEB_DIST_DIR: webDist,
      APP_URL: 'https://crm.example.test',
      HELP_WIDGET_URL: 'https://help.example.test/widget.js?v=2',
      EXTENSION_IDS: EXTENSION_ID,
    },
  });
});
afterAll(async () => {
  await Promise.all([plain.stop(), secure.stop()]);
  rmSync(webDist, { recursive: true, force: true });
});

/** The Content-Security-Policy as directive -> sources. */
function readPolicy(headers: Headers): Map<string, string[]> {
  const policy = headers.get('content-security-policy') ?? '';
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const PLATFORM_ANCESTORS = [
  'https://instagram.com',
  'https://*.instagram.com',
  'https://facebook.com',
  'https://*.facebook.com',
  'https://linkedin.com',
  'https://*.linkedin.com',
  'https://pinterest.com',
  'https://*.pinterest.com',
  'https://tiktok.com',
  'https://*.tiktok.com',
  'https://youtube.com',
  'https://*.youtube.com',
  'https://skool.com',
  'https://*.skool.com',
  'chrome-extension:',
];

describe('security headers', () => {
  it('come with every answer: API data, errors and the screens of the web app', async () => {
    const client = plain.client();
    const answers = await Promise.all([
      client.get('/healthz'),
      client.get('/api/v1/me'),
      client.get('/api/v1/no-such-route'),
      client.get('/contacts/pipeline'),
      client.post('/api/auth/sign-in/email', '{"email":'),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 401, 404, 200, 400]);
    for (const { headers } of answers) {
      const policy = readPolicy(headers);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('no-referrer');
      expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
  });

  it('come with a live event stream too', async () => {
    const owner = await plain.signUp();
    const { teamUID } = await owner.me();
    const controller = new AbortController();
    const stream = await fetch(`${plain.url}/api/v1/teams/${teamUID}/events`, {
      headers: { cookie: owner.cookieHeader() },
      signal: controller.signal,
    });
    controller.abort();
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
    expect(readPolicy(stream.headers).get('default-src')).toEqual(["'self'"]);
  });

  it("let the web app load its own scripts, Mantine's inline styles and photos from the platforms", async () => {
    const policy = readPolicy((await plain.client().get('/contacts/pipeline')).headers);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'https:']));
    expect(policy.get('connect-src')).toEqual(["'self'"]);
  });

  it('send no HSTS and no insecure-request upgrade when the app is served over plain http', async () => {
    const { headers } = await plain.client().get('/contacts/pipeline');
    expect(headers.get('strict-transport-security')).toBeNull();
    expect(readPolicy(headers).has('upgrade-insecure-requests')).toBe(false);
  });

  it('send HSTS when APP_URL is https, and allow the help widget from its own site', async () => {
    const { headers } = await secure.client().get('/contacts/pipeline');
    expect(headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
    const policy = readPolicy(headers);
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
    expect(policy.get('script-src')).toEqual(["'self'", 'https://help.example.test']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://help.example.test']);
  });
});

describe('the extension frames under /bex and its popup', () => {
  it('may be framed by exactly the seven platforms and the extension', async () => {
    for (const route of [
      '/bex/sidebar',
      '/bex/overlay?platform=facebook',
      '/bex/offscreen',
      '/bex',
      '/ext/popup?platform=instagram',
    ]) {
      const answer = await plain.client().get(route);
      expect(answer.status).toBe(200);
      const policy = readPolicy(answer.headers);
      expect(policy.get('frame-ancestors')).toEqual(PLATFORM_ANCESTORS);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(answer.headers.get('x-frame-options')).toBeNull();
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('names the published extension alone once its id is configured', async () => {
    const policy = readPolicy((await secure.client().get('/bex/sidebar')).headers);
    expect(policy.get('frame-ancestors')).toEqual([
      ...PLATFORM_ANCESTORS.filter((source) => source !== 'chrome-extension:'),
      `chrome-extension://${EXTENSION_ID}`,
    ]);
  });

  it('does not lend that to neighbouring paths', async () => {
    for (const route of ['/bexx', '/app/bex/sidebar', '/api/v1/bex', '/ext', '/ext/popupx']) {
      const policy = readPolicy((await plain.client().get(route)).headers);
      expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    }
  });
});
