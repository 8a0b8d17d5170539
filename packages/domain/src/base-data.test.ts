import { describe, expect, it } from 'vitest';
import { INITIAL_BASE_DATA, advanceBaseData, isBaseDataReady } from './base-data';
import type { BaseDataEvent, BaseDataState } from './base-data';

function replay(events: BaseDataEvent['type'][], from: BaseDataState = INITIAL_BASE_DATA): BaseDataState {
  return events.reduce((state, type) => advanceBaseData(state, { type }), from);
}

const polls = (count: number): 'poll'[] => Array.from({ length: count }, () => 'poll' as const);

describe('advanceBaseData', () => {
  it.each<{ name: string; events: BaseDataEvent['type'][]; expected: BaseDataState }>([
    {
      name: 'starts with nothing loaded',
      events: [],
      expected: { level: 'none', polls: 0, outcome: 'loading' },
    },
    {
      name: 'is ready once user, subscription and members load',
      events: ['min-loaded'],
      expected: { level: 'min', polls: 0, outcome: 'ready' },
    },
    {
      name: 'reaches full once every team list loads',
      events: ['min-loaded', 'full-loaded'],
      expected: { level: 'full', polls: 0, outcome: 'ready' },
    },
    {
      name: 'never goes back from full to min',
      events: ['full-loaded', 'min-loaded'],
      expected: { level: 'full', polls: 0, outcome: 'ready' },
    },
    {
      name: 'keeps loading through seven empty polls',
      events: polls(7),
      expected: { level: 'none', polls: 7, outcome: 'loading' },
    },
    {
      name: 'signs out after eight polls with nothing loaded',
      events: polls(8),
      expected: { level: 'none', polls: 8, outcome: 'signed-out' },
    },
    {
      name: 'stops counting polls once data has loaded',
      events: ['min-loaded', ...polls(10)],
      expected: { level: 'min', polls: 0, outcome: 'ready' },
    },
    {
      name: 'recovers when data arrives before the last poll',
      events: [...polls(7), 'min-loaded', 'poll'],
      expected: { level: 'min', polls: 7, outcome: 'ready' },
    },
    {
      name: 'signs out at once when the user record is missing',
      events: ['user-missing'],
      expected: { level: 'none', polls: 0, outcome: 'signed-out' },
    },
    {
      name: 'stays signed out whatever loads afterwards',
      events: ['user-missing', 'full-loaded', 'poll'],
      expected: { level: 'none', polls: 0, outcome: 'signed-out' },
    },
    {
      name: 'signs out a loaded user whose record disappears',
      events: ['full-loaded', 'user-missing'],
      expected: { level: 'full', polls: 0, outcome: 'signed-out' },
    },
  ])('$name', ({ events, expected }) => {
    expect(replay(events)).toEqual(expected);
  });

  it('does not change the state it is given', () => {
    const before = { ...INITIAL_BASE_DATA };
    advanceBaseData(INITIAL_BASE_DATA, { type: 'poll' });
    expect(INITIAL_BASE_DATA).toEqual(before);
  });
});

describe('isBaseDataReady', () => {
  it.each<{ events: BaseDataEvent['type'][]; needed: 'min' | 'full'; expected: boolean }>([
    { events: [], needed: 'min', expected: false },
    { events: ['min-loaded'], needed: 'min', expected: true },
    { events: ['min-loaded'], needed: 'full', expected: false },
    { events: ['full-loaded'], needed: 'full', expected: true },
    { events: ['full-loaded'], needed: 'min', expected: true },
    { events: ['full-loaded', 'user-missing'], needed: 'min', expected: false },
  ])(
    'shows a page only once the data it needs has loaded ($events, needs $needed)',
    ({ events, needed, expected }) => {
      expect(isBaseDataReady(replay(events), needed)).toBe(expected);
    },
  );
});
