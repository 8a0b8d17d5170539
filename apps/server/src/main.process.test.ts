import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pickProcessPort } from './testing/process-port';

const dataDir = mkdtempSync(path.join(tmpdir(), 'grouptrack-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function startProcess(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      TEAM_SHARD_URLS: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('the server process', () => {
  it('starts on the embedded database with the demo team and its 300 contacts, and stops cleanly on SIGTERM', async () => {
    const port = pickProcessPort();
    const server = startProcess(port);
    await expect.poll(() => server.output(), { timeout: 60_000, interval: 200 }).toContain('Demo sign-in');
    expect(server.output()).toContain('demo@grouptrack.local / grouptrack-demo');
    const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@grouptrack.local', password: 'grouptrack-demo' }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    const me = (await (
      await fetch(`http://127.0.0.1:${port}/api/v1/me`, { headers: { cookie } })
    ).json()) as {
      data: { teamUID: string };
    };
    const demo = await fetch(`http://127.0.0.1:${port}/search/v2`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ teamUID: me.data.teamUID }),
    });
    expect(((await demo.json()) as { data: { total: number } }).data.total).toBe(300);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    // The data folder was closed properly: a second start opens it and keeps the demo account.
    const again = startProcess(port);
    await expect
      .poll(() => again.output(), { timeout: 60_000, interval: 200 })
      .toContain('GroupTrack is running');
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 150_000);
});
