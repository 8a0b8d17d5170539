/**
 * The fields of `patch` whose values differ from `row`'s (compared as JSON, so lists and objects
 * compare by content), or null when none does: a change that changes nothing writes nothing and
 * tells nobody. Fields the patch leaves undefined are not asked for.
 */
export function changedFields<T extends object>(row: T, patch: Partial<T>): Partial<T> | null {
  const changed = Object.entries(patch).filter(
    ([key, value]) => value !== undefined && JSON.stringify(value) !== JSON.stringify(row[key as keyof T]),
  );
  return changed.length > 0 ? (Object.fromEntries(changed) as Partial<T>) : null;
}
