import { describe, expect, it } from 'vitest';
import { hashFnv1a32 } from './hash';

describe('hashFnv1a32', () => {
  it.each([
    { value: '', expected: 0x811c9dc5 },
    { value: 'a', expected: 0xe40c292c },
    { value: 'foobar', expected: 0xbf9cf968 },
    // UTF-8 of 'é' is C3 A9, of '€' E2 82 AC and of '😀' F0 9F 98 80.
    { value: 'é', expected: hashBytes([0xc3, 0xa9]) },
    { value: '€', expected: hashBytes([0xe2, 0x82, 0xac]) },
    { value: '😀', expected: hashBytes([0xf0, 0x9f, 0x98, 0x80]) },
  ])('matches the published FNV-1a 32-bit values over UTF-8 ($value)', ({ value, expected }) => {
    expect(hashFnv1a32(value)).toBe(expected);
  });
});

function hashBytes(bytes: number[]): number {
  let hash = 0x811c9dc5;
  for (const byte of bytes) {
    hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  }
  return hash;
}
