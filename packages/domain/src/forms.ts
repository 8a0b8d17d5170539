import { z } from 'zod';
import { isHexColor } from './colors';

/** Longest person name a form accepts (PRODUCT.md). */
export const NAME_MAX_LENGTH = 100;

/** Shortest password a form accepts. */
export const PASSWORD_MIN_LENGTH = 8;

/** Longest password a form accepts. */
export const PASSWORD_MAX_LENGTH = 128;

/** Longest email address, as RFC 5321 allows. */
export const EMAIL_MAX_LENGTH = 254;

const E164_MIN_DIGITS = 8;
const E164_MAX_DIGITS = 15;

/** A person's name: trimmed, 1 to 100 characters. */
export const personNameSchema = z
  .string()
  .trim()
  .min(1, { error: `Enter a name (1 to ${NAME_MAX_LENGTH} characters).` })
  .max(NAME_MAX_LENGTH, { error: `A name can be at most ${NAME_MAX_LENGTH} characters.` });

/**
 * An address as zod's email check reads it, with letters and digits of every script: internationalised
 * addresses (RFC 6531, "jösé@example.com", "用户@例子.广告") are valid addresses. The top-level domain is
 * letters, or its ASCII form ("xn--…").
 */
const EMAIL_PATTERN =
  /^(?:[\p{L}\p{M}\p{N}_'+-]+\.)*[\p{L}\p{M}\p{N}_'+-]*[\p{L}\p{M}\p{N}_+-]@(?:[\p{L}\p{N}][\p{L}\p{M}\p{N}-]*\.)+(?:[\p{L}\p{M}]{2,}|xn--[a-z0-9-]+)$/u;

/** An email address: trimmed, lower-cased and valid. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, { error: `An email address can be at most ${EMAIL_MAX_LENGTH} characters.` })
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: 'Enter a valid email address.' }));

/** A password: 8 to 128 characters, kept exactly as typed. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: `A password needs at least ${PASSWORD_MIN_LENGTH} characters.` })
  .max(PASSWORD_MAX_LENGTH, { error: `A password can be at most ${PASSWORD_MAX_LENGTH} characters.` });

/** A phone number, normalised with normalizePhone. */
export const phoneSchema = z
  .string()
  .max(40, { error: 'A phone number can be at most 40 characters.' })
  .transform((value) => normalizePhone(value));

/** A mobile number for text messages: normalised, and with its country code (E.164). */
export const mobileNumberSchema = phoneSchema.refine((value) => /^\+[1-9]\d{6,14}$/.test(value), {
  error: 'Enter the mobile number with its country code, like +15551234567.',
});

/** Longest web address a form accepts. */
export const WEB_ADDRESS_MAX_LENGTH = 2048;

/**
 * A web address (a photo, a profile, a post, a link): http or https only, since every viewer's
 * browser opens or loads it, and a javascript: or data: address would run there.
 */
export const webAddressSchema = z
  .url({ protocol: /^https?$/, error: 'Enter a web address that starts with http:// or https://.' })
  .max(WEB_ADDRESS_MAX_LENGTH, {
    error: `A web address can be at most ${WEB_ADDRESS_MAX_LENGTH} characters.`,
  });

/** Whether a value is a web address webAddressSchema accepts. */
export function isWebAddress(value: string): boolean {
  return webAddressSchema.safeParse(value).success;
}

/** A hex colour (#rgb, #rgba, #rrggbb or #rrggbbaa), trimmed and given its '#'. */
export const hexColorSchema = z
  .string()
  .trim()
  .refine(isHexColor, { error: 'Enter a hex colour like #1C7EBB.' })
  .transform((value) => (value.startsWith('#') ? value : `#${value}`));

/** Normalises a phone number to E.164 when its country can be inferred; otherwise returns it trimmed as typed. */
export function normalizePhone(value: string): string {
  const typed = value.trim();
  // Letters or other symbols (an extension, a note) mean we cannot be sure which digits form the number.
  if (!/^\+?[\d\s().-]+$/.test(typed)) {
    return typed;
  }
  const digits = typed.replace(/\D/g, '');
  if (typed.startsWith('+')) {
    return formatE164(digits) ?? typed;
  }
  if (typed.startsWith('00')) {
    return formatE164(digits.slice(2)) ?? typed;
  }
  if (digits.length === 11 && digits.startsWith('1')) {
    return `+${digits}`;
  }
  // Ten digits could be North American or a national number elsewhere, so it stays as typed.
  return typed;
}

/** Checks whether a name is already used in a set, ignoring case and surrounding spaces (tag and stage names). */
export function isNameTaken(existingNames: readonly string[], name: string): boolean {
  const wanted = name.trim().toLowerCase();
  return existingNames.some((existing) => existing.trim().toLowerCase() === wanted);
}

function formatE164(digits: string): string | null {
  const isValid =
    digits.length >= E164_MIN_DIGITS && digits.length <= E164_MAX_DIGITS && !digits.startsWith('0');
  return isValid ? `+${digits}` : null;
}
