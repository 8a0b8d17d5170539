import { describe, expect, it } from 'vitest';
import {
  CONNECTION_FIELDS,
  SUPPORTED_CHANGES,
  STAGE_MAPPED_TYPES,
  SYNC_MAX_ATTEMPTS,
  SYNC_RETRY_DELAYS_S,
  TAG_MAPPED_TYPES,
  isRetryableStatus,
  nextSyncAttemptAt,
  syncChangeOfActivity,
} from './connections';
import { INTEGRATION_TYPES, canSyncStage, canSyncTag } from './sync-rules';

const NOW = Date.UTC(2024, 5, 1, 12, 0, 0);

/** A random source that always answers the same value: 0 is the most jitter down, 1 the most up. */
const fixed = (value: number) => () => value;

describe('syncChangeOfActivity', () => {
  it.each([
    { type: 'contact', action: 'created', expected: { kind: 'info', action: 'add' } },
    { type: 'contact', action: 'merged', expected: { kind: 'info', action: 'update' } },
    { type: 'contact', action: 'deleted', expected: { kind: 'info', action: 'delete' } },
    { type: 'info', action: 'updated', expected: { kind: 'info', action: 'update' } },
    { type: 'pipeline', action: 'added', expected: { kind: 'stage', action: 'add' } },
    { type: 'pipeline', action: 'removed', expected: { kind: 'stage', action: 'delete' } },
    { type: 'stage', action: 'changed', expected: { kind: 'stage', action: 'update' } },
    { type: 'tag', action: 'added', expected: { kind: 'tag', action: 'add' } },
    { type: 'tag', action: 'removed', expected: { kind: 'tag', action: 'delete' } },
    { type: 'note', action: 'added', expected: { kind: 'note', action: 'add' } },
    { type: 'note', action: 'updated', expected: { kind: 'note', action: 'update' } },
    { type: 'note', action: 'deleted', expected: { kind: 'note', action: 'delete' } },
    { type: 'task', action: 'added', expected: { kind: 'task', action: 'add' } },
    { type: 'task', action: 'updated', expected: { kind: 'task', action: 'update' } },
    { type: 'task', action: 'completed', expected: { kind: 'task', action: 'update' } },
    { type: 'task', action: 'reopened', expected: { kind: 'task', action: 'update' } },
    { type: 'task', action: 'deleted', expected: { kind: 'task', action: 'delete' } },
  ] as const)(
    'reads a $type $action line as a $expected.kind $expected.action',
    ({ type, action, expected }) => {
      expect(syncChangeOfActivity({ type, action })).toEqual(expected);
    },
  );

  it.each([
    { type: 'message', action: 'sent' },
    { type: 'message', action: 'replied' },
    { type: 'message', action: 'failed' },
    { type: 'message', action: 'copied' },
    { type: 'status_label', action: 'set' },
    { type: 'status_label', action: 'cleared' },
    { type: 'member_request', action: 'asked' },
    { type: 'member_request', action: 'approved' },
    { type: 'member_request', action: 'declined' },
    { type: 'deal', action: 'added' },
    { type: 'deal', action: 'updated' },
    { type: 'deal', action: 'won' },
    { type: 'deal', action: 'deleted' },
    { type: 'undo', action: 'applied' },
    // Actions of a known type that no path writes are no change either.
    { type: 'contact', action: 'restored' },
    { type: 'pipeline', action: 'moved' },
    { type: 'tag', action: 'renamed' },
  ])('sends a $type $action line to no connection', (line) => {
    expect(syncChangeOfActivity(line)).toBeNull();
  });
});

