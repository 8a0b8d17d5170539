/** What a deal form holds while the user types. */
export interface DealDraft {
  name: string;
  value: number | string;
  currency: string;
  pipelineId: string | null;
}

/** Checks a deal form: a name, an amount of at least 0 with up to 2 decimals, a 3-letter currency. */
export function readDealDraft(
  draft: DealDraft,
):
  | { ok: true; values: { name: string; value: number; currency: string; pipelineId: string | null } }
  | { ok: false; errors: Partial<Record<'name' | 'value' | 'currency', string>> } {
  const errors: Partial<Record<'name' | 'value' | 'currency', string>> = {};
  const name = draft.name.trim();
  if (!name) errors.name = 'Name the deal';
  else if (name.length > 200) errors.name = 'A deal name can be at most 200 characters';
  const value = typeof draft.value === 'number' ? draft.value : Number(draft.value);
  if (draft.value === '' || !Number.isFinite(value) || value < 0)
    errors.value = 'Enter an amount of 0 or more';
  const currency = draft.currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) errors.currency = 'Use a 3-letter currency code like USD';
  if (errors.name || errors.value || errors.currency) return { ok: false, errors };
  return {
    ok: true,
    values: { name, value: Math.round(value * 100) / 100, currency, pipelineId: draft.pipelineId },
  };
}
