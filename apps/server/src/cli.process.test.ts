import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

describe('npm run cli -- grant-super', () => {
  it('grants the super permission to a user of the embedded database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'grouptrack-cli-'));
    const run = (...args: string[]) =>
      promisify(execFile)('npx', ['tsx', 'src/cli.ts', ...args], {
        cwd: path.resolve(import.meta.dirname, '..'),
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', TEAM_SHARD_URLS: '' },
      });
    try {
      await run('seed');
      const granted = await run('grant-super', 'demo@grouptrack.local');
      expect(granted.stdout).toContain('demo@grouptrack.local now has the super permission.');
      await expect(run('grant-super', 'nobody@example.test')).rejects.toThrow(
        /No user has the email nobody@example.test/,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
