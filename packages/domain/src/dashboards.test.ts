import { describe, expect, it } from 'vitest';
import {
  changeRatio,
  currentKpiRange,
  kpiBucketStart,
  kpiTimeBucket,
  listPeriodDays,
  medianFromBuckets,
  presetKpiRange,
  resolveKpiPeriod,
} from './dashboards';

describe('resolveKpiPeriod', () => {
  it('covers whole days in the time zone and compares with as many days just before', () => {
    const resolved = resolveKpiPeriod({ from: '2026-03-01', to: '2026-03-31', timeZone: 'Europe/Paris' });
    expect(resolved).toMatchObject({
      period: { from: '2026-03-01', to: '2026-03-31', days: 31 },
      previous: { from: '2026-01-29', to: '2026-02-28', days: 31 },
    });
    if (!('period' in resolved)) throw new Error('no period');
    // Paris is UTC+1 on 1 March and UTC+2 from 29 March: the range ends at 22:00 UTC.
    expect(new Date(resolved.period.start).toISOString()).toBe('2026-02-28T23:00:00.000Z');
    expect(new Date(resolved.period.end).toISOString()).toBe('2026-03-31T22:00:00.000Z');
    expect(resolved.previous.end).toBe(resolved.period.start);
  });

  it.each([
    [{ from: '2026-03-02', to: '2026-03-01', timeZone: 'UTC' }, 'Invalid range: from comes after to.'],
    [{ from: '2026-13-01', to: '2026-03-01', timeZone: 'UTC' }, 'Invalid from: use YYYY-MM-DD.'],
    [{ from: '2026-03-01', to: 'soon', timeZone: 'UTC' }, 'Invalid to: use YYYY-MM-DD.'],
    [{ from: '2024-01-01', to: '2026-03-01', timeZone: 'UTC' }, 'Invalid range: at most 366 days at a time.'],
    [
      { from: '2026-03-01', to: '2026-03-01', timeZone: 'Mars/Olympus' },
      'Invalid timeZone: Mars/Olympus is not a known time zone.',
    ],
  ])('names the problem with a bad range %#', (input, problem) => {
    expect(resolveKpiPeriod(input)).toEqual({ problem });
  });
});

describe('presetKpiRange', () => {
  const now = Date.parse('2026-11-25T02:00:00Z');
  it.each([
    ['today', 'UTC', { from: '2026-11-25', to: '2026-11-25' }],
    ['today', 'America/Los_Angeles', { from: '2026-11-24', to: '2026-11-24' }],
    ['last7', 'UTC', { from: '2026-11-19', to: '2026-11-25' }],
    ['last90', 'UTC', { from: '2026-08-28', to: '2026-11-25' }],
    ['thisMonth', 'UTC', { from: '2026-11-01', to: '2026-11-25' }],
  ] as const)('ends %s on today in the reader’s zone (%s)', (preset, zone, range) => {
    expect(presetKpiRange(preset, now, zone)).toEqual(range);
  });
});

describe('listPeriodDays', () => {
  it('lists every day across a month end', () => {
    expect(listPeriodDays({ from: '2026-02-27', days: 3 })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
  });
});

describe('time in stage buckets', () => {
  it('puts each time in the bucket that starts at or before it', () => {
    for (const seconds of [0, 5, 59, 60, 3_600, 86_400, 30 * 86_400]) {
      const bucket = kpiTimeBucket(seconds);
      expect(kpiBucketStart(bucket)).toBeLessThanOrEqual(seconds + 1e-6);
      expect(kpiBucketStart(bucket + 1)).toBeGreaterThan(seconds);
    }
  });

  it('reads the median within a bucket’s width of the true one', () => {
    const times = [3_600, 7_200, 86_400, 2 * 86_400, 10 * 86_400];
    const counts = new Map<number, number>();
    for (const time of times) counts.set(kpiTimeBucket(time), (counts.get(kpiTimeBucket(time)) ?? 0) + 1);
    const median = medianFromBuckets([...counts].map(([bucket, count]) => ({ bucket, count })));
    expect(median! / 86_400).toBeGreaterThan(0.84);
    expect(median! / 86_400).toBeLessThan(1.19);
  });

  it('has no median without times', () => {
    expect(medianFromBuckets([])).toBeNull();
    expect(medianFromBuckets([{ bucket: 3, count: 0 }])).toBeNull();
  });
});

describe('changeRatio', () => {
  it('is the change as a share of before, and null with nothing before', () => {
    expect(changeRatio(15, 10)).toBe(0.5);
    expect(changeRatio(5, 0)).toBeNull();
  });
});

describe('currentKpiRange', () => {
  // Sunday 2026-03-01 at 23:30 UTC is already Monday 2 March in Paris.
  const now = Date.parse('2026-03-01T23:30:00Z');

  it('is the reader’s day, Monday-to-Sunday week and calendar month', () => {
    expect(currentKpiRange('day', now, 'UTC')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(currentKpiRange('week', now, 'UTC')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(currentKpiRange('month', now, 'UTC')).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(currentKpiRange('week', now, 'Europe/Paris')).toEqual({ from: '2026-03-02', to: '2026-03-08' });
  });

  it('ends February on its last day, in leap years too', () => {
    const february = Date.parse('2028-02-10T12:00:00Z');
    expect(currentKpiRange('month', february, 'UTC')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    const december = Date.parse('2026-12-31T12:00:00Z');
    expect(currentKpiRange('month', december, 'UTC')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
});
