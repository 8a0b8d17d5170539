import { LEAD_SCORE_DETAILED_ANSWER } from '@grouptrack/domain';
import type { LEAD_SCORE_WEIGHTS, RuleCondition, RuleDecision } from '@grouptrack/domain';

export type ConditionKind = RuleCondition['kind'];

/** Each kind of condition as the kind picker names it, in the order it offers them. */
export const CONDITION_KIND_LABELS: Record<ConditionKind, string> = {
  'email-given': 'Email given',
  'phone-given': 'Phone given',
  'all-answered': 'All questions answered',
  'agreed-to-rules': 'Agreed to the group rules',
  'has-photo': 'Has a profile photo',
  'answer-contains': 'An answer contains',
  'answer-lacks': 'No answer contains',
  'min-answer-length': 'Every answer at least',
  'lead-score-at-least': 'Lead score at least',
};

/** What a rule decides, in words. */
export const DECISION_LABELS: Record<RuleDecision, string> = {
  approve: 'Approve',
  decline: 'Decline',
  flag: 'Flag for review',
};

/** Each signal of the lead score, in words, beside its weight. */
export const LEAD_SCORE_SIGNAL_LABELS: Record<keyof typeof LEAD_SCORE_WEIGHTS, string> = {
  emailGiven: 'Email given',
  phoneGiven: 'Phone given',
  allAnswered: 'All questions answered',
  agreedToRules: 'Agreed to the group rules',
  hasPhoto: 'Has a profile photo',
  detailedAnswers: `Answers of ${LEAD_SCORE_DETAILED_ANSWER} characters or more on average`,
};

/** One condition of a rule in words, as its card shows it: "An answer contains: crypto, forex". */
export function describeCondition(condition: RuleCondition): string {
  switch (condition.kind) {
    case 'email-given':
    case 'phone-given':
    case 'all-answered':
    case 'agreed-to-rules':
    case 'has-photo':
      return CONDITION_KIND_LABELS[condition.kind];
    case 'answer-contains':
    case 'answer-lacks':
      return `${CONDITION_KIND_LABELS[condition.kind]}: ${condition.words.join(', ')}`;
    case 'min-answer-length':
      return `Every answer at least ${condition.characters} ${condition.characters === 1 ? 'character' : 'characters'}`;
    case 'lead-score-at-least':
      return `Lead score at least ${condition.score}`;
  }
}
