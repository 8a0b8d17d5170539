import { describe, expect, it } from 'vitest';
import {
  dayToIso,
  hasContactFilters,
  isoToDay,
  readContactFilters,
  replaceContactFilters,
  writeContactFilters,
} from './filter-params';

describe('readContactFilters', () => {
  it.each([
    ['', { filter: {}, text: '' }],
    ['q=%20ava%20', { filter: {}, text: 'ava' }],
    ['stages=s1,s2', { filter: { stageIds: ['s1', 's2'] }, text: '' }],
    ['tags=t1,t2&tagMode=all', { filter: { tags: { ids: ['t1', 't2'], mode: 'all' } }, text: '' }],
    ['tags=t1&tagMode=weird', { filter: { tags: { ids: ['t1'], mode: 'any' } }, text: '' }],
    ['tagMode=all', { filter: {}, text: '' }],
    ['platforms=facebook,myspace', { filter: { platforms: ['facebook'] }, text: '' }],
    ['hasEmail=true&hasPhone=false', { filter: { hasEmail: true, hasPhone: false }, text: '' }],
    ['hasEmail=yes', { filter: {}, text: '' }],
    ['createdFrom=not-a-day', { filter: {}, text: '' }],
    ['score=80', { filter: { leadScoreMin: 80 }, text: '' }],
    ['score=0', { filter: { leadScoreMin: 0 }, text: '' }],
    ['score=250', { filter: { leadScoreMin: 100 }, text: '' }],
    ['score=-5', { filter: { leadScoreMin: 0 }, text: '' }],
    ['score=high', { filter: {}, text: '' }],
    ['score=7.5', { filter: {}, text: '' }],
    ['score=', { filter: {}, text: '' }],
  ])('reads %j into the search filter', (search, expected) => {
    expect(readContactFilters(new URLSearchParams(search))).toEqual(expected);
  });

  it('turns a day range into the whole of both local days', () => {
    const { filter } = readContactFilters(new URLSearchParams('createdFrom=2026-01-02&createdTo=2026-01-03'));
    expect(filter.createdFrom).toBe(new Date(2026, 0, 2).toISOString());
    expect(filter.createdTo).toBe(new Date(2026, 0, 3, 23, 59, 59, 999).toISOString());
  });
});

describe('writeContactFilters', () => {
  it('keeps params the filters do not own, and clears a filter set to undefined or empty', () => {
    const params = writeContactFilters(new URLSearchParams('view=x&stages=s1&q=old'), {
      stageIds: [],
      text: undefined,
      platforms: ['tiktok'],
      tags: { ids: ['t1'], mode: 'all' },
      hasPhone: true,
    });
    expect(params.toString()).toBe('view=x&tags=t1&tagMode=all&platforms=tiktok&hasPhone=true');
  });

  it('round-trips every filter through the URL', () => {
    const value = {
      text: 'mia',
      filter: {
        stageIds: ['s1'],
        tags: { ids: ['a', 'b'], mode: 'any' as const },
        platforms: ['facebook' as const, 'skool' as const],
        createdFrom: dayToIso('2026-03-01', 'start')!,
        updatedTo: dayToIso('2026-03-04', 'end')!,
        hasEmail: true,
        hasPhone: false,
        leadScoreMin: 60,
      },
    };
    expect(readContactFilters(replaceContactFilters(new URLSearchParams('q=x&stages=z'), value))).toEqual(
      value,
    );
  });
});

describe('helpers', () => {
  it('maps an ISO instant back to its local day', () => {
    expect(isoToDay(new Date(2026, 4, 9, 13).toISOString())).toBe('2026-05-09');
    expect(isoToDay('nope')).toBeUndefined();
  });

  it('says whether any filter is set', () => {
    expect(hasContactFilters({ filter: {}, text: '' })).toBe(false);
    expect(hasContactFilters({ filter: { hasEmail: true }, text: '' })).toBe(true);
    expect(hasContactFilters({ filter: {}, text: 'a' })).toBe(true);
  });
});
