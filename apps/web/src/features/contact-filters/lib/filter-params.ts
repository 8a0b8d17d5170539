import { SOCIAL_PLATFORMS, type SearchFilter, type SocialPlatform } from '@grouptrack/domain';

/** The filters the contact views share; the pipeline comes from the route, not from the filter bar. */
export type ContactFilter = Omit<SearchFilter, 'pipelineId' | 'filterSetId'>;

/** What the filter bar edits: the structured filter and the free text. */
export interface ContactFilterValue {
  filter: ContactFilter;
  text: string;
}

/** A change to the filters; a key set to undefined (or an empty list) clears that filter. */
export type ContactFilterPatch = Partial<ContactFilter> & { text?: string };

const PARAM = {
  text: 'q',
  stageIds: 'stages',
  tagIds: 'tags',
  tagMode: 'tagMode',
  platforms: 'platforms',
  createdFrom: 'createdFrom',
  createdTo: 'createdTo',
  updatedFrom: 'updatedFrom',
  updatedTo: 'updatedTo',
  hasEmail: 'hasEmail',
  hasPhone: 'hasPhone',
  statusLabelIds: 'labels',
  leadScoreMin: 'score',
} as const;

/** Every search param the filters own, so other params of the page are kept. */
export const FILTER_PARAM_NAMES: readonly string[] = Object.values(PARAM);

const DATE_KEYS = ['createdFrom', 'createdTo', 'updatedFrom', 'updatedTo'] as const;
type DateKey = (typeof DATE_KEYS)[number];
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function readList(params: URLSearchParams, name: string): string[] {
  return (params.get(name) ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function readBoolean(params: URLSearchParams, name: string): boolean | undefined {
  const value = params.get(name);
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

/** Local midnight of a `YYYY-MM-DD` day (start) or the last millisecond of it (end), as ISO. */
export function dayToIso(day: string, edge: 'start' | 'end'): string | undefined {
  if (!DAY_PATTERN.test(day)) return undefined;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const at =
    edge === 'start'
      ? new Date(year, month - 1, date, 0, 0, 0, 0)
      : new Date(year, month - 1, date, 23, 59, 59, 999);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/** The local `YYYY-MM-DD` day of an ISO instant. */
export function isoToDay(iso: string): string | undefined {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return undefined;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/**
 * The least lead score typed or linked: a whole number from 0 to 100, a figure outside brought
 * within; anything else (or nothing) sets no filter.
 */
export function readLeadScoreMin(text: string | null): number | undefined {
  if (text === null || !/^\s*-?\d+\s*$/.test(text)) return undefined;
  return Math.min(100, Math.max(0, Number(text)));
}

/** Reads the filters and free text from a page's search params; unknown values are ignored. */
export function readContactFilters(params: URLSearchParams): ContactFilterValue {
  const filter: ContactFilter = {};
  const stageIds = readList(params, PARAM.stageIds);
  if (stageIds.length > 0) filter.stageIds = stageIds;
  const tagIds = readList(params, PARAM.tagIds);
  if (tagIds.length > 0) {
    filter.tags = { ids: tagIds, mode: params.get(PARAM.tagMode) === 'all' ? 'all' : 'any' };
  }
  const platforms = readList(params, PARAM.platforms).filter((item): item is SocialPlatform =>
    (SOCIAL_PLATFORMS as readonly string[]).includes(item),
  );
  if (platforms.length > 0) filter.platforms = platforms;
  for (const key of DATE_KEYS) {
    const day = params.get(PARAM[key]);
    const iso = day ? dayToIso(day, key.endsWith('From') ? 'start' : 'end') : undefined;
    if (iso) filter[key] = iso;
  }
  const hasEmail = readBoolean(params, PARAM.hasEmail);
  if (hasEmail !== undefined) filter.hasEmail = hasEmail;
  const hasPhone = readBoolean(params, PARAM.hasPhone);
  if (hasPhone !== undefined) filter.hasPhone = hasPhone;
  const statusLabelIds = readList(params, PARAM.statusLabelIds);
  if (statusLabelIds.length > 0) filter.statusLabelIds = statusLabelIds;
  const leadScoreMin = readLeadScoreMin(params.get(PARAM.leadScoreMin));
  if (leadScoreMin !== undefined) filter.leadScoreMin = leadScoreMin;
  return { filter, text: (params.get(PARAM.text) ?? '').trim() };
}

function setParam(params: URLSearchParams, name: string, value: string | undefined): void {
  if (value === undefined || value === '') params.delete(name);
  else params.set(name, value);
}

function writeDate(params: URLSearchParams, key: DateKey, iso: string | undefined): void {
  setParam(params, PARAM[key], iso ? isoToDay(iso) : undefined);
}

/** New search params with the patch applied; params the filters do not own are kept. */
export function writeContactFilters(current: URLSearchParams, patch: ContactFilterPatch): URLSearchParams {
  const params = new URLSearchParams(current);
  if ('text' in patch) setParam(params, PARAM.text, patch.text?.trim());
  if ('stageIds' in patch) setParam(params, PARAM.stageIds, patch.stageIds?.join(','));
  if ('tags' in patch) {
    setParam(params, PARAM.tagIds, patch.tags?.ids.join(','));
    setParam(params, PARAM.tagMode, patch.tags?.ids.length && patch.tags.mode === 'all' ? 'all' : undefined);
  }
  if ('platforms' in patch) setParam(params, PARAM.platforms, patch.platforms?.join(','));
  for (const key of DATE_KEYS) if (key in patch) writeDate(params, key, patch[key]);
  if ('hasEmail' in patch) setParam(params, PARAM.hasEmail, patch.hasEmail?.toString());
  if ('hasPhone' in patch) setParam(params, PARAM.hasPhone, patch.hasPhone?.toString());
  if ('statusLabelIds' in patch) setParam(params, PARAM.statusLabelIds, patch.statusLabelIds?.join(','));
  if ('leadScoreMin' in patch) setParam(params, PARAM.leadScoreMin, patch.leadScoreMin?.toString());
  return params;
}

/** New search params holding exactly this value's filters (e.g. a saved view), other params kept. */
export function replaceContactFilters(current: URLSearchParams, value: ContactFilterValue): URLSearchParams {
  const params = new URLSearchParams(current);
  for (const name of FILTER_PARAM_NAMES) params.delete(name);
  return writeContactFilters(params, { ...value.filter, text: value.text });
}

/** Whether any filter or free text is set. */
export function hasContactFilters(value: ContactFilterValue): boolean {
  return value.text !== '' || Object.keys(value.filter).length > 0;
}

/** A saved view's filter as filter-bar value; the pipeline and nested view id are dropped. */
export function toContactFilter(saved: Record<string, unknown>): ContactFilter {
  const { pipelineId: _pipelineId, filterSetId: _filterSetId, ...rest } = saved as SearchFilter;
  return rest;
}

/** A patch that sets every filter to this value's, clearing the ones it does not have. */
export function toFullPatch(value: ContactFilterValue): ContactFilterPatch {
  const { filter } = value;
  return {
    text: value.text,
    stageIds: filter.stageIds,
    tags: filter.tags,
    platforms: filter.platforms,
    createdFrom: filter.createdFrom,
    createdTo: filter.createdTo,
    updatedFrom: filter.updatedFrom,
    updatedTo: filter.updatedTo,
    hasEmail: filter.hasEmail,
    hasPhone: filter.hasPhone,
    statusLabelIds: filter.statusLabelIds,
    leadScoreMin: filter.leadScoreMin,
  };
}
