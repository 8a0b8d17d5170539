import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
let folder: string;
let zipPath: string;
beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'grouptrack-extension-zip-'));
  zipPath = path.join(folder, 'grouptrack-extension.zip');
  server = await startTestServer({ env: { EXTENSION_ZIP_PATH: zipPath } });
});
afterAll(async () => {
  await server.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe('the extension download', () => {
  it('says how to build the extension while the server has none, and offers no install page', async () => {
    const response = await fetch(`${server.url}/extension/grouptrack-extension.zip`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: {
        code: 'not-found',
        message:
          'This server has not built the browser extension yet. Run `npm run build -w apps/extension` on the server, then download it again.',
      },
    });
    const config = await server.client().get('/api/v1/app-config');
    expect(config.body.data.extensionInstallUrl).toBeNull();
  });

  it('serves the built zip to anyone, signed in or not, and points the install step at its page', async () => {
    const bytes = Buffer.from('PK\u0003\u0004 a zip of the extension');
    writeFileSync(zipPath, bytes);
    const response = await fetch(`${server.url}/extension/grouptrack-extension.zip`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="grouptrack-extension.zip"',
    );
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
    const config = await server.client().get('/api/v1/app-config');
    expect(config.body.data.extensionInstallUrl).toBe('http://localhost:3000/setup/extension');
  });

  it('keeps a configured install address over its own page', async () => {
    const other = await startTestServer({
      env: {
        EXTENSION_ZIP_PATH: zipPath,
        EXTENSION_INSTALL_URL: 'https://chromewebstore.example/grouptrack',
      },
    });
    try {
      const config = await other.client().get('/api/v1/app-config');
      expect(config.body.data.extensionInstallUrl).toBe('https://chromewebstore.example/grouptrack');
    } finally {
      await other.stop();
    }
  });
});
