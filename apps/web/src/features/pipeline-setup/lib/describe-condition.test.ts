import type { RuleCondition } from '@grouptrack/domain';
import { describe, expect, it } from 'vitest';
import { describeCondition } from './describe-condition';

describe('describeCondition', () => {
  const cases: [string, RuleCondition, string][] = [
    ['names a signal by itself', { kind: 'email-given' }, 'Email given'],
    ['names a phone', { kind: 'phone-given' }, 'Phone given'],
    ['names answering every question', { kind: 'all-answered' }, 'All questions answered'],
    ['names agreeing to the rules', { kind: 'agreed-to-rules' }, 'Agreed to the group rules'],
    ['names a photo', { kind: 'has-photo' }, 'Has a profile photo'],
    [
      'lists the words an answer must contain, as entered',
      { kind: 'answer-contains', words: ['crypto', 'forex'] },
      'An answer contains: crypto, forex',
    ],
    [
      'lists the words no answer may contain',
      { kind: 'answer-lacks', words: ['spam'] },
      'No answer contains: spam',
    ],
    [
      'says the least length of every answer',
      { kind: 'min-answer-length', characters: 20 },
      'Every answer at least 20 characters',
    ],
    [
      'says one character in the singular',
      { kind: 'min-answer-length', characters: 1 },
      'Every answer at least 1 character',
    ],
    ['says the least lead score', { kind: 'lead-score-at-least', score: 60 }, 'Lead score at least 60'],
    ['keeps a score of 0', { kind: 'lead-score-at-least', score: 0 }, 'Lead score at least 0'],
  ];

  it.each(cases)('%s', (_property, condition, words) => {
    expect(describeCondition(condition)).toBe(words);
  });
});
