import { memberRequestRuleSchema } from '@grouptrack/domain';
import type { MemberRequestRule, RuleCondition, RuleDecision } from '@grouptrack/domain';
import type { ConditionKind } from './describe-condition';

/** One condition row while the user edits it: its kind and the value each kind may need. */
export interface ConditionDraft {
  /** Keeps the row's identity while rows above it are removed. */
  key: string;
  kind: ConditionKind;
  /** Comma-separated, for "contains" and "lacks". */
  words: string;
  /** As the number fields give them: a number, or '' while empty. */
  characters: number | string;
  score: number | string;
}

/** What the rule form holds while the user types. */
export interface RuleFormValues {
  name: string;
  enabled: boolean;
  conditions: ConditionDraft[];
  decision: RuleDecision;
  feedback: string;
  tagIds: string[];
  stageId: string | null;
  taskTemplateId: string | null;
  messageTemplateId: string | null;
}

/** A message per wrong field: `name`, `feedback`, `conditions`, `tagIds`, or `condition:<key>` for a row. */
export type RuleFormErrors = Partial<Record<string, string>>;

const DEFAULT_CHARACTERS = 20;
const DEFAULT_SCORE = 60;

/** The error key of one condition row. */
export function conditionErrorKey(draft: Pick<ConditionDraft, 'key'>): string {
  return `condition:${draft.key}`;
}

/** A new condition row of the given kind. */
export function createConditionDraft(key: string, kind: ConditionKind = 'email-given'): ConditionDraft {
  return { key, kind, words: '', characters: DEFAULT_CHARACTERS, score: DEFAULT_SCORE };
}

/** The words of a comma-separated list, without blanks. */
export function splitWords(text: string): string[] {
  return text
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word !== '');
}

function toConditionDraft(condition: RuleCondition, key: string): ConditionDraft {
  const draft = createConditionDraft(key, condition.kind);
  switch (condition.kind) {
    case 'answer-contains':
    case 'answer-lacks':
      return { ...draft, words: condition.words.join(', ') };
    case 'min-answer-length':
      return { ...draft, characters: condition.characters };
    case 'lead-score-at-least':
      return { ...draft, score: condition.score };
    case 'email-given':
    case 'phone-given':
    case 'all-answered':
    case 'agreed-to-rules':
    case 'has-photo':
      return draft;
  }
}

/** The form's starting values: a rule's, or those of a new one (off until it is tried). */
export function toRuleFormValues(rule: MemberRequestRule | null, createKey: () => string): RuleFormValues {
  return {
    name: rule?.name ?? '',
    enabled: rule?.enabled ?? false,
    conditions: (rule?.conditions ?? []).map((condition) => toConditionDraft(condition, createKey())),
    decision: rule?.decision ?? 'approve',
    feedback: rule?.feedback ?? '',
    tagIds: rule?.tagIds ?? [],
    stageId: rule?.stageId ?? null,
    taskTemplateId: rule?.taskTemplateId ?? null,
    messageTemplateId: rule?.messageTemplateId ?? null,
  };
}

function toNumber(value: number | string): number {
  return typeof value === 'number' ? value : Number.NaN;
}

/** The condition a row stands for, as the schema will check it (only the fields of its kind). */
function toCondition(draft: ConditionDraft): unknown {
  switch (draft.kind) {
    case 'answer-contains':
    case 'answer-lacks':
      return { kind: draft.kind, words: splitWords(draft.words) };
    case 'min-answer-length':
      return { kind: draft.kind, characters: toNumber(draft.characters) };
    case 'lead-score-at-least':
      return { kind: draft.kind, score: toNumber(draft.score) };
    case 'email-given':
    case 'phone-given':
    case 'all-answered':
    case 'agreed-to-rules':
    case 'has-photo':
      return { kind: draft.kind };
  }
}

function describeConditionProblem(draft: ConditionDraft): string {
  switch (draft.kind) {
    case 'answer-contains':
    case 'answer-lacks':
      return 'Enter up to 50 words, separated by commas, each at most 100 characters';
    case 'min-answer-length':
      return 'Enter a whole number of characters from 1 to 5000';
    case 'lead-score-at-least':
      return 'Enter a whole score from 0 to 100';
    case 'email-given':
    case 'phone-given':
    case 'all-answered':
    case 'agreed-to-rules':
    case 'has-photo':
      return 'Check this condition';
  }
}

/** Checks the form with the rule's schema; answers the rule to keep, or a message per wrong field. */
export function validateRuleForm(
  values: RuleFormValues,
  id: string,
): { ok: true; rule: MemberRequestRule } | { ok: false; errors: RuleFormErrors } {
  const feedback = values.feedback.trim();
  const parsed = memberRequestRuleSchema.safeParse({
    id,
    name: values.name,
    enabled: values.enabled,
    conditions: values.conditions.map(toCondition),
    decision: values.decision,
    // Feedback goes only with a decline: a rule changed from decline to approve drops it.
    feedback: values.decision === 'decline' && feedback !== '' ? feedback : null,
    tagIds: values.tagIds,
    stageId: values.stageId,
    taskTemplateId: values.taskTemplateId,
    messageTemplateId: values.messageTemplateId,
  });
  if (parsed.success) return { ok: true, rule: parsed.data };
  const errors: RuleFormErrors = {};
  for (const issue of parsed.error.issues) {
    const [field, index] = issue.path;
    const draft = field === 'conditions' && typeof index === 'number' ? values.conditions[index] : undefined;
    if (draft) errors[conditionErrorKey(draft)] ??= describeConditionProblem(draft);
    else if (field === 'name')
      errors.name ??= values.name.trim() === '' ? 'Name the rule' : 'A name can be at most 100 characters';
    else if (field === 'conditions') errors.conditions ??= 'A rule can have at most 20 conditions';
    else if (field === 'feedback') errors.feedback ??= 'Feedback can be at most 500 characters';
    else if (field === 'tagIds') errors.tagIds ??= 'A rule can add at most 20 tags';
    else errors[String(field)] ??= issue.message;
  }
  return { ok: false, errors };
}
