import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useServerProcesses } from './testing/crash-processes';

const { startProcess, startedWith, signIn, onCleanup } = useServerProcesses();

/** A receiver that holds its first request unanswered, as a call cut by a crash never gets its answer. */
async function startHoldingReceiver() {
  const received: { id: string; answered: boolean }[] = [];
  const held: ServerResponse[] = [];
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const id = String(request.headers['webhook-id']);
      if (received.length === 0) {
        received.push({ id, answered: false });
        held.push(response);
        return;
      }
      received.push({ id, answered: true });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onCleanup(
    () =>
      new Promise<void>((resolve) => {
        for (const response of held) response.destroy();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received };
}

describe('the server killed while a webhook is on its way', () => {
  it('sends that delivery again after the restart, with the same webhook-id, and it is delivered once', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'grouptrack-sync-crash-'));
    onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
    const receiver = await startHoldingReceiver();
    const first = await startedWith(startProcess({ DATA_DIR: dataDir }), 'Demo sign-in');
    let owner = await signIn();
    const teamUID = (await owner.me()).teamUID as string;
    const base = `/api/v1/teams/${teamUID}`;
    const pipelines = (await owner.get(`${base}/pipelines`)).body.data.pipelines as { groupUID: string }[];
    const added = await owner.post(`${base}/connections`, {
      type: 'webhooks',
      name: 'Crash receiver',
      settings: { url: receiver.url },
    });
    expect(added.status).toBe(201);
    const connectionUID = added.body.data.connection.connectionUID as string;
    const linked = await owner.put(
      `${base}/connections/${connectionUID}/pipelines/${pipelines[0]!.groupUID}`,
      {},
    );
    expect(linked.status).toBe(204);
    const captured = await owner.post(`${base}/contacts`, {
      firstName: 'Kit',
      lastName: 'Crash',
      name: 'Kit Crash',
      sources: [{ platform: 'facebook', username: 'kit.crash' }],
      pipeline: { pipelineId: pipelines[0]!.groupUID },
    });
    expect(captured.status).toBe(201);

    // The webhook reached the receiver, which has not answered: the server dies mid-call.
    await expect.poll(() => receiver.received.length, { timeout: 30_000, interval: 100 }).toBe(1);
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');

    const second = await startedWith(startProcess({ DATA_DIR: dataDir }), 'GroupTrack is running');
    await expect.poll(() => receiver.received.length, { timeout: 30_000, interval: 100 }).toBe(2);
    // Handed back on start, not left to its lease: no other process can be making that call.
    await expect
      .poll(() => second.output(), { timeout: 10_000 })
      .toContain('sync deliveries cut by the last stop will be tried again');
    const [cut, again] = receiver.received;
    expect(again).toEqual({ id: cut!.id, answered: true });
    owner = await signIn();
    await expect
      .poll(async () => {
        const log = await owner.get(`${base}/connections/${connectionUID}/deliveries`);
        return (log.body.data.deliveries as { id: string; status: string; attempts: number }[]).map(
          ({ id, status, attempts }) => ({ id, status, attempts }),
        );
      })
      .toEqual([{ id: cut!.id, status: 'delivered', attempts: 2 }]);
  }, 300_000);
});
