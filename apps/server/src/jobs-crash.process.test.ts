import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMPORT_BATCH_SIZE } from './modules/imports/imports.service';
import { uploadImport, useServerProcesses } from './testing/crash-processes';
import { openEventStream } from './testing/event-stream';

// The embedded database's case; a worker killed beside an API process on PostgreSQL is
// jobs-crash.postgres.test.ts.
const { startProcess, startedWith, signIn, onCleanup } = useServerProcesses();

describe('the embedded database killed mid-import', () => {
  it('resumes the import as soon as it starts again, importing every row once', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'grouptrack-crash-'));
    onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
    const first = await startedWith(startProcess({ DATA_DIR: dataDir }), 'Demo sign-in');
    let owner = await signIn();
    const teamUID = (await owner.me()).teamUID as string;
    const total = async () => (await owner.post('/search/v2', { teamUID })).body.data.total as number;
    const before = await total();
    const rows = 4 * IMPORT_BATCH_SIZE;
    const file = await uploadImport(owner, teamUID, rows, rows);
    const stream = await openEventStream(owner, teamUID);
    const started = await owner.post(`/api/v1/teams/${teamUID}/imports/${file.importId}/start`, {
      mapping: file.suggestedMapping,
    });
    expect(started.status).toBe(202);

    // Killed the moment a batch has saved at least a batch's worth of rows, with the next under way.
    const saved = await stream.next(
      (event) => event.entity === 'import' && Number(event.data?.processed) >= IMPORT_BATCH_SIZE,
      60_000,
    );
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    expect(saved.data).toMatchObject({ status: 'running' });
    expect(Number(saved.data!.processed)).toBeLessThan(rows);

    const second = await startedWith(startProcess({ DATA_DIR: dataDir }), 'GroupTrack is running');
    // Handed back to the queue on start, not left to its lease: no other process can be running it.
    expect(second.output()).toContain('a job cut by the last stop will be retried');
    owner = await signIn();
    const progress = async () =>
      (await owner.get(`/api/v1/teams/${teamUID}/imports/${file.importId}`)).body.data;
    const cut = await progress();
    expect(cut.status).toBe('running');
    expect(cut.processed).toBeLessThan(rows);
    await expect
      .poll(async () => (await progress()).status, { timeout: 60_000, interval: 500 })
      .toBe('completed');
    expect(await progress()).toMatchObject({
      processed: rows,
      created: rows,
      updated: 0,
      refused: 0,
      error: null,
    });
    expect(await total()).toBe(before + rows);
  }, 300_000);
});
