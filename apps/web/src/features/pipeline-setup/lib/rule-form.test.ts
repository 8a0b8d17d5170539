import { DEFAULT_MEMBER_REQUEST_PACING } from '@grouptrack/domain';
import { describe, expect, it } from 'vitest';
import { validatePacingForm } from './pacing-form';
import { conditionErrorKey, createConditionDraft, toRuleFormValues, validateRuleForm } from './rule-form';
import type { RuleFormValues } from './rule-form';

function buildValues(overrides: Partial<RuleFormValues> = {}): RuleFormValues {
  return { ...toRuleFormValues(null, () => 'k'), name: 'Crypto', ...overrides };
}

describe('validateRuleForm', () => {
  it('keeps the words of a comma-separated list, trimmed and without blanks', () => {
    const checked = validateRuleForm(
      buildValues({
        decision: 'decline',
        conditions: [{ ...createConditionDraft('a', 'answer-contains'), words: ' crypto, ,Forex ' }],
      }),
      'rule_1',
    );
    expect(checked).toMatchObject({
      ok: true,
      rule: { id: 'rule_1', conditions: [{ kind: 'answer-contains', words: ['crypto', 'Forex'] }] },
    });
  });

  it('keeps feedback only with a decline', () => {
    const declined = validateRuleForm(buildValues({ decision: 'decline', feedback: ' Not a fit ' }), 'r');
    const approved = validateRuleForm(buildValues({ decision: 'approve', feedback: 'Not a fit' }), 'r');
    expect(declined).toMatchObject({ ok: true, rule: { feedback: 'Not a fit' } });
    expect(approved).toMatchObject({ ok: true, rule: { feedback: null } });
  });

  const wrong: [string, Partial<RuleFormValues>, string, string][] = [
    ['asks for a name', { name: '  ' }, 'name', 'Name the rule'],
    [
      'asks for words in a contains row',
      { conditions: [createConditionDraft('w', 'answer-contains')] },
      conditionErrorKey({ key: 'w' }),
      'Enter up to 50 words, separated by commas, each at most 100 characters',
    ],
    [
      'refuses a lead score over 100',
      { conditions: [{ ...createConditionDraft('s', 'lead-score-at-least'), score: 101 }] },
      conditionErrorKey({ key: 's' }),
      'Enter a whole score from 0 to 100',
    ],
    [
      'refuses an empty length',
      { conditions: [{ ...createConditionDraft('c', 'min-answer-length'), characters: '' }] },
      conditionErrorKey({ key: 'c' }),
      'Enter a whole number of characters from 1 to 5000',
    ],
  ];
  it.each(wrong)('%s', (_property, overrides, field, message) => {
    const checked = validateRuleForm(buildValues(overrides), 'r');
    expect(checked.ok ? {} : checked.errors).toEqual({ [field]: message });
  });
});

describe('validatePacingForm', () => {
  it('accepts the default pace', () => {
    expect(validatePacingForm(DEFAULT_MEMBER_REQUEST_PACING)).toEqual({
      ok: true,
      pacing: DEFAULT_MEMBER_REQUEST_PACING,
    });
  });

  it('says so on the longest pause when it is shorter than the shortest', () => {
    const checked = validatePacingForm({
      ...DEFAULT_MEMBER_REQUEST_PACING,
      minPauseSeconds: 30,
      maxPauseSeconds: 10,
    });
    expect(checked.ok ? {} : checked.errors).toEqual({
      maxPauseSeconds: 'Make it at least the shortest pause',
    });
  });

  it('asks for a daily cap when it is empty', () => {
    const checked = validatePacingForm({ ...DEFAULT_MEMBER_REQUEST_PACING, dailyCap: '' });
    expect(checked.ok ? {} : checked.errors).toEqual({ dailyCap: 'Enter a whole number from 1 to 1000' });
  });
});
