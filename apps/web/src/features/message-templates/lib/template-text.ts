import {
  ANSWER_FIELD_PREFIX,
  TEMPLATE_FIELDS,
  TEMPLATE_FIELD_LABELS,
  buildTemplateValues,
} from '@grouptrack/domain';
import type { TemplateField } from '@grouptrack/domain';
import type { Contact } from '../../contact';
import type { Pipeline } from '../../../lib/pipelines';

/** Says which fields of a template are unknown, or null when all are known. */
export function describeUnknownFields(unknown: readonly string[]): string | null {
  if (unknown.length === 0) return null;
  const names = unknown.map((field) => `{${field}}`).join(', ');
  return unknown.length === 1
    ? `${names} is not a field. Use one of the fields above, or fix its spelling.`
    : `${names} are not fields. Use the fields above, or fix their spelling.`;
}

/** Puts a field into the text where the cursor is (replacing a selection); answers the text and where the cursor goes. */
export function insertField({
  text,
  field,
  selectionStart,
  selectionEnd,
}: {
  text: string;
  field: string;
  selectionStart: number;
  selectionEnd: number;
}): { text: string; cursor: number } {
  const token = `{${field}}`;
  return {
    text: `${text.slice(0, selectionStart)}${token}${text.slice(selectionEnd)}`,
    cursor: selectionStart + token.length,
  };
}

/** The values a preview shows when there is no contact: each field as its own name, e.g. {firstName}. */
export const FIELD_NAME_VALUES: Readonly<Record<string, string>> = Object.fromEntries(
  TEMPLATE_FIELDS.map((field) => [field, `{${field}}`]),
);

/**
 * A contact's values for the template fields, sent by `senderName`. Pipeline, stage and answers come
 * from the pipeline asked for when the contact is in it (the board's), else from the first of the
 * listed pipelines the contact is in.
 */
export function buildContactValues({
  contact,
  pipelines,
  senderName,
  pipelineId = null,
}: {
  contact: Pick<Contact, 'firstName' | 'lastName' | 'name' | 'emailAddress' | 'phoneNumber' | 'groupData'>;
  pipelines: readonly Pick<Pipeline, 'groupUID' | 'nickName' | 'stages'>[];
  senderName: string;
  pipelineId?: string | null;
}): Record<string, string | null> {
  const pipeline =
    pipelines.find((each) => each.groupUID === pipelineId && contact.groupData[each.groupUID]) ??
    pipelines.find((each) => contact.groupData[each.groupUID]);
  const data = pipeline ? contact.groupData[pipeline.groupUID] : undefined;
  return buildTemplateValues({
    contact,
    pipeline:
      pipeline && data
        ? {
            name: pipeline.nickName,
            stage: pipeline.stages.find((stage) => stage.stageUID === data.stage)?.name ?? null,
            questions: data.questions,
          }
        : null,
    senderName,
  });
}

/** The membership questions of the team's pipelines, each once, for the editor's answer fields. */
export function listQuestions(pipelines: readonly Pick<Pipeline, 'questions'>[]): string[] {
  const seen = new Map<string, string>();
  for (const question of pipelines.flatMap((pipeline) => pipeline.questions)) {
    const key = question.trim().toLowerCase();
    if (key && !seen.has(key)) seen.set(key, question.trim());
  }
  return [...seen.values()];
}

/**
 * The values to fill a template with for one person, where each field they lack shows as itself
 * ({phoneNumber}): a hole to fill before copying, not a gap no one notices.
 */
export function markMissingValues(
  values: Readonly<Record<string, string | null>>,
  missing: readonly string[],
): Record<string, string | null> {
  return { ...values, ...Object.fromEntries(missing.map((field) => [field, `{${field}}`])) };
}

/** Says which fields the text still holds for want of a value: "No phone for Ana: replace {phoneNumber}…". */
export function describeMissingFields(missing: readonly string[], personName: string): string | null {
  if (missing.length === 0) return null;
  const names = missing.map((field) =>
    field.startsWith(ANSWER_FIELD_PREFIX)
      ? `answer to "${field.slice(ANSWER_FIELD_PREFIX.length)}"`
      : (TEMPLATE_FIELD_LABELS[field as TemplateField]?.toLowerCase() ?? field),
  );
  const tokens = missing.map((field) => `{${field}}`).join(', ');
  return `No ${names.join(', ')} for ${personName}: replace ${tokens} in the text, or remove ${missing.length === 1 ? 'it' : 'them'}, before copying.`;
}
