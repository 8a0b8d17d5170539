import { TEMPLATE_FIELDS } from '@grouptrack/domain';
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

/** A contact's values for the template fields; pipeline and stage come from the first of the listed pipelines the contact is in. */
export function buildContactValues({
  contact,
  pipelines,
}: {
  contact: Pick<Contact, 'firstName' | 'lastName' | 'name' | 'groupData'>;
  pipelines: readonly Pick<Pipeline, 'groupUID' | 'nickName' | 'stages'>[];
}): Record<string, string | null> {
  const pipeline = pipelines.find((each) => contact.groupData[each.groupUID]);
  const stageUID = pipeline ? contact.groupData[pipeline.groupUID]?.stage : undefined;
  return {
    firstName: contact.firstName,
    lastName: contact.lastName,
    // A contact known only by first and last name has an empty full name.
    name: contact.name || [contact.firstName, contact.lastName].filter(Boolean).join(' ') || null,
    pipeline: pipeline?.nickName ?? null,
    stage: pipeline?.stages.find((stage) => stage.stageUID === stageUID)?.name ?? null,
  };
}
