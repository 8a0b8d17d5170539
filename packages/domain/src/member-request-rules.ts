import { z } from 'zod';
import type { MemberRequest } from './member-request-contracts';

// A pipeline's rules for the member requests it receives (issue: member requests, point 3): each rule
// is a list of conditions that must all hold and what to do then; the first rule that matches decides.
// Pure: the server, the dry run and the extension's review list all decide with these functions.

/** What a rule can check of a request. Keyword checks ignore case and match whole words only. */
export const ruleConditionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('email-given') }).strict(),
  z.object({ kind: z.literal('phone-given') }).strict(),
  z.object({ kind: z.literal('all-answered') }).strict(),
  z.object({ kind: z.literal('agreed-to-rules') }).strict(),
  z.object({ kind: z.literal('has-photo') }).strict(),
  z
    .object({
      kind: z.literal('answer-contains'),
      words: z.array(z.string().trim().min(1).max(100)).min(1).max(50),
    })
    .strict(),
  z
    .object({
      kind: z.literal('answer-lacks'),
      words: z.array(z.string().trim().min(1).max(100)).min(1).max(50),
    })
    .strict(),
  // Every answer at least this long: a one-word answer to a question that asks for more fails it.
  z.object({ kind: z.literal('min-answer-length'), characters: z.number().int().min(1).max(5000) }).strict(),
  z.object({ kind: z.literal('lead-score-at-least'), score: z.number().int().min(0).max(100) }).strict(),
]);
export type RuleCondition = z.infer<typeof ruleConditionSchema>;

/** What a matching rule decides: approve, decline (with optional feedback) or flag for review. */
export const RULE_DECISIONS = ['approve', 'decline', 'flag'] as const;
export type RuleDecision = (typeof RULE_DECISIONS)[number];

export const memberRequestRuleSchema = z
  .object({
    id: z.string().min(1).max(100),
    name: z.string().trim().min(1).max(100),
    /** A rule that is off is shown and dry-run, but decides nothing. */
    enabled: z.boolean(),
    conditions: z.array(ruleConditionSchema).max(20),
    decision: z.enum(RULE_DECISIONS),
    /** Said to a declined person where the platform lets one decline with feedback. */
    feedback: z.string().trim().max(500).nullable(),
    /** Tags given to the contact, and the stage they are moved to, when this rule decides. */
    tagIds: z.array(z.string().min(1).max(100)).max(20),
    stageId: z.string().min(1).max(100).nullable(),
    /** A task made from this task template for the contact, when this rule decides. */
    taskTemplateId: z.string().min(1).max(100).nullable(),
    /**
     * A message queued to the person from this message template, on the group's platform, when
     * this rule decides: a welcome to those it approves. (Rules saved before it existed have none.)
     */
    messageTemplateId: z.string().min(1).max(100).nullable().default(null),
  })
  .strict();
export type MemberRequestRule = z.infer<typeof memberRequestRuleSchema>;

/** The signals of the lead score, each with its weight in points; they add up to 100. */
export const LEAD_SCORE_WEIGHTS = {
  emailGiven: 25,
  phoneGiven: 15,
  allAnswered: 20,
  agreedToRules: 10,
  hasPhoto: 10,
  /** Answers of at least LEAD_SCORE_DETAILED_ANSWER characters on average. */
  detailedAnswers: 20,
} as const;

/** The average answer length, in characters, that counts as detailed for the lead score. */
export const LEAD_SCORE_DETAILED_ANSWER = 40;

/** A request with what the server read out of it: the email and phone its answers hold. */
export interface RequestFacts {
  request: Pick<MemberRequest, 'answers' | 'agreedToRules' | 'photoURL'>;
  emailAddress: string | null;
  phoneNumber: string | null;
}

/** Whether every question the request shows has an answer (a request that shows none has answered all). */
function isAllAnswered({ request }: RequestFacts): boolean {
  return request.answers.every((answer) => answer.answer.trim() !== '');
}

/** The lead score of a request, 0 to 100: the sum of LEAD_SCORE_WEIGHTS of the signals it shows. */
export function scoreMemberRequest(facts: RequestFacts): number {
  const { request } = facts;
  const answered = request.answers.filter((answer) => answer.answer.trim() !== '');
  const averageLength =
    answered.length === 0
      ? 0
      : answered.reduce((sum, answer) => sum + answer.answer.trim().length, 0) / answered.length;
  const signals: [keyof typeof LEAD_SCORE_WEIGHTS, boolean][] = [
    ['emailGiven', facts.emailAddress !== null],
    ['phoneGiven', facts.phoneNumber !== null],
    ['allAnswered', request.answers.length > 0 && isAllAnswered(facts)],
    ['agreedToRules', request.agreedToRules === true],
    ['hasPhoto', request.photoURL !== null],
    ['detailedAnswers', averageLength >= LEAD_SCORE_DETAILED_ANSWER],
  ];
  return signals.reduce((score, [signal, shown]) => score + (shown ? LEAD_SCORE_WEIGHTS[signal] : 0), 0);
}

/** Whether any answer holds one of the words, as a whole word and without regard to case. */
function answersContain(facts: RequestFacts, words: readonly string[]): boolean {
  const text = facts.request.answers.map((answer) => answer.answer).join('\n');
  return words.some((word) => {
    const escaped = word.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').test(text);
  });
}

/** Whether one condition holds for a request. */
export function meetsCondition(facts: RequestFacts, condition: RuleCondition): boolean {
  switch (condition.kind) {
    case 'email-given':
      return facts.emailAddress !== null;
    case 'phone-given':
      return facts.phoneNumber !== null;
    case 'all-answered':
      return isAllAnswered(facts);
    case 'agreed-to-rules':
      return facts.request.agreedToRules === true;
    case 'has-photo':
      return facts.request.photoURL !== null;
    case 'answer-contains':
      return answersContain(facts, condition.words);
    case 'answer-lacks':
      return !answersContain(facts, condition.words);
    case 'min-answer-length':
      return facts.request.answers.every((answer) => answer.answer.trim().length >= condition.characters);
    case 'lead-score-at-least':
      return scoreMemberRequest(facts) >= condition.score;
  }
}

/**
 * The rule that decides a request: the first rule, in the pipeline's order, that is on and whose
 * conditions all hold (a rule without conditions matches every request). Null when none does: the
 * request then waits for a person.
 */
export function decideMemberRequest(
  facts: RequestFacts,
  rules: readonly MemberRequestRule[],
): MemberRequestRule | null {
  return (
    rules.find(
      (rule) => rule.enabled && rule.conditions.every((condition) => meetsCondition(facts, condition)),
    ) ?? null
  );
}
