/**
 * Message templates: text with fields in braces, such as {firstName}. Rendering is one pure
 * function that the queue, the extension, the contact's Message dialog and task names share.
 *
 * A field may name a fallback after a bar, used when the person lacks the value:
 * "Hi {firstName|there}" reads "Hi there" for someone without a first name. A membership answer is
 * named by its question: {answer:What brings you here?}.
 */

/** Fields every template may use; a team's custom fields come on top. */
export const TEMPLATE_FIELDS = [
  'firstName',
  'lastName',
  'name',
  'emailAddress',
  'phoneNumber',
  'pipeline',
  'stage',
  'senderName',
] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];

/** How the template editor describes each built-in field. */
export const TEMPLATE_FIELD_LABELS: Readonly<Record<TemplateField, string>> = {
  firstName: 'First name',
  lastName: 'Last name',
  name: 'Full name',
  emailAddress: 'Email',
  phoneNumber: 'Phone',
  pipeline: 'Pipeline',
  stage: 'Stage',
  senderName: 'Your name',
};

/** The prefix of a membership answer's field: {answer:Question text}. */
export const ANSWER_FIELD_PREFIX = 'answer:';

/** The field that holds the answer to a membership question. */
export function answerField(question: string): string {
  return `${ANSWER_FIELD_PREFIX}${question.trim()}`;
}

// {name}, {name|fallback}, {answer:Question}, {answer:Question|fallback}.
const FIELD = /\{\s*([A-Za-z][\w.-]*)(?:\s*:\s*([^{}|]*[^{}|\s]))?\s*(?:\|([^{}]*))?\}/g;

interface FieldUse {
  field: string;
  fallback: string | null;
}

function readFieldUses(text: string): FieldUse[] {
  return [...text.matchAll(FIELD)].map((match) => ({
    field: match[2] === undefined ? match[1]! : `${match[1]!}:${match[2]}`,
    fallback: match[3] === undefined ? null : match[3].trim(),
  }));
}

/** The field names a template uses, in order of first use (an answer as "answer:Question"). */
export function listTemplateFields(text: string): string[] {
  return [...new Set(readFieldUses(text).map((use) => use.field))];
}

/** Fields a template uses that are neither built in, nor an answer, nor among the team's custom fields. */
export function findUnknownTemplateFields(text: string, customFields: readonly string[] = []): string[] {
  const known = new Set<string>([...TEMPLATE_FIELDS, ...customFields]);
  return listTemplateFields(text).filter(
    (field) => !known.has(field) && !(field.startsWith(ANSWER_FIELD_PREFIX) && field.length > 7),
  );
}

type TemplateValues = Readonly<Record<string, string | null | undefined>>;

function readValue(values: TemplateValues, field: string): string {
  const direct = values[field]?.trim();
  if (direct || !field.startsWith(ANSWER_FIELD_PREFIX)) return direct ?? '';
  // A question is matched whatever its case, as the team may retype it.
  const wanted = field.toLowerCase();
  const key = Object.keys(values).find((each) => each.toLowerCase() === wanted);
  return key === undefined ? '' : (values[key]?.trim() ?? '');
}

/**
 * The fields a template uses, without a fallback, that these values leave empty: what the person
 * lacks, to be shown before the text is sent rather than sent with a hole.
 */
export function findMissingTemplateFields(text: string, values: TemplateValues): string[] {
  const missing = readFieldUses(text)
    .filter((use) => use.fallback === null && readValue(values, use.field) === '')
    .map((use) => use.field);
  return [...new Set(missing)];
}

/**
 * Fills a template. A field without a value renders as its fallback, else as nothing, and the gap
 * it leaves (a double space, a space before punctuation) is closed, so "Hi {firstName}!" never
 * reads "Hi !".
 */
export function renderTemplate(text: string, values: TemplateValues): string {
  const filled = text.replace(FIELD, (_whole, name: string, question?: string, fallback?: string) => {
    const value = readValue(values, question === undefined ? name : `${name}:${question}`);
    return value || (fallback?.trim() ?? '');
  });
  return filled
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/[ \t]+([,.!?;:])/g, '$1')
    .replace(/^[ \t]+|[ \t]+$/gm, '');
}

/** What the template fields are filled from: the contact, where they stand, and who sends. */
export interface TemplateSource {
  contact: {
    firstName: string;
    lastName: string;
    name: string;
    emailAddress: string | null;
    phoneNumber: string | null;
  };
  /** The pipeline the text is about (its name, the contact's stage there and answers), if any. */
  pipeline: {
    name: string;
    stage: string | null;
    questions: readonly { question: string; answer: string }[];
  } | null;
  /** The signed-in member's name. */
  senderName: string;
}

/** The values of every field for one contact: what renderTemplate fills a template with. */
export function buildTemplateValues({
  contact,
  pipeline,
  senderName,
}: TemplateSource): Record<string, string | null> {
  const values: Record<string, string | null> = {
    firstName: contact.firstName,
    lastName: contact.lastName,
    // A contact known only by first and last name has an empty full name.
    name: contact.name || [contact.firstName, contact.lastName].filter(Boolean).join(' ') || null,
    emailAddress: contact.emailAddress,
    phoneNumber: contact.phoneNumber,
    pipeline: pipeline?.name ?? null,
    stage: pipeline?.stage ?? null,
    senderName,
  };
  for (const { question, answer } of pipeline?.questions ?? []) values[answerField(question)] = answer;
  return values;
}
