import { BASE_DATA_POLL } from './constants';

/** How much of the team's base data has loaded, in order (SPEC §4). */
export const BASE_DATA_LEVELS = ['none', 'min', 'full'] as const;

/** One base-data level: none, min (user, subscription and members) or full (all team lists). */
export type BaseDataLevel = (typeof BASE_DATA_LEVELS)[number];

/** Where loading is heading: still loading, ready to show, or giving up and signing out. */
export type BaseDataOutcome = 'loading' | 'ready' | 'signed-out';

/** State of the base-data loader. */
export interface BaseDataState {
  level: BaseDataLevel;
  polls: number;
  outcome: BaseDataOutcome;
}

/** Something that happened while loading base data. */
export type BaseDataEvent =
  { type: 'min-loaded' } | { type: 'full-loaded' } | { type: 'poll' } | { type: 'user-missing' };

/** State before anything has loaded. */
export const INITIAL_BASE_DATA: BaseDataState = { level: 'none', polls: 0, outcome: 'loading' };

/** Advances the base-data state by one event; levels never go backwards and signed-out is final. */
export function advanceBaseData(state: BaseDataState, event: BaseDataEvent): BaseDataState {
  if (state.outcome === 'signed-out') {
    return state;
  }
  switch (event.type) {
    case 'min-loaded':
      return { ...state, level: pickHigherLevel(state.level, 'min'), outcome: 'ready' };
    case 'full-loaded':
      return { ...state, level: 'full', outcome: 'ready' };
    case 'poll': {
      if (state.level !== 'none') {
        return state;
      }
      const polls = state.polls + 1;
      return { ...state, polls, outcome: polls >= BASE_DATA_POLL.tries ? 'signed-out' : 'loading' };
    }
    case 'user-missing':
      return { ...state, outcome: 'signed-out' };
  }
}

/** Checks whether at least the `needed` level has loaded and the user is still signed in. */
export function isBaseDataReady(state: BaseDataState, needed: 'min' | 'full'): boolean {
  return state.outcome !== 'signed-out' && rankLevel(state.level) >= rankLevel(needed);
}

function pickHigherLevel(a: BaseDataLevel, b: BaseDataLevel): BaseDataLevel {
  return rankLevel(a) >= rankLevel(b) ? a : b;
}

function rankLevel(level: BaseDataLevel): number {
  return BASE_DATA_LEVELS.indexOf(level);
}
