import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadCapturePacks } from './default-packs';

describe('npm run cli -- selectors:load', () => {
  it('publishes a newer selector pack and refuses one that is not newer or not JSON', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'grouptrack-selectors-cli-'));
    const run = (...args: string[]) =>
      promisify(execFile)('npx', ['tsx', 'src/cli.ts', ...args], {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', TEAM_SHARD_URLS: '' },
      });
    try {
      const youtube = (await loadCapturePacks()).defaults.find((pack) => pack.platform === 'youtube')!;
      const file = path.join(dataDir, 'youtube.json');
      writeFileSync(file, JSON.stringify({ ...youtube, version: youtube.version + 1 }));
      const published = await run('selectors:load', file);
      expect(published.stdout).toContain(
        `Published the youtube selector pack, version ${youtube.version + 1}: the extension gets it on its next refresh.`,
      );
      await expect(run('selectors:load', file)).rejects.toThrow(
        `The youtube pack is at version ${youtube.version + 1}: give this pack a version above ${youtube.version + 1}`,
      );
      const broken = path.join(dataDir, 'broken.json');
      writeFileSync(broken, '{"platform": "youtube",');
      await expect(run('selectors:load', broken)).rejects.toThrow(`Cannot read ${broken} as JSON`);
      await expect(run('selectors:load')).rejects.toThrow(
        'Give the path of the selector pack (a .json file).',
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
