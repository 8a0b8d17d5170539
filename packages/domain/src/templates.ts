/**
 * Message templates: text with fields in braces, such as {firstName}. Rendering is one pure
 * function that the queue, the extension and the AI features share.
 */

/** Fields every template may use; a team's custom fields come on top. */
export const TEMPLATE_FIELDS = ['firstName', 'lastName', 'name', 'pipeline', 'stage'] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];

const FIELD = /\{\s*([A-Za-z][\w.-]*)\s*\}/g;

/** The field names a template uses, in order of first use. */
export function listTemplateFields(text: string): string[] {
  return [...new Set([...text.matchAll(FIELD)].map((match) => match[1]!))];
}

/** Fields a template uses that are neither built in nor among the team's custom fields. */
export function findUnknownTemplateFields(text: string, customFields: readonly string[] = []): string[] {
  const known = new Set<string>([...TEMPLATE_FIELDS, ...customFields]);
  return listTemplateFields(text).filter((field) => !known.has(field));
}

/**
 * Fills a template. A field without a value renders as nothing, and the gap it leaves (a double
 * space, a space before punctuation) is closed, so "Hi {firstName}!" never reads "Hi !".
 */
export function renderTemplate(
  text: string,
  values: Readonly<Record<string, string | null | undefined>>,
): string {
  const filled = text.replace(FIELD, (_whole, field: string) => values[field]?.trim() ?? '');
  return filled
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/[ \t]+([,.!?;:])/g, '$1')
    .replace(/^[ \t]+|[ \t]+$/gm, '');
}
