import { describe, expect, it } from 'vitest';
import { readSearchText, searchRequestSchema } from './search';

describe('searchRequestSchema', () => {
  it('fills the paging defaults of SPEC §9: from 0, size 0', () => {
    const parsed = searchRequestSchema.parse({ teamUID: 't1' });
    expect(parsed.paging).toEqual({ from: 0, size: 0 });
    expect(parsed.objectToFilter).toEqual({});
    expect(parsed.isPipelineInitial).toBe(false);
  });

  it.each([
    [{ teamUID: 't1', paging: { from: -1, size: 10 } }, 'paging'],
    [{ teamUID: 't1', sort: { field: 'password' } }, 'sort'],
    [{ teamUID: 't1', objectToFilter: { platforms: ['myspace'] } }, 'objectToFilter'],
    [{ teamUID: 't1', objectToFilter: { unknown: true } }, 'objectToFilter'],
    [{ paging: { from: 0, size: 1 } }, 'teamUID'],
  ])('refuses %j, naming %s', (body, field) => {
    const result = searchRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(field);
  });
});

describe('readSearchText', () => {
  it.each([
    ['  jane ', 'jane'],
    [{ text: ' doe' }, 'doe'],
    [{}, ''],
    [undefined, ''],
  ])('reads %j as %j', (value, expected) => {
    expect(readSearchText(value)).toBe(expected);
  });
});
