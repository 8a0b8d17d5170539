import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';

// A built web app as `vite build` leaves it: hashed files under assets/, each with its Brotli and
// gzip copies, and unhashed files beside index.html.
const webDist = mkdtempSync(path.join(tmpdir(), 'grouptrack-web-'));
const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(path.join(webDist, 'color-scheme.js'), 'document.documentElement.dataset.scheme = "light";');
writeFileSync(path.join(webDist, 'assets', 'main-Bx12ab3D.js'), script);
writeFileSync(path.join(webDist, 'assets', 'main-Bx12ab3D.js.br'), brotliCompressSync(script));
writeFileSync(path.join(webDist, 'assets', 'main-Bx12ab3D.js.gz'), gzipSync(script));

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { WEB_DIST_DIR: webDist } });
});
afterAll(async () => {
  await server.stop();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (pathname: string, acceptEncoding: string) =>
  fetch(`${server.url}${pathname}`, { headers: { 'accept-encoding': acceptEncoding } });

describe('the web app’s files', () => {
  it('are kept a year by the browser when their name carries their content’s hash', async () => {
    const answer = await get('/assets/main-Bx12ab3D.js', 'identity');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await answer.text()).toBe(script);
  });

  it('are asked about on each visit otherwise, so a new release is seen at once', async () => {
    for (const pathname of ['/contacts/pipeline', '/color-scheme.js']) {
      const answer = await get(pathname, 'identity');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('travel compressed as the browser accepts, Brotli first, and read back the same', async () => {
    const brotli = await get('/assets/main-Bx12ab3D.js', 'gzip, deflate, br');
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await brotli.text()).toBe(script);

    const gzip = await get('/assets/main-Bx12ab3D.js', 'gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe(script);

    const plain = await get('/assets/main-Bx12ab3D.js', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
  });
});
