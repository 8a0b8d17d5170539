import { describe, expect, it } from 'vitest';
import {
  computeUsagePercent,
  formatCount,
  formatPlanName,
  formatStatus,
  formatTierName,
  formatTrialLeft,
  pickUsageColor,
} from './format-billing';

describe('formatTrialLeft', () => {
  const now = Date.UTC(2026, 0, 1, 12);
  const day = 86_400_000;
  it.each([
    [9 * day, 'Trial: 9 days left'],
    [8 * day + 1, 'Trial: 9 days left'],
    [day, 'Trial: 1 day left'],
    [60_000, 'Trial: 1 day left'],
    [0, 'Trial ends today'],
    [-day, 'Trial ends today'],
  ])('a trial ending %i ms from now reads %s', (left, expected) => {
    expect(formatTrialLeft(now + left, now)).toBe(expected);
  });
});

describe('formatStatus', () => {
  it.each([
    ['active', 'Active'],
    ['trialing', 'Trial'],
    ['past_due', 'Past due'],
    ['canceled', 'Canceled'],
  ] as const)('labels %s as %s', (status, label) => {
    expect(formatStatus(status).label).toBe(label);
  });
});

describe('formatTierName', () => {
  it('capitalizes the tier name', () => {
    expect(formatTierName('premier')).toBe('Premier');
  });
});

describe('formatPlanName', () => {
  it.each([
    [null, 'None'],
    ['', 'None'],
    ['none', 'None'],
    ['basic', 'Basic'],
    ['pro', 'Pro'],
  ])('formats %j as %s', (plan, expected) => {
    expect(formatPlanName(plan)).toBe(expected);
  });
});

describe('usage', () => {
  it('formats counts with thousands separators', () => {
    expect(formatCount(25000)).toBe('25,000');
  });

  it.each([
    [0, 100, 0],
    [50, 100, 50],
    [150, 100, 100],
    [1, 0, 100],
  ])('%i of %i is %i percent', (used, allowed, percent) => {
    expect(computeUsagePercent(used, allowed)).toBe(percent);
  });

  it.each([
    [10, 100, 'brand'],
    [90, 100, 'orange'],
    [100, 100, 'red'],
  ])('colours %i of %i %s', (used, allowed, color) => {
    expect(pickUsageColor(used, allowed)).toBe(color);
  });
});
