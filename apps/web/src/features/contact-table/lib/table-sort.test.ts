import { describe, expect, it } from 'vitest';
import { DEFAULT_TABLE_SORT, readTableSort, toggleColumnSort, writeTableSort } from './table-sort';

describe('table sort in the address', () => {
  it('reads the newest first when the address names no sort, or an unknown one', () => {
    expect(readTableSort(new URLSearchParams(''))).toEqual(DEFAULT_TABLE_SORT);
    expect(readTableSort(new URLSearchParams('sort=shoeSize&order=asc'))).toEqual(DEFAULT_TABLE_SORT);
  });

  it('reads a field with its order, and the natural order when the order is missing or odd', () => {
    expect(readTableSort(new URLSearchParams('sort=name&order=desc'))).toEqual({
      field: 'name',
      order: 'desc',
    });
    expect(readTableSort(new URLSearchParams('sort=name&order=up'))).toEqual({ field: 'name', order: 'asc' });
    expect(readTableSort(new URLSearchParams('sort=updatedAt'))).toEqual({
      field: 'updatedAt',
      order: 'desc',
    });
  });

  it('writes the sort beside the filters and leaves the default out', () => {
    const sorted = writeTableSort(new URLSearchParams('q=ava&tags=t1'), { field: 'name', order: 'asc' });
    expect(sorted.toString()).toBe('q=ava&tags=t1&sort=name&order=asc');
    expect(writeTableSort(sorted, DEFAULT_TABLE_SORT).toString()).toBe('q=ava&tags=t1');
  });

  it('reads back what it wrote', () => {
    const sort = { field: 'emailAddress', order: 'desc' } as const;
    expect(readTableSort(writeTableSort(new URLSearchParams(), sort))).toEqual(sort);
  });
});

describe('toggleColumnSort', () => {
  it('flips the order of the column already sorted', () => {
    expect(toggleColumnSort({ field: 'name', order: 'asc' }, 'name')).toEqual({
      field: 'name',
      order: 'desc',
    });
    expect(toggleColumnSort({ field: 'name', order: 'desc' }, 'name')).toEqual({
      field: 'name',
      order: 'asc',
    });
  });

  it('starts another column at its natural order', () => {
    expect(toggleColumnSort({ field: 'name', order: 'desc' }, 'emailAddress')).toEqual({
      field: 'emailAddress',
      order: 'asc',
    });
    expect(toggleColumnSort({ field: 'name', order: 'asc' }, 'createdAt')).toEqual({
      field: 'createdAt',
      order: 'desc',
    });
  });
});
