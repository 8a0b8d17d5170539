import { expect } from 'vitest';
import type { LeadData, PipelineData, SyncChange, SyncDelivery } from './adapter';
import { AdapterError } from './adapter-error';
import { RateLimiter } from './http-client';

/** When the changes the kit builds happened, for tests that write changes of their own beside them. */
export const AT = '2024-06-01T12:00:00.000Z';

/** Ana Lima as GroupTrack sends her to a system that has not seen her yet, with `overrides` on top. */
export function makeLead(overrides: Partial<LeadData> = {}): LeadData {
  return {
    GTID: 'gt-ana',
    remoteContactID: null,
    remoteContactPipelineID: null,
    fullName: 'Ana Lima',
    firstName: 'Ana',
    lastName: 'Lima',
    emailAddress: 'ana@example.com',
    oldEmailAddress: null,
    phoneNumber: '+14155550100',
    usernames: { facebook: 'ana.lima' },
    profileID: null,
    globalTags: [],
    tags: [],
    tasks: [],
    notes: [],
    questions: [],
    deleted: false,
    ...overrides,
  };
}

/** What a test may set on a delivery from makeDelivery; `lead` goes over makeLead's fields. */
export interface DeliveryOptions {
  lead?: Partial<LeadData>;
  changes?: SyncChange[];
  pipeline?: PipelineData | null;
  id?: string;
  attempt?: number;
}

/** The first try of a delivery for makeLead's person, in no pipeline, carrying an info add unless told. */
export function makeDelivery(options: DeliveryOptions = {}): SyncDelivery {
  return {
    id: options.id ?? 'delivery-1',
    attempt: options.attempt ?? 1,
    lead: makeLead(options.lead),
    pipeline: options.pipeline ?? null,
    changes: options.changes ?? [{ kind: 'info', action: 'add', at: AT }],
  };
}

/** A change of the tag `name` (an unmapped one of the set 'Interests' unless `extra` says otherwise). */
export function tagChange(
  action: SyncChange['action'],
  name: string,
  extra: Partial<NonNullable<SyncChange['tag']>> = {},
): SyncChange {
  return { kind: 'tag', action, at: AT, tag: { name, tagSetName: 'Interests', remoteID: null, ...extra } };
}

/** The AdapterError a call fails with; the test fails when the call succeeds or fails otherwise. */
export async function failureOf(call: Promise<unknown>): Promise<AdapterError> {
  const error: unknown = await call.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(AdapterError);
  return error as AdapterError;
}

/** A rate limiter's clock that moves only when the limiter sleeps: its time and each sleep, in order. */
export interface VirtualClock {
  at: number;
  waits: number[];
}

/** A RateLimiter on a VirtualClock from `start`: a test sees how long each call would wait, at once. */
export function createVirtualLimiter(start = 0): { limiter: RateLimiter; clock: VirtualClock } {
  const clock: VirtualClock = { at: start, waits: [] };
  const limiter = new RateLimiter(
    () => clock.at,
    (ms) => {
      clock.waits.push(ms);
      clock.at += ms;
      return Promise.resolve();
    },
  );
  return { limiter, clock };
}
