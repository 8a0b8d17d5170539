import type { QueueLease, QueueStatus, SendQueueItemResult } from '@grouptrack/domain';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_SLEEP_MS, MAX_SLEEP_MS, RETRY_MS, runProcessorRound, sleepUntil } from './processor-loop';
import type { ProcessorDeps } from './processor-loop';

const NOW = Date.parse('2026-11-24T10:00:00Z');

const STATUS: QueueStatus = {
  platform: 'facebook',
  nextAt: '2026-11-24T10:02:00Z',
  waitReason: 'gap',
  sentence: 'Next message at 10:02',
  sentToday: 1,
  dailyMax: 40,
  scheduled: 2,
  pending: 0,
  paused: null,
};

const LEASED: QueueLease = {
  status: 'leased',
  leaseId: 'lease-1',
  leaseUntil: '2026-11-24T10:02:00Z',
  checkThreadFirst: false,
  item: {
    id: 'item-1',
    GTID: 'happy-otter-1',
    contactName: 'Ana Lima',
    platform: 'facebook',
    text: 'Hi Ana',
    profile: { profileId: '100000000000001', username: null, url: null },
  },
};

function fakes(overrides: Partial<ProcessorDeps> = {}) {
  const deps = {
    platform: 'facebook' as const,
    checkExtension: vi.fn(() =>
      Promise.resolve({ ready: true, message: '', holdUntil: null as number | null }),
    ),
    lease: vi.fn(() => Promise.resolve(LEASED)),
    send: vi.fn(() =>
      Promise.resolve<SendQueueItemResult | null>({
        type: 'send_queue_item_result',
        leaseId: 'lease-1',
        outcome: 'sent',
        reason: null,
      }),
    ),
    report: vi.fn(() => Promise.resolve({ itemStatus: 'sent' as const, queue: STATUS })),
    pause: vi.fn(() => Promise.resolve({ ...STATUS, paused: { until: null, reason: 'Paused' } })),
    sleep: vi.fn(() => Promise.resolve()),
    now: () => NOW,
    onState: vi.fn(),
    onEvent: vi.fn(),
    onStatus: vi.fn(),
    readRefusal: vi.fn(() => null as string | null),
    ...overrides,
  };
  return deps;
}

const result = (outcome: SendQueueItemResult['outcome'], reason: string | null = null, holdUntil?: number) =>
  Promise.resolve<SendQueueItemResult | null>({
    type: 'send_queue_item_result',
    leaseId: 'lease-1',
    outcome,
    reason,
    ...(holdUntil !== undefined && { holdUntil }),
  });

