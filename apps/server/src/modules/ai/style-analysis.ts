/**
 * Reads a writing style from sample messages: how the writer greets, how long they write, their
 * punctuation, emoji, contractions and sign-off. The offline writer answers analyze-writing-style
 * with this profile and follows it when it writes (see followStyle).
 */

const GREETING = /^(hi|hey|hello|hiya|dear|yo|howdy|good (?:morning|afternoon|evening))\b/i;
const EMOJI = /\p{Extended_Pictographic}/gu;
const CONTRACTION = /\b\w+'(?:m|re|s|ve|ll|d|t)\b/gi;

function mostCommon(values: string[]): { value: string; count: number } | null {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: { value: string; count: number } | null = null;
  for (const [value, count] of counts) if (!best || count > best.count) best = { value, count };
  return best;
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The style profile of these messages, one line per trait. */
export function analyzeWritingStyle(messages: string[]): string {
  const total = messages.length;
  const lines: string[] = [];
  const of = (count: number) => `${count} of ${total} message${total === 1 ? '' : 's'}`;

  const greetings = messages.map((message) => GREETING.exec(message.trim())?.[1]).filter(Boolean) as string[];
  const greeting = mostCommon(greetings.map((each) => capitalize(each.toLowerCase())));
  lines.push(
    greeting && greeting.count * 2 >= total
      ? `Greeting: opens with "${greeting.value}" (${of(greeting.count)}).`
      : 'Greeting: usually none; goes straight to the point.',
  );

  const words = messages.reduce((sum, message) => sum + wordCount(message), 0);
  const sentences = messages.reduce(
    (sum, message) => sum + Math.max(1, message.split(/[.!?]+(?:\s|$)/).filter((part) => part.trim()).length),
    0,
  );
  const perMessage = Math.round(words / total);
  const perSentence = Math.round(words / sentences);
  const size = perMessage <= 30 ? 'short' : perMessage <= 80 ? 'medium-length' : 'long';
  lines.push(
    `Length: ${size} messages, about ${perMessage} words, in sentences of about ${perSentence} words.`,
  );

  const exclaiming = messages.filter((message) => message.includes('!')).length;
  const asking = messages.filter((message) => message.includes('?')).length;
  lines.push(`Punctuation: exclamation marks in ${of(exclaiming)}; asks a question in ${of(asking)}.`);

  const emoji = messages.flatMap((message) => message.match(EMOJI) ?? []);
  const favourite = [...new Set(emoji)].slice(0, 3).join(' ');
  lines.push(emoji.length > 0 ? `Emoji: uses them (${favourite}).` : 'Emoji: none.');

  const contractions = messages.reduce((sum, message) => sum + (message.match(CONTRACTION)?.length ?? 0), 0);
  lines.push(
    contractions >= total
      ? "Voice: casual, with contractions (I'm, you're)."
      : 'Voice: plain and tidy, few contractions.',
  );

  const lastLines = messages
    .map(
      (message) =>
        message
          .trim()
          .split(/\r?\n/)
          .filter((line) => line.trim())
          .at(-1)
          ?.trim() ?? '',
    )
    .filter((line) => line && wordCount(line) <= 4 && !/[?]$/.test(line));
  const signOff = mostCommon(lastLines);
  if (signOff && signOff.count >= 2) lines.push(`Sign-off: "${signOff.value}".`);

  return `Writing style, read from ${of(total)}:\n${lines.map((line) => `- ${line}`).join('\n')}`;
}

/** The greeting a style profile names ("Hey"), or null. */
export function greetingOf(profile: string): string | null {
  return /Greeting: opens with "([^"]+)"/.exec(profile)?.[1] ?? null;
}

/** Whether a style profile says the writer uses no exclamation marks. */
export function avoidsExclamations(profile: string): boolean {
  return /exclamation marks in 0 of/.test(profile);
}
