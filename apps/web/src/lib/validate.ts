import { useState } from 'react';
import type { KeyboardEvent } from 'react';

/** The part of a zod schema a form needs: parse one value, or name what is wrong with it. */
export interface FieldSchema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly { message: string }[] } };
}

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** What a form's validation gives back: the parsed values, or an error message per field. */
export type FormValidation<Values> =
  { ok: true; values: Values } | { ok: false; errors: FieldErrors<Extract<keyof Values, string>> };

type Schemas<Values> = { [Field in keyof Values]: FieldSchema<Values[Field]> };

/** Validates each field of a form with its own schema (the domain's zod schemas), reporting every bad field. */
export function validateFields<Values extends object>(
  schemas: Schemas<Values>,
  input: Record<keyof Values, unknown>,
): FormValidation<Values> {
  const values: Partial<Values> = {};
  const errors: FieldErrors<Extract<keyof Values, string>> = {};
  let ok = true;
  for (const field of Object.keys(schemas) as Extract<keyof Values, string>[]) {
    const result = schemas[field].safeParse(input[field]);
    if (result.success) {
      values[field] = result.data;
    } else {
      ok = false;
      errors[field] = result.error.issues[0]?.message ?? 'Check this field.';
    }
  }
  return ok ? { ok: true, values: values as Values } : { ok: false, errors };
}

/** A schema for a checkbox that must be ticked. */
export function requiredCheckSchema(message: string): FieldSchema<true> {
  return {
    safeParse: (value) =>
      value === true ? { success: true, data: true } : { success: false, error: { issues: [{ message }] } },
  };
}

/** A schema for a confirmation field that must equal another value. */
export function sameValueSchema(expected: string, message: string): FieldSchema<string> {
  return {
    safeParse: (value) =>
      value === expected && typeof value === 'string'
        ? { success: true, data: value }
        : { success: false, error: { issues: [{ message }] } },
  };
}

/**
 * The errors to show: those found when the form was last submitted, less those fixed since. A field
 * still wrong shows what is wrong with it now; a fixed one shows nothing, without a new submit.
 */
export function keepUnfixedErrors<Field extends string>(
  submitted: FieldErrors<Field>,
  current: FieldErrors<Field>,
): FieldErrors<Field> {
  const shown: FieldErrors<Field> = {};
  for (const field of Object.keys(submitted) as Field[]) {
    if (submitted[field] && current[field]) shown[field] = current[field];
  }
  return shown;
}

/**
 * A form's shown errors, given what is wrong with its values as they are now: nothing shows until
 * `showErrors` (on submit), and each error clears as soon as its field is fixed.
 */
export function useFieldErrors<Field extends string>(current: FieldErrors<Field>) {
  const [submitted, showErrors] = useState<FieldErrors<Field>>({});
  return [keepUnfixedErrors(submitted, current), showErrors] as const;
}

/**
 * Keeps Enter in a field from submitting its whole form (a category, a stage among others); `then`
 * does what Enter means there instead. A pick from an open list of options still happens.
 */
export function keepEnterInField(then?: (field: HTMLElement) => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    then?.(event.currentTarget);
  };
}
