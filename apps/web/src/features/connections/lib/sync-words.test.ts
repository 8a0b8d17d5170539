import { describe, expect, it } from 'vitest';
import {
  describeAnswer,
  describeAttempts,
  describeChanges,
  describeDeliveryStatus,
  describePipelineLink,
  describeSyncState,
  summarizeTotals,
} from './sync-words';

describe('the words of the sync', () => {
  it('names each change of a delivery once, in the order they happened', () => {
    expect(
      describeChanges([
        { kind: 'stage', action: 'update' },
        { kind: 'tag', action: 'add' },
        { kind: 'stage', action: 'update' },
      ]),
    ).toBe('Stage changed, Tag added');
    expect(describeChanges([{ kind: 'info', action: 'add' }])).toBe('Contact added');
  });

  it.each([
    ['a delivery not tried yet is waiting', 'pending', 0, 'Waiting'],
    ['a waiting delivery tried before is retrying', 'pending', 2, 'Retrying'],
    ['a delivery being sent says so', 'delivering', 1, 'Sending'],
    ['a delivery sent is delivered', 'delivered', 1, 'Delivered'],
    ['a dead-lettered delivery has failed', 'failed', 3, 'Failed'],
    ['a delivery the rules left out is skipped', 'skipped', 0, 'Skipped'],
  ] as const)('%s', (_, status, attempts, label) => {
    expect(describeDeliveryStatus({ status, attempts }).label).toBe(label);
  });

  it.each([
    [0, 'Not tried yet'],
    [1, '1 try'],
    [3, '3 tries'],
  ])('counts %i tries as "%s"', (attempts, words) => {
    expect(describeAttempts(attempts)).toBe(words);
  });

  it.each([
    ['the code and the message', 500, 'the receiver is down', null, '500: the receiver is down'],
    ['the code alone', 200, null, null, '200'],
    ['why it was skipped, with no call', null, null, 'No email or phone', 'No email or phone'],
    ['nothing before the first call', null, null, null, null],
  ])('says of an answer %s', (_, responseCode, responseMessage, skipReason, expected) => {
    expect(describeAnswer({ responseCode, responseMessage, skipReason })).toBe(expected);
  });

  it('tells a contact they are synced once delivered, or known there before any delivery', () => {
    expect(describeSyncState('delivered').label).toBe('Synced');
    expect(describeSyncState(null).label).toBe('Synced');
    expect(describeSyncState('failed')).toEqual({ label: 'Failed', color: 'red' });
  });

  it('counts what is being sent among the waiting', () => {
    const totals = { pending: 2, delivering: 1, delivered: 7, failed: 1, skipped: 4, discarded: 9 };
    expect(summarizeTotals(totals).map(({ count, label }) => `${count} ${label}`)).toEqual([
      '7 delivered',
      '3 waiting',
      '1 failed',
      '4 skipped',
    ]);
  });

  it.each([
    [0, 0, 'each change at once'],
    [5, 0, 'changes within 5 minutes together'],
    [0, 1, 'each change at once, held back 1 minute'],
    [15, 60, 'changes within 15 minutes together, held back 60 minutes'],
  ])('describes a pipeline sending with period %i and delay %i', (syncPeriod, delayBy, words) => {
    expect(describePipelineLink({ syncPeriod, delayBy })).toBe(words);
  });
});