describe('a round of the queue processor', () => {
  it('has the extension send the leased item with its lease, and reports it sent with that lease', async () => {
    const deps = fakes();
    await runProcessorRound(deps);
    expect(deps.send).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'send_queue_item',
        leaseId: 'lease-1',
        itemId: 'item-1',
        text: 'Hi Ana',
      }),
      115_000,
    );
    expect(deps.report).toHaveBeenCalledWith('item-1', { outcome: 'sent', leaseId: 'lease-1' });
    expect(deps.onStatus).toHaveBeenCalledWith(STATUS);
  });

  it.each([
    ['already-sent', null, { outcome: 'already-sent', leaseId: 'lease-1' }],
    ['failed', 'No message box', { outcome: 'failed', leaseId: 'lease-1', reason: 'No message box' }],
    ['blocked', 'Blocked', { outcome: 'blocked', leaseId: 'lease-1', reason: 'Blocked' }],
  ] as const)('reports %s with the lease', async (outcome, reason, report) => {
    const deps = fakes({ send: vi.fn(() => result(outcome, reason)) });
    await runProcessorRound(deps);
    expect(deps.report).toHaveBeenCalledWith('item-1', report);
  });

  it('sends nothing while wait_a_bit holds the extension', async () => {
    const deps = fakes({
      checkExtension: vi.fn(() => Promise.resolve({ ready: true, message: '', holdUntil: NOW + 30_000 })),
    });
    await runProcessorRound(deps);
    expect(deps.lease).not.toHaveBeenCalled();
    expect(deps.sleep).toHaveBeenCalledWith(30_000);
    expect(deps.onState).toHaveBeenCalledWith({ phase: 'held', until: NOW + 30_000 });
  });

  it('leases nothing without the extension', async () => {
    const deps = fakes({
      checkExtension: vi.fn(() =>
        Promise.resolve({ ready: false, message: 'Not installed', holdUntil: null }),
      ),
    });
    await runProcessorRound(deps);
    expect(deps.lease).not.toHaveBeenCalled();
    expect(deps.sleep).toHaveBeenCalledWith(RETRY_MS);
  });

  it('waits for the moment the server names, no longer than a minute at a time', async () => {
    const deps = fakes({
      lease: vi.fn(() =>
        Promise.resolve<QueueLease>({
          status: 'waiting',
          until: '2026-11-24T10:00:20Z',
          reason: 'gap',
          sentence: 'Next message at 10:00',
        }),
      ),
    });
    await runProcessorRound(deps);
    expect(deps.send).not.toHaveBeenCalled();
    expect(deps.sleep).toHaveBeenCalledWith(20_000);
    expect(deps.onState).toHaveBeenCalledWith({
      phase: 'waiting',
      until: '2026-11-24T10:00:20Z',
      sentence: 'Next message at 10:00',
      isPaused: false,
    });
  });

  it('looks again later when the queue is empty', async () => {
    const deps = fakes({
      lease: vi.fn(() => Promise.resolve<QueueLease>({ status: 'empty', sentence: 'Nothing queued' })),
    });
    await runProcessorRound(deps);
    expect(deps.sleep).toHaveBeenCalledWith(EMPTY_SLEEP_MS);
  });

  it('shows the server’s refusal (the plan) and reports nothing', async () => {
    const deps = fakes({
      lease: vi.fn(() => Promise.reject(new Error('402'))),
      readRefusal: vi.fn(() => 'The queue processor needs the Pro plan'),
    });
    await runProcessorRound(deps);
    expect(deps.onState).toHaveBeenCalledWith({
      phase: 'refused',
      message: 'The queue processor needs the Pro plan',
    });
    expect(deps.sleep).toHaveBeenCalledWith(MAX_SLEEP_MS);
  });

  it('reports nothing when the extension did not answer: the lease runs out and the item is checked first', async () => {
    const deps = fakes({ send: vi.fn(() => Promise.resolve(null)) });
    await runProcessorRound(deps);
    expect(deps.report).not.toHaveBeenCalled();
  });

  it('hands a send the extension did not start back to the queue, and waits out its hold', async () => {
    const deps = fakes({ send: vi.fn(() => result('not-sent', 'Held', NOW + 45_000)) });
    await runProcessorRound(deps);
    expect(deps.report).toHaveBeenCalledWith('item-1', { outcome: 'not-sent', leaseId: 'lease-1' });
    expect(deps.sleep).toHaveBeenCalledWith(45_000);
  });

  it('hands the message back and pauses the queue when the user is not signed in to the platform', async () => {
    const deps = fakes({ send: vi.fn(() => result('not-logged-in', 'You are not signed in to Facebook')) });
    await runProcessorRound(deps);
    expect(deps.report).toHaveBeenCalledWith('item-1', { outcome: 'not-sent', leaseId: 'lease-1' });
    expect(deps.pause).toHaveBeenCalledOnce();
  });

  it('leaves a lost lease to the tab that holds it now', async () => {
    const deps = fakes({ report: vi.fn(() => Promise.resolve('lease-lost' as const)) });
    await runProcessorRound(deps);
    expect(deps.onStatus).not.toHaveBeenCalled();
  });
});

describe('sleepUntil', () => {
  it.each([
    { name: 'sleeps until the moment', until: '2026-11-24T10:00:30Z', expected: 30_000 },
    { name: 'sleeps at least a second for a moment passed', until: '2026-11-24T09:00:00Z', expected: 1000 },
    { name: 'sleeps at most a minute', until: '2026-11-24T12:00:00Z', expected: MAX_SLEEP_MS },
    { name: 'sleeps a minute when no moment is known', until: null, expected: MAX_SLEEP_MS },
  ])('$name', ({ until, expected }) => {
    expect(sleepUntil(until, NOW)).toBe(expected);
  });
});
