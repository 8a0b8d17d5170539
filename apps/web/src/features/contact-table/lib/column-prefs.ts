/** Columns the Table View can show, in their default order. */
export const CONTACT_COLUMN_IDS = [
  'name',
  'emailAddress',
  'phoneNumber',
  'platforms',
  'stage',
  'leadScore',
  'statusLabel',
  'tags',
  'createdAt',
  'updatedAt',
] as const;
export type ContactColumnId = (typeof CONTACT_COLUMN_IDS)[number];

/** The label each column shows in its header and in the column picker. */
export const CONTACT_COLUMN_LABELS: Readonly<Record<ContactColumnId, string>> = {
  name: 'Name',
  emailAddress: 'Email',
  phoneNumber: 'Phone',
  platforms: 'Platforms',
  stage: 'Stage',
  leadScore: 'Lead score',
  statusLabel: 'Status label',
  tags: 'Tags',
  createdAt: 'Created',
  updatedAt: 'Updated',
};

/** The columns a user chose, in their order. */
export interface ColumnPrefs {
  order: ContactColumnId[];
  hidden: ContactColumnId[];
}

export const DEFAULT_COLUMN_PREFS: ColumnPrefs = { order: [...CONTACT_COLUMN_IDS], hidden: ['updatedAt'] };

function isColumnId(value: unknown): value is ContactColumnId {
  return typeof value === 'string' && (CONTACT_COLUMN_IDS as readonly string[]).includes(value);
}

/** The localStorage key of a team's column choice. */
export function formatColumnPrefsKey(teamUID: string): string {
  return `grouptrack:table-columns:${teamUID}`;
}

/**
 * Reads stored prefs, dropping unknown columns and appending columns added since they were saved, so an
 * old or hand-edited value never hides the table.
 */
export function parseColumnPrefs(stored: string | null): ColumnPrefs {
  if (!stored) return DEFAULT_COLUMN_PREFS;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return DEFAULT_COLUMN_PREFS;
  }
  if (typeof value !== 'object' || value === null) return DEFAULT_COLUMN_PREFS;
  const { order, hidden } = value as { order?: unknown; hidden?: unknown };
  if (!Array.isArray(order)) return DEFAULT_COLUMN_PREFS;
  const known = [...new Set(order.filter(isColumnId))];
  const missing = CONTACT_COLUMN_IDS.filter((id) => !known.includes(id));
  const hiddenIds = Array.isArray(hidden) ? [...new Set(hidden.filter(isColumnId))] : [];
  const prefs = { order: [...known, ...missing], hidden: hiddenIds };
  return listVisibleColumns(prefs, true).length === 0 ? DEFAULT_COLUMN_PREFS : prefs;
}

/** Columns about the contact's place in a pipeline: shown only when a pipeline is chosen. */
export const PIPELINE_COLUMN_IDS: readonly ContactColumnId[] = ['stage', 'leadScore'];

/** The columns to show, in order; stage and lead score only when a pipeline is chosen. */
export function listVisibleColumns(prefs: ColumnPrefs, hasPipeline: boolean): ContactColumnId[] {
  return prefs.order.filter(
    (id) => !prefs.hidden.includes(id) && (hasPipeline || !PIPELINE_COLUMN_IDS.includes(id)),
  );
}

/** Shows or hides a column; the last visible column cannot be hidden. */
export function toggleColumn(prefs: ColumnPrefs, id: ContactColumnId): ColumnPrefs {
  if (prefs.hidden.includes(id)) return { ...prefs, hidden: prefs.hidden.filter((each) => each !== id) };
  const visible = prefs.order.filter((each) => !prefs.hidden.includes(each));
  if (visible.length <= 1) return prefs;
  return { ...prefs, hidden: [...prefs.hidden, id] };
}

/** Moves a column one place earlier (-1) or later (+1); a move past either end changes nothing. */
export function moveColumn(prefs: ColumnPrefs, id: ContactColumnId, step: -1 | 1): ColumnPrefs {
  const index = prefs.order.indexOf(id);
  const target = index + step;
  if (index < 0 || target < 0 || target >= prefs.order.length) return prefs;
  const order = [...prefs.order];
  [order[index], order[target]] = [order[target]!, order[index]!];
  return { ...prefs, order };
}

/** Each column's width in px: rows are laid out without measuring their cells. */
export const COLUMN_WIDTHS: Record<ContactColumnId, number> = {
  name: 260,
  emailAddress: 260,
  phoneNumber: 180,
  platforms: 170,
  stage: 160,
  leadScore: 110,
  statusLabel: 150,
  tags: 240,
  createdAt: 130,
  updatedAt: 130,
};
