// An unpaired UTF-16 surrogate cannot be encoded as UTF-8: a database stores it as U+FFFD or refuses it.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Why a piece of text cannot be stored as sent, or null when it can: PostgreSQL refuses NUL in
 * text and JSON, and an unpaired surrogate is not Unicode text at all.
 */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'contains a NUL character';
  if (LONE_SURROGATE.test(text)) return 'contains an unpaired surrogate, which is not valid Unicode text';
  return null;
}
