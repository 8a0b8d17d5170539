import { memberRequestPacingSchema } from '@grouptrack/domain';
import type { MemberRequestPacing } from '@grouptrack/domain';

/** The pacing fields while the user types: numbers, or '' while a field is empty. */
export type PacingFormValues = Record<keyof MemberRequestPacing, number | string>;

export type PacingFormErrors = Partial<Record<keyof MemberRequestPacing, string>>;

const RANGE_MESSAGES: Record<keyof MemberRequestPacing, string> = {
  minPauseSeconds: 'Enter whole seconds from 1 to 3600',
  maxPauseSeconds: 'Enter whole seconds from 1 to 3600',
  dailyCap: 'Enter a whole number from 1 to 1000',
  pauseMinutesWhenBlocked: 'Enter whole minutes from 1 to 1440',
};

function isPacingField(field: unknown): field is keyof MemberRequestPacing {
  return typeof field === 'string' && field in RANGE_MESSAGES;
}

/** Checks the pacing with its schema; answers the pacing to save, or a message per wrong field. */
export function validatePacingForm(
  values: PacingFormValues,
): { ok: true; pacing: MemberRequestPacing } | { ok: false; errors: PacingFormErrors } {
  const toNumber = (value: number | string) => (typeof value === 'number' ? value : Number.NaN);
  const parsed = memberRequestPacingSchema.safeParse({
    minPauseSeconds: toNumber(values.minPauseSeconds),
    maxPauseSeconds: toNumber(values.maxPauseSeconds),
    dailyCap: toNumber(values.dailyCap),
    pauseMinutesWhenBlocked: toNumber(values.pauseMinutesWhenBlocked),
  });
  if (parsed.success) return { ok: true, pacing: parsed.data };
  const errors: PacingFormErrors = {};
  for (const issue of parsed.error.issues) {
    const [field] = issue.path;
    if (!isPacingField(field)) continue;
    // The only check across fields is the range's order; it reports on the longest pause.
    errors[field] ??= issue.code === 'custom' ? 'Make it at least the shortest pause' : RANGE_MESSAGES[field];
  }
  return { ok: false, errors };
}
