import { normalizePhone } from './forms';

// Letters of every script: an internationalised address ("jösé@example.com") is an address too.
const EMAIL = /[\p{L}\p{M}\p{N}._%+-]+@[\p{L}\p{M}\p{N}.-]+\.[\p{L}\p{M}]{2,}/u;
// A phone number: an optional +, then 7 to 15 digits with spaces, dots, dashes or brackets between.
const PHONE = /\+?\(?\d[\d\s().-]{5,}\d/;

/** What a membership question's answer is expected to hold, as the team marked it. */
export type AnswerField = 'email' | 'phone' | 'none';

/**
 * Pulls an email address and a phone number out of membership answers (PRODUCT.md: capture member
 * requests). Answers to questions marked email or phone are read first; any other answer is a
 * fallback, since people often write their address where another question was asked.
 */
export function extractContactDetails(
  answers: readonly { question: string; answer: string }[],
  marked: readonly { text: string; answerField: AnswerField }[] = [],
): { emailAddress?: string; phoneNumber?: string } {
  const fieldOf = (question: string) =>
    marked.find((item) => item.text.trim().toLowerCase() === question.trim().toLowerCase())?.answerField ??
    'none';
  const ordered = [...answers].sort(
    (a, b) => Number(fieldOf(b.question) !== 'none') - Number(fieldOf(a.question) !== 'none'),
  );
  const result: { emailAddress?: string; phoneNumber?: string } = {};
  for (const { question, answer } of ordered) {
    const field = fieldOf(question);
    if (!result.emailAddress && field !== 'phone') {
      const email = EMAIL.exec(answer)?.[0];
      if (email) result.emailAddress = email.toLowerCase();
    }
    if (!result.phoneNumber && field !== 'email') {
      const withoutEmail = answer.replace(EMAIL, ' ');
      const phone = PHONE.exec(withoutEmail)?.[0];
      const digits = phone?.replace(/\D/g, '') ?? '';
      if (phone && digits.length >= 7 && digits.length <= 15)
        result.phoneNumber = normalizePhone(phone.trim());
    }
  }
  return result;
}
