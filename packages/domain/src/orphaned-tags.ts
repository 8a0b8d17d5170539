/** One orphaned tag name whatever its spelling: trimmed, lower case, single spaces. */
export function orphanKey(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ');
}
