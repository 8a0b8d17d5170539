import { describe, expect, it } from 'vitest';
import { isSamePersonMatch, type ContactMatchReason } from './contact-create-contracts';

describe('isSamePersonMatch', () => {
  it.each<[ContactMatchReason[], boolean]>([
    [['profile'], true],
    [['email'], true],
    [['profile', 'email', 'name', 'phone'], true],
    [['name'], false],
    [['phone'], false],
    [['name', 'phone'], false],
    [[], false],
  ])('%j is the same person: %s', (matchedBy, expected) => {
    expect(isSamePersonMatch(matchedBy)).toBe(expected);
  });
});
