import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pickProcessPort } from '../../testing/process-port';

const dataDir = mkdtempSync(path.join(tmpdir(), 'grouptrack-origin-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * better-auth turns its origin check off under test (NODE_ENV=test), so this runs the server as
 * `PORT=<port> npm start` does, with no APP_URL, as a browser would reach it.
 */
function startProcess(port: number) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    TEAM_SHARD_URLS: '',
    APP_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  };
  delete env.NODE_ENV;
  delete env.TEST;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, '../../main.ts')],
    {
      env,
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('sign-up and sign-in from a browser, on a port of your choosing', () => {
  it('serves at http://localhost:<PORT>, accepts that origin and refuses another site', async () => {
    const port = pickProcessPort();
    const server = startProcess(port);
    try {
      await expect
        .poll(() => server.output(), { timeout: 60_000, interval: 200 })
        .toContain(`GroupTrack is running at http://localhost:${port}`);
      const post = (route: string, body: unknown, origin: string) =>
        fetch(`http://127.0.0.1:${port}${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin },
          body: JSON.stringify(body),
        });
      const account = {
        name: 'Pat Port',
        email: 'pat@example.test',
        password: 'a-long-password',
        teamName: 'Port Club',
      };

      const foreignSignUp = await post('/api/auth/sign-up/email', account, 'https://evil.example');
      expect(foreignSignUp.status).toBe(403);
      const signUp = await post('/api/auth/sign-up/email', account, `http://localhost:${port}`);
      expect(signUp.status).toBe(200);

      const credentials = { email: account.email, password: account.password };
      const foreignSignIn = await post('/api/auth/sign-in/email', credentials, 'https://evil.example');
      expect(foreignSignIn.status).toBe(403);
      const signIn = await post('/api/auth/sign-in/email', credentials, `http://127.0.0.1:${port}`);
      expect(signIn.status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  }, 120_000);
});
