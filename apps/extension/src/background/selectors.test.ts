import { DEFAULT_SELECTOR_PACKS } from '@grouptrack/capture';
import { describe, expect, it } from 'vitest';
import { choosePacks, readServedPacks } from './selectors';

const instagram = DEFAULT_SELECTOR_PACKS.instagram;
const newer = { ...instagram, version: instagram.version + 1 };
const older = { ...instagram, version: Math.max(1, instagram.version - 1) };

describe('readServedPacks', () => {
  it('keeps each platform pack that parses, the newest of a platform', () => {
    const packs = readServedPacks({ data: { packs: [instagram, newer] } });
    expect(Object.keys(packs)).toEqual(['instagram']);
    expect(packs.instagram?.version).toBe(newer.version);
  });

  it('leaves out a pack that does not parse, and reads nothing from another shape', () => {
    expect(readServedPacks({ data: { packs: [{ platform: 'instagram', version: 'two' }] } })).toEqual({});
    expect(readServedPacks({ data: [instagram] })).toEqual({});
    expect(readServedPacks(null)).toEqual({});
  });
});

describe('choosePacks', () => {
  it('uses the bundled packs when nothing was served', () => {
    expect(choosePacks({})).toEqual(DEFAULT_SELECTOR_PACKS);
  });

  it('takes a served pack newer than the bundled one, and never an older one', () => {
    expect(choosePacks({ instagram: newer }).instagram.version).toBe(newer.version);
    expect(choosePacks({ instagram: older }).instagram).toBe(DEFAULT_SELECTOR_PACKS.instagram);
    expect(choosePacks({ instagram: newer }).facebook).toBe(DEFAULT_SELECTOR_PACKS.facebook);
  });
});
