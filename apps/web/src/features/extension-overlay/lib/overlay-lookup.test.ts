import type { KnownPeopleQuery, OverlayBadge, OverlayLookupRequest } from '@grouptrack/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerOverlayLookup, buildKnownPeopleQuery } from './overlay-lookup';

const request = (people: OverlayLookupRequest['people']): OverlayLookupRequest => ({
  type: 'gt_overlay_lookup',
  id: 'lookup-1',
  platform: 'facebook',
  people,
});

const badge: OverlayBadge = {
  key: 'row-1',
  GTID: 'c1',
  name: 'Ines Insta',
  stageName: 'Talking',
  color: '#1C7EBB',
  fontColor: '#FFFFFF',
  pipelineName: 'Leads',
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('buildKnownPeopleQuery', () => {
  it.each([
    {
      name: 'keeps a person named by profile id or username, trimmed',
      people: [
        { key: 'a', profileId: ' 100 ', username: null },
        { key: 'b', profileId: null, username: 'ines.insta' },
      ],
      expected: [
        { key: 'a', profileId: '100', username: null },
        { key: 'b', profileId: null, username: 'ines.insta' },
      ],
    },
    {
      name: 'leaves out a person the server could not match',
      people: [
        { key: 'a', profileId: '  ', username: '' },
        { key: 'b', profileId: null, username: null },
        { key: 'c', profileId: '1', username: null },
      ],
      expected: [{ key: 'c', profileId: '1', username: null }],
    },
    {
      name: 'drops a handle longer than any the server keeps, but keeps the other',
      people: [{ key: 'a', profileId: 'x'.repeat(201), username: 'ines' }],
      expected: [{ key: 'a', profileId: null, username: 'ines' }],
    },
    {
      name: 'leaves out a row whose key the server would refuse, so the page keeps its other badges',
      people: [
        { key: '', profileId: '1', username: null },
        { key: 'k'.repeat(201), profileId: '2', username: null },
        { key: 'ok', profileId: '3', username: null },
      ],
      expected: [{ key: 'ok', profileId: '3', username: null }],
    },
  ])('$name', ({ people, expected }) => {
    expect(buildKnownPeopleQuery(request(people))).toEqual({ platform: 'facebook', people: expected });
  });

  it('asks nothing when no one is left', () => {
    expect(buildKnownPeopleQuery(request([]))).toBeNull();
    expect(buildKnownPeopleQuery(request([{ key: 'a', profileId: null, username: ' ' }]))).toBeNull();
  });
});

describe('answerOverlayLookup', () => {
  it('answers the badges under the request id', async () => {
    const lookUp = vi.fn((query: KnownPeopleQuery) => {
      expect(query.people).toHaveLength(1);
      return Promise.resolve({ badges: [badge] });
    });
    const result = await answerOverlayLookup(
      request([{ key: 'row-1', profileId: '1', username: null }]),
      lookUp,
    );
    expect(result).toEqual({ type: 'gt_overlay_result', id: 'lookup-1', badges: [badge] });
  });

  it('answers no badges without a call when there is no one to ask about', async () => {
    const lookUp = vi.fn(() => Promise.resolve({ badges: [badge] }));
    const result = await answerOverlayLookup(request([]), lookUp);
    expect(result.badges).toEqual([]);
    expect(lookUp).not.toHaveBeenCalled();
  });

  it('answers no badges, and logs why, when the look-up fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failure = new Error('The GroupTrack extension did not answer.');
    const result = await answerOverlayLookup(
      request([{ key: 'row-1', profileId: '1', username: null }]),
      () => Promise.reject(failure),
    );
    expect(result).toEqual({ type: 'gt_overlay_result', id: 'lookup-1', badges: [] });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('look-up'), failure);
  });
});
