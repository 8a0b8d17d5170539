import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { clockAt, setUpQueueTeam, type QueueTeam } from '../../testing/queue-team';

// Runs in the PostgreSQL pass only (`*.postgres.test.ts`): three processors race for real only on a
// database with connections of their own; the embedded one runs every statement in turn.
let server: TestServer;
let queueOf: QueueTeam['queueOf'];
let itemStatuses: QueueTeam['itemStatuses'];

beforeAll(async () => {
  server = await startTestServer();
  ({ queueOf, itemStatuses } = await setUpQueueTeam(server, 'race.test'));
});
afterAll(async () => {
  await server.stop();
});

const service = () => server.server.context.messageQueue;

describe('three processors on one queue', () => {
  it('hands each of 1,000 messages out exactly once, at the set pace', { timeout: 300_000 }, async () => {
    const { actor, GTIDs } = await queueOf('Gil', 1000);
    const clock = clockAt(Date.now());
    const handed: string[] = [];
    let turns = 0;
    // Settles when the message being sent is reported: a processor told to wait for it waits for it.
    const settle = () => {
      let resolve = () => {};
      const promise = new Promise<void>((done) => (resolve = done));
      return { promise, resolve };
    };
    let reported = settle();
    const processor = async () => {
      for (;;) {
        turns += 1;
        if (turns > 20_000) throw new Error('the processors went round without end');
        const next = reported.promise;
        const answer = await service().lease(actor, 'facebook', clock);
        if (answer.status === 'empty') return;
        if (answer.status === 'leased') {
          handed.push(answer.item.id);
          const report = await service().report(
            actor,
            answer.item.id,
            { outcome: 'sent', leaseId: answer.leaseId },
            clock,
          );
          expect(report.itemStatus).toBe('sent');
          reported.resolve();
          reported = settle();
        } else if (answer.reason === 'sending') {
          await next;
        } else {
          // The processor tab would count down to the moment: the clock jumps there.
          expect(answer.until).not.toBeNull();
          clock.at = Math.max(clock.at, Date.parse(answer.until!));
        }
      }
    };
    await Promise.all([processor(), processor(), processor()]);

    expect(handed).toHaveLength(1000);
    expect(new Set(handed).size).toBe(1000);
    const rows = await itemStatuses(GTIDs);
    expect(rows.every((row) => row.status === 'sent' && Number(row.attempts) === 1)).toBe(true);
    const times = rows.map((row) => new Date(row.sentAt!).getTime());
    const gaps = times.slice(1).map((at, index) => at - times[index]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(10_000);
    const perDay = new Map<string, number>();
    for (const at of times) {
      const day = new Date(at).toISOString().slice(0, 10);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    // 500 a day: the maximum stopped the queue once, and it resumed the next day.
    expect(Math.max(...perDay.values())).toBeLessThanOrEqual(500);
    expect(perDay.size).toBeGreaterThanOrEqual(2);
  });
});
