import { describe, expect, it } from 'vitest';
import { CONTACT_ID_ADJECTIVES, CONTACT_ID_ANIMALS } from './contact-id-words';
import {
  PUSH_ID_ALPHABET,
  createContactId,
  createPushId,
  createPushIdGenerator,
  decodePushIdTime,
  formatShardName,
  isContactId,
  isPushId,
  selectShard,
} from './ids';

const NOW = 1_700_000_000_000;

function fillWith(byte: number) {
  return (bytes: Uint8Array): Uint8Array => bytes.fill(byte);
}

describe('createPushId', () => {
  it.each([
    { prefix: '', pattern: /^[-0-9A-Za-z_]{20}$/ },
    { prefix: 'act_', pattern: /^act_[-0-9A-Za-z_]{20}$/ },
    { prefix: 'lbl_', pattern: /^lbl_[-0-9A-Za-z_]{20}$/ },
  ])('makes 20 characters after the prefix "$prefix"', ({ prefix, pattern }) => {
    expect(createPushId(prefix)).toMatch(pattern);
  });

  it.each([0, 1, NOW, 64 ** 8 - 1])('encodes its creation time so it can be read back (%s)', (now) => {
    const create = createPushIdGenerator();
    expect(decodePushIdTime(create('act_', now))).toBe(now);
  });

  it('sorts ids of the same millisecond in creation order', () => {
    const create = createPushIdGenerator();
    const ids = Array.from({ length: 500 }, () => create('', NOW));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sorts ids of later milliseconds after earlier ones', () => {
    const create = createPushIdGenerator();
    const ids = [NOW, NOW + 1, NOW + 64, NOW + 86_400_000].map((now) => create('', now));
    expect([...ids].sort()).toEqual(ids);
  });

  it('carries into the next random digit when the last one is at its maximum', () => {
    const create = createPushIdGenerator((bytes) => bytes.fill(0).fill(63, 11));
    const first = create('', NOW);
    const second = create('', NOW);
    expect(first.slice(8)).toBe('-----------z');
    expect(second.slice(8)).toBe('----------0-');
  });

  it('refuses to repeat an id when the random part has no room left in the millisecond', () => {
    const create = createPushIdGenerator(fillWith(0xff));
    expect(create('', NOW).slice(8)).toBe('zzzzzzzzzzzz');
    expect(() => create('', NOW)).toThrow(RangeError);
  });

  it('uses only the 64-character alphabet for any random byte', () => {
    const create = createPushIdGenerator(fillWith(0xc5));
    const id = create('', NOW);
    expect([...id].every((char) => PUSH_ID_ALPHABET.includes(char))).toBe(true);
  });

  it('ignores a fraction of a millisecond', () => {
    expect(decodePushIdTime(createPushIdGenerator()('', NOW + 0.7))).toBe(NOW);
  });
});

describe('isPushId and decodePushIdTime', () => {
  it.each([
    { value: '-NzYx0aB1cD2eF3gH4iJ', expected: true },
    { value: 'act_-NzYx0aB1cD2eF3gH4iJ', expected: true },
    { value: 'short', expected: false },
    { value: '-NzYx0aB1cD2eF3gH4i!', expected: false },
    { value: 42, expected: false },
  ])('recognises a push id, with or without prefix ($value)', ({ value, expected }) => {
    expect(isPushId(value)).toBe(expected);
  });

  it('refuses to decode something that is not a push id', () => {
    expect(() => decodePushIdTime('nope')).toThrow(RangeError);
  });
});

describe('createContactId', () => {
  it.each([
    { random: 0, expected: `${CONTACT_ID_ADJECTIVES[0]}-${CONTACT_ID_ANIMALS[0]}-${NOW}` },
    { random: 0.9999999, expected: `${CONTACT_ID_ADJECTIVES.at(-1)}-${CONTACT_ID_ANIMALS.at(-1)}-${NOW}` },
    { random: 1, expected: `${CONTACT_ID_ADJECTIVES.at(-1)}-${CONTACT_ID_ANIMALS.at(-1)}-${NOW}` },
  ])('joins an adjective, an animal and unix ms (random $random)', ({ random, expected }) => {
    expect(createContactId(NOW, () => random)).toBe(expected);
  });

  it('makes ids that isContactId accepts with the defaults', () => {
    expect(isContactId(createContactId())).toBe(true);
  });

  it.each([
    { name: 'adjectives', words: CONTACT_ID_ADJECTIVES },
    { name: 'animals', words: CONTACT_ID_ANIMALS },
  ])('has at least 128 distinct plain lower-case $name', ({ words }) => {
    expect(words.length).toBeGreaterThanOrEqual(128);
    expect(new Set(words).size).toBe(words.length);
    expect(words.every((word) => /^[a-z]+$/.test(word))).toBe(true);
  });

  it.each([
    { value: 'brave-otter-1700000000000', expected: true },
    { value: 'Brave-otter-1700000000000', expected: false },
    { value: 'brave-otter', expected: false },
    { value: 'brave-sea-otter-1700000000000', expected: false },
    { value: null, expected: false },
  ])('recognises the contact id shape ($value)', ({ value, expected }) => {
    expect(isContactId(value)).toBe(expected);
  });
});

describe('selectShard and formatShardName', () => {
  it.each([
    { teamUID: '', shardCount: 3, expected: 0x811c9dc5 % 3 },
    { teamUID: 'a', shardCount: 3, expected: 0xe40c292c % 3 },
    { teamUID: 'foobar', shardCount: 3, expected: 0xbf9cf968 % 3 },
    { teamUID: 'foobar', shardCount: 1, expected: 0 },
  ])(
    'picks the shard from the FNV-1a hash of the team id ($teamUID of $shardCount)',
    ({ teamUID, shardCount, expected }) => {
      expect(selectShard(teamUID, shardCount)).toBe(expected);
    },
  );

  it('always picks the same shard for the same team', () => {
    expect(selectShard('team_42', 3)).toBe(selectShard('team_42', 3));
  });

  it('spreads teams over every shard', () => {
    const shards = new Set(Array.from({ length: 300 }, (_, i) => selectShard(`team_${i}`, 3)));
    expect([...shards].sort()).toEqual([0, 1, 2]);
  });

  it.each([0, -1, 2.5, Number.NaN])(
    'refuses a shard count that is not a whole number of at least 1 (%s)',
    (count) => {
      expect(() => selectShard('team', count)).toThrow(RangeError);
    },
  );

  it.each([
    { index: 0, expected: 'S1' },
    { index: 2, expected: 'S3' },
  ])('names shard $index as $expected', ({ index, expected }) => {
    expect(formatShardName(index)).toBe(expected);
  });

  it.each([-1, 0.5])('refuses a shard index that is not a whole number of at least 0 (%s)', (index) => {
    expect(() => formatShardName(index)).toThrow(RangeError);
  });
});
