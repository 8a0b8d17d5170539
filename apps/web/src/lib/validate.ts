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