describe('nextSyncAttemptAt', () => {
  const tries = SYNC_RETRY_DELAYS_S.map((delayS, index) => ({ attempt: index + 1, delayS }));

  it.each(tries)(
    'waits $delayS s after try $attempt, with no jitter at the middle',
    ({ attempt, delayS }) => {
      expect(nextSyncAttemptAt({ attempt, now: NOW, random: fixed(0.5) })).toBe(NOW + delayS * 1000);
    },
  );

  it.each(tries)('jitters the wait after try $attempt by at most 20% either way', ({ attempt, delayS }) => {
    expect(nextSyncAttemptAt({ attempt, now: NOW, random: fixed(0) })).toBe(NOW + delayS * 800);
    expect(nextSyncAttemptAt({ attempt, now: NOW, random: fixed(1) })).toBe(NOW + delayS * 1200);
  });

  it('dead-letters a delivery once its last try has failed', () => {
    expect(SYNC_MAX_ATTEMPTS).toBe(SYNC_RETRY_DELAYS_S.length + 1);
    expect(
      nextSyncAttemptAt({ attempt: SYNC_MAX_ATTEMPTS - 1, now: NOW, random: fixed(0.5) }),
    ).not.toBeNull();
    expect(nextSyncAttemptAt({ attempt: SYNC_MAX_ATTEMPTS, now: NOW, random: fixed(0.5) })).toBeNull();
  });

  it('does not add a try for a Retry-After asked on the last one', () => {
    expect(
      nextSyncAttemptAt({ attempt: SYNC_MAX_ATTEMPTS, now: NOW, retryAfterMs: 1000, random: fixed(0.5) }),
    ).toBeNull();
  });

  it.each([
    { name: 'waits as long as a Retry-After longer than the delay', retryAfterMs: 60_000, expected: 60_000 },
    { name: 'keeps the delay over a shorter Retry-After', retryAfterMs: 1000, expected: 5000 },
    { name: 'keeps the delay when no Retry-After was given', retryAfterMs: null, expected: 5000 },
  ])('$name', ({ retryAfterMs, expected }) => {
    expect(nextSyncAttemptAt({ attempt: 1, now: NOW, retryAfterMs, random: fixed(0.5) })).toBe(
      NOW + expected,
    );
  });

  it('honours a Retry-After against the most jittered delay too', () => {
    expect(nextSyncAttemptAt({ attempt: 1, now: NOW, retryAfterMs: 5500, random: fixed(1) })).toBe(
      NOW + 6000,
    );
    expect(nextSyncAttemptAt({ attempt: 1, now: NOW, retryAfterMs: 5500, random: fixed(0) })).toBe(
      NOW + 5500,
    );
  });

  it("follows an operator's schedule instead of the default one", () => {
    const schedule = [1, 30];
    const next = (attempt: number) => nextSyncAttemptAt({ attempt, now: NOW, schedule, random: fixed(0.5) });
    expect(next(1)).toBe(NOW + 1000);
    expect(next(2)).toBe(NOW + 30_000);
    expect(next(3)).toBeNull();
  });

  it('dead-letters at once under an empty schedule', () => {
    expect(nextSyncAttemptAt({ attempt: 1, now: NOW, schedule: [], random: fixed(0.5) })).toBeNull();
  });
});

describe('isRetryableStatus', () => {
  it.each([500, 502, 503, 504, 408, 429])('tries a %i again', (status) => {
    expect(isRetryableStatus(status)).toBe(true);
  });

  it.each([400, 401, 403, 404, 409, 410, 422])(
    'does not try a %i again: the system refused that very call',
    (status) => {
      expect(isRetryableStatus(status)).toBe(false);
    },
  );
});

describe('what each kind of connection receives (SPEC §5)', () => {
  const takesStages = (type: (typeof INTEGRATION_TYPES)[number]) =>
    canSyncStage(type, null) || canSyncStage(type, 'remote-stage');
  const takesTags = (type: (typeof INTEGRATION_TYPES)[number]) =>
    canSyncTag(type, null) || canSyncTag(type, 'remote-tag');

  it.each(INTEGRATION_TYPES)('offers %s only the stage changes it can take', (type) => {
    const stageActions = SUPPORTED_CHANGES[type].stage;
    if (takesStages(type)) expect(stageActions).not.toEqual([]);
    else expect(stageActions).toEqual([]);
  });

  it.each(INTEGRATION_TYPES)('offers %s tag changes, which every system can take', (type) => {
    expect(takesTags(type)).toBe(true);
    expect(SUPPORTED_CHANGES[type].tag).toEqual(expect.arrayContaining(['add', 'delete']));
  });

  it.each(INTEGRATION_TYPES)('offers %s changes to people themselves', (type) => {
    expect(SUPPORTED_CHANGES[type].info).toEqual(expect.arrayContaining(['add', 'update']));
  });

  it('maps stages for exactly the systems that take a stage only with its remote id', () => {
    const needRemoteId = INTEGRATION_TYPES.filter(
      (type) => !canSyncStage(type, null) && canSyncStage(type, 'remote-stage'),
    );
    expect([...STAGE_MAPPED_TYPES].sort()).toEqual([...needRemoteId].sort());
  });

  it('maps tags for exactly the systems that take a tag only with its remote id', () => {
    const needRemoteId = INTEGRATION_TYPES.filter(
      (type) => !canSyncTag(type, null) && canSyncTag(type, 'remote-tag'),
    );
    expect([...TAG_MAPPED_TYPES].sort()).toEqual([...needRemoteId].sort());
  });

  it.each(INTEGRATION_TYPES.filter((type) => type !== 'webhooks'))(
    'asks a %s connection for at least one secret, stored encrypted',
    (type) => {
      expect(CONNECTION_FIELDS[type].some((field) => field.secret)).toBe(true);
    },
  );

  it('asks a webhook for no secret: GroupTrack makes its signing secret', () => {
    expect(CONNECTION_FIELDS.webhooks.filter((field) => field.secret)).toEqual([]);
  });

  it.each(INTEGRATION_TYPES)('names each setting of %s once', (type) => {
    const keys = CONNECTION_FIELDS[type].map((field) => field.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
