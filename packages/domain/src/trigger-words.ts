import { z } from 'zod';

// The Auto Responder's trigger words: a post tracker replies to a comment that holds one of them.
// Pure, so the web app (the form), the server (the check) and the extension (the match) agree.
//
// The rule, in short:
// - Case does not count, accents do: both sides are NFC-normalised and lowercased ("INFO" is "info",
//   "prix" is not "príx"). JavaScript has no full Unicode case folding, so "STRASSE" is not "straße".
// - A trigger matches whole words only: the characters on either side of it must not be letters, marks
//   or digits (`\p{L}\p{M}\p{N}`), so "info" is found in "Info please!" and "INFO." but not in
//   "information", "infos" or "in for it".
// - Scripts written without spaces between words (Chinese, Japanese, Thai, Lao, Khmer, Burmese) and
//   Korean, whose particles stick to the word ("가격이"), have no such boundary: a trigger that starts
//   (or ends) in one of them needs no boundary on that side, so "価格" is found in "この価格は?".
// - A trigger of several words ("send me") matches them separated by any run of whitespace.

/** The most trigger words a post tracker may have. */
export const TRIGGER_WORDS_MAX = 20;

/** The longest trigger word, in characters. */
export const TRIGGER_WORD_MAX_LENGTH = 50;

/** The trigger words of a post tracker: 1 to 20 words or phrases of 1 to 50 characters each. */
export const triggerWordsSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1, 'A trigger word cannot be blank')
      .max(TRIGGER_WORD_MAX_LENGTH, `A trigger word has at most ${TRIGGER_WORD_MAX_LENGTH} characters`),
  )
  .min(1, 'Add at least one trigger word')
  .max(TRIGGER_WORDS_MAX, `Use at most ${TRIGGER_WORDS_MAX} trigger words`);

const WORD_CHARACTER = String.raw`[\p{L}\p{M}\p{N}]`;
const UNSPACED_SCRIPT = String.raw`[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]`;
const STARTS_UNSPACED = new RegExp(`^${UNSPACED_SCRIPT}`, 'u');
const ENDS_UNSPACED = new RegExp(`${UNSPACED_SCRIPT}$`, 'u');

/**
 * The first of `words`, in their order and as given (trimmed), that the text holds as a whole word or
 * phrase, ignoring case; null when it holds none. Blank words are ignored.
 */
export function matchesTriggerWords(text: string, words: readonly string[]): string | null {
  const folded = fold(text);
  for (const word of words) {
    const parts = fold(word).split(/\s+/).filter(Boolean);
    if (parts.length === 0) continue;
    const body = parts.map(escapeRegExp).join(String.raw`\s+`);
    const before = STARTS_UNSPACED.test(body) ? '' : `(?<!${WORD_CHARACTER})`;
    const after = ENDS_UNSPACED.test(body) ? '' : `(?!${WORD_CHARACTER})`;
    if (new RegExp(`${before}${body}${after}`, 'u').test(folded)) return word.trim();
  }
  return null;
}

/**
 * Splits what a user typed into trigger words: separated by commas (also `，`, `、`, `،`) or new lines,
 * trimmed, inner spaces collapsed, NFC-normalised, blanks and case-insensitive repeats dropped (the
 * first spelling is kept).
 */
export function parseTriggerWords(input: string): string[] {
  const words: string[] = [];
  const seen = new Set<string>();
  for (const raw of input.split(/[,\n\r，、،]/u)) {
    const word = raw.normalize('NFC').replace(/\s+/g, ' ').trim();
    const key = fold(word);
    if (word === '' || seen.has(key)) continue;
    seen.add(key);
    words.push(word);
  }
  return words;
}

/** The form two texts are compared in: NFC, so "é" typed either way is one letter, and lowercase. */
function fold(value: string): string {
  return value.normalize('NFC').toLocaleLowerCase('und');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
