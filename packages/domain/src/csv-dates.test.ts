import { describe, expect, it } from 'vitest';
import { createDateOrderDetector, parseCsvDate, type DateOrder } from './csv-dates';

describe('parseCsvDate', () => {
  it.each([
    ['2024-03-12 09:14', undefined, '2024-03-12T09:14:00.000Z'],
    ['2024-03-12 9:14:33', undefined, '2024-03-12T09:14:33.000Z'],
    ['2024-03-12', 'day-first', '2024-03-12T00:00:00.000Z'],
    ['2024-03-12T09:14:00.000+02:00', undefined, '2024-03-12T07:14:00.000Z'],
    ['03/04/2024', 'day-first', '2024-04-03T00:00:00.000Z'],
    ['03/04/2024', 'month-first', '2024-03-04T00:00:00.000Z'],
    ['31.12.2024 18:30', 'day-first', '2024-12-31T18:30:00.000Z'],
    ['12/31/24 6:30 pm', 'month-first', '2024-12-31T18:30:00.000Z'],
    ['Mar 12, 2024', undefined, expect.stringMatching(/^2024-03-1[12]T/)],
    ['31/12/2024', 'month-first', undefined],
    ['31/02/2024', 'day-first', undefined],
    ['not a date', undefined, undefined],
  ] as [string, DateOrder | undefined, unknown][])('reads %j (%s) as %j', (value, order, iso) => {
    expect(parseCsvDate(value, order)).toEqual(iso);
  });
});

describe('createDateOrderDetector', () => {
  it.each([
    [['31/12/2024', '01/02/2024'], 'day-first'],
    [['12/31/2024', '01/02/2024'], 'month-first'],
    [['01/02/2024', '03/04/2024'], 'ambiguous'],
    [['31/12/2024', '12/31/2024'], 'ambiguous'],
    [['2024-03-12', 'Ann', ''], null],
  ])('tells the order of %j: %s', (values, hint) => {
    const detector = createDateOrderDetector();
    for (const value of values) detector.push(value);
    expect(detector.result()).toBe(hint);
  });
});
