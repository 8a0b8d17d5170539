import { describe, expect, it } from 'vitest';
import { readDealDraft } from './deal-form';

describe('readDealDraft', () => {
  it('upper-cases the currency and rounds to cents', () => {
    expect(readDealDraft({ name: ' Coaching ', value: 99.999, currency: 'usd', pipelineId: null })).toEqual({
      ok: true,
      values: { name: 'Coaching', value: 100, currency: 'USD', pipelineId: null },
    });
  });
  it.each([
    {
      draft: { name: '', value: 1, currency: 'USD', pipelineId: null },
      field: 'name',
      why: 'refuses a deal without a name',
    },
    {
      draft: { name: 'A', value: '', currency: 'USD', pipelineId: null },
      field: 'value',
      why: 'refuses an empty amount',
    },
    {
      draft: { name: 'A', value: -5, currency: 'USD', pipelineId: null },
      field: 'value',
      why: 'refuses a negative amount',
    },
    {
      draft: { name: 'A', value: 5, currency: 'US', pipelineId: null },
      field: 'currency',
      why: 'refuses a 2-letter currency',
    },
  ])('$why', ({ draft, field }) => {
    const result = readDealDraft(draft);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors)).toEqual([field]);
  });
});
