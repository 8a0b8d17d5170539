import { describe, expect, it } from 'vitest';
import { readNewPipeline } from './new-pipeline';

describe('readNewPipeline', () => {
  it('trims the name and drops blank stages', () => {
    expect(
      readNewPipeline({ nickName: ' Leads ', stageNames: ['New', ' ', ' Won '], existingNames: [] }),
    ).toEqual({
      ok: true,
      nickName: 'Leads',
      stageNames: ['New', 'Won'],
    });
  });
  it.each([
    { nickName: '', stageNames: ['New'], field: 'nickName', why: 'refuses a blank name' },
    {
      nickName: 'sales',
      stageNames: ['New'],
      field: 'nickName',
      why: 'refuses a name taken in another case',
    },
    { nickName: 'Leads', stageNames: [' '], field: 'stages', why: 'refuses a pipeline without stages' },
    { nickName: 'Leads', stageNames: ['New', 'new '], field: 'stages', why: 'refuses the same stage twice' },
  ])('$why', ({ nickName, stageNames, field }) => {
    const result = readNewPipeline({ nickName, stageNames, existingNames: ['Sales'] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors)).toContain(field);
  });
});
