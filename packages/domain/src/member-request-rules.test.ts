import { describe, expect, it } from 'vitest';
import type { MemberRequestRule, RequestFacts, RuleCondition } from './member-request-rules';
import {
  LEAD_SCORE_WEIGHTS,
  decideMemberRequest,
  meetsCondition,
  memberRequestRuleSchema,
  scoreMemberRequest,
} from './member-request-rules';

const DETAILED = 'I run a bakery in Lisbon and want to learn how to sell my courses online.';

function facts(overrides: Partial<RequestFacts['request']> & Partial<Omit<RequestFacts, 'request'>> = {}) {
  const { emailAddress = null, phoneNumber = null, ...request } = overrides;
  return {
    request: {
      answers: [
        { question: 'What brings you here?', answer: DETAILED },
        { question: 'Best email?', answer: 'ana.lima@example.com' },
      ],
      agreedToRules: true,
      photoURL: 'https://scontent.xx.fbcdn.net/v/ana.jpg',
      ...request,
    },
    emailAddress,
    phoneNumber,
  } satisfies RequestFacts;
}

function rule(overrides: Partial<MemberRequestRule>): MemberRequestRule {
  return memberRequestRuleSchema.parse({
    id: 'rule',
    name: 'A rule',
    enabled: true,
    conditions: [],
    decision: 'approve',
    feedback: null,
    tagIds: [],
    stageId: null,
    taskTemplateId: null,
    messageTemplateId: null,
    ...overrides,
  });
}

describe('the lead score', () => {
  it('adds up to 100 when every signal shows', () => {
    expect(Object.values(LEAD_SCORE_WEIGHTS).reduce((sum, weight) => sum + weight, 0)).toBe(100);
    expect(
      scoreMemberRequest(facts({ emailAddress: 'ana.lima@example.com', phoneNumber: '+351912345678' })),
    ).toBe(100);
  });

  it.each([
    ['no email', facts({ phoneNumber: '+351912345678' }), 75],
    ['no phone', facts({ emailAddress: 'a@example.com' }), 85],
    [
      'an unanswered question',
      facts({
        emailAddress: 'a@example.com',
        phoneNumber: '+351912345678',
        answers: [
          { question: 'Why?', answer: DETAILED },
          { question: 'Email?', answer: '' },
        ],
      }),
      80,
    ],
    [
      'not agreed to the rules',
      facts({ emailAddress: 'a@example.com', phoneNumber: '+1', agreedToRules: null }),
      90,
    ],
    ['no photo', facts({ emailAddress: 'a@example.com', phoneNumber: '+1', photoURL: null }), 90],
    [
      'short answers',
      facts({
        emailAddress: 'a@example.com',
        phoneNumber: '+1',
        answers: [{ question: 'Why?', answer: 'fun' }],
      }),
      80,
    ],
    ['no questions asked, nothing given', facts({ answers: [], agreedToRules: null, photoURL: null }), 0],
  ])('leaves out the points of a signal missing: %s', (_case, given, expected) => {
    expect(scoreMemberRequest(given)).toBe(expected);
  });
});

describe('a condition', () => {
  it.each<[string, RuleCondition, RequestFacts, boolean]>([
    ['email given', { kind: 'email-given' }, facts({ emailAddress: 'a@example.com' }), true],
    ['email given, none', { kind: 'email-given' }, facts(), false],
    ['phone given', { kind: 'phone-given' }, facts({ phoneNumber: '+351912345678' }), true],
    ['all answered', { kind: 'all-answered' }, facts(), true],
    [
      'all answered, one blank',
      { kind: 'all-answered' },
      facts({ answers: [{ question: 'Why?', answer: '  ' }] }),
      false,
    ],
    ['agreed to the rules', { kind: 'agreed-to-rules' }, facts({ agreedToRules: false }), false],
    ['has a photo', { kind: 'has-photo' }, facts({ photoURL: null }), false],
    ['contains a word, any case', { kind: 'answer-contains', words: ['LISBON'] }, facts(), true],
    ['contains only whole words', { kind: 'answer-contains', words: ['bake'] }, facts(), false],
    ['contains one of several', { kind: 'answer-contains', words: ['crypto', 'courses'] }, facts(), true],
    ['contains a phrase', { kind: 'answer-contains', words: ['sell my courses'] }, facts(), true],
    [
      'contains words with accents',
      { kind: 'answer-contains', words: ['café'] },
      facts({ answers: [{ question: 'Q', answer: 'Mon café à Lyon' }] }),
      true,
    ],
    ['lacks a word', { kind: 'answer-lacks', words: ['crypto'] }, facts(), true],
    ['lacks a word that is there', { kind: 'answer-lacks', words: ['bakery'] }, facts(), false],
    ['every answer long enough', { kind: 'min-answer-length', characters: 10 }, facts(), true],
    ['an answer too short', { kind: 'min-answer-length', characters: 30 }, facts(), false],
    ['lead score reached', { kind: 'lead-score-at-least', score: 60 }, facts(), true],
    ['lead score not reached', { kind: 'lead-score-at-least', score: 61 }, facts(), false],
  ])('%s', (_case, condition, given, expected) => {
    expect(meetsCondition(given, condition)).toBe(expected);
  });

  it('treats the words of a keyword as text, not as a pattern', () => {
    const given = facts({ answers: [{ question: 'Q', answer: 'I earn $100 (per day)' }] });
    expect(meetsCondition(given, { kind: 'answer-contains', words: ['(per day)'] })).toBe(true);
    expect(meetsCondition(given, { kind: 'answer-contains', words: ['.*'] })).toBe(false);
  });
});

describe('deciding a request', () => {
  const spam = rule({
    id: 'spam',
    decision: 'decline',
    conditions: [{ kind: 'answer-contains', words: ['crypto'] }],
  });
  const good = rule({ id: 'good', conditions: [{ kind: 'email-given' }, { kind: 'agreed-to-rules' }] });
  const rest = rule({ id: 'rest', decision: 'flag' });

  it('takes the first rule, in order, whose conditions all hold', () => {
    const cryptoWithEmail = facts({
      emailAddress: 'a@example.com',
      answers: [{ question: 'Why?', answer: 'crypto signals' }],
    });
    expect(decideMemberRequest(cryptoWithEmail, [spam, good, rest])?.id).toBe('spam');
    expect(decideMemberRequest(cryptoWithEmail, [good, spam, rest])?.id).toBe('good');
  });

  it('lets a rule without conditions match everyone, and skips a rule that is off', () => {
    expect(decideMemberRequest(facts(), [good, rest])?.id).toBe('rest');
    expect(decideMemberRequest(facts(), [good, { ...rest, enabled: false }])).toBeNull();
  });

  it('decides nothing without rules: the request waits for a person', () => {
    expect(decideMemberRequest(facts(), [])).toBeNull();
  });

  it('refuses a rule with an unknown condition or decision by the field', () => {
    const bad = memberRequestRuleSchema.safeParse({
      ...good,
      conditions: [{ kind: 'has-lots-of-friends' }],
      decision: 'ban',
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['conditions.0.kind', 'decision']);
  });
});
