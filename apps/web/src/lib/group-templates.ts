/** The distinct non-empty values, sorted, to suggest in a field or offer as a filter. */
export function listDistinctLabels(values: Iterable<string>): string[] {
  const seen = new Map<string, string>();
  for (const value of values) {
    const trimmed = value.trim();
    if (trimmed && !seen.has(trimmed.toLowerCase())) seen.set(trimmed.toLowerCase(), trimmed);
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b));
}

/** Templates in groups by category, in the order they come; those without a category last. */
export function groupByCategory<T extends { category: string }>(
  templates: readonly T[],
): { category: string; templates: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const template of templates) {
    const category = template.category.trim();
    groups.set(category, [...(groups.get(category) ?? []), template]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : 0))
    .map(([category, items]) => ({ category, templates: items }));
}
