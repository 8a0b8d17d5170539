/**
 * Pasted sample messages, one per block: messages are separated by a line of dashes, or by two or
 * more blank lines (a single blank line stays inside a message, as between its paragraphs).
 */
export function splitPastedMessages(pasted: string): string[] {
  return pasted
    .replace(/\r\n/g, '\n')
    .split(/\n[ \t]*-{3,}[ \t]*\n|\n(?:[ \t]*\n){2,}/)
    .map((message) => message.trim())
    .filter(Boolean);
}
