import { z } from 'zod';
import { SOCIAL_PLATFORMS } from './constants';

const id = z.string().min(1).max(100);
const isoDate = z.iso.datetime({ offset: true });

/**
 * Fields a search can sort on. `rank` is the card order inside a stage and needs a pipeline;
 * `relevance` is the best match for the free text first (a search with text and no pipeline sorts so
 * unless it asks otherwise), and needs text.
 */
export const SEARCH_SORT_FIELDS = [
  'relevance',
  'name',
  'firstName',
  'lastName',
  'emailAddress',
  'createdAt',
  'updatedAt',
  'rank',
] as const;
export type SearchSortField = (typeof SEARCH_SORT_FIELDS)[number];

/** The structured filters of a search (PRODUCT.md: objectToFilter). */
export const searchFilterSchema = z
  .object({
    /** Only contacts in this pipeline. */
    pipelineId: id.optional(),
    /** Only contacts in these stages (of the pipeline). */
    stageIds: z.array(id).max(100).optional(),
    /** Contacts with any (or all) of these tags, global or of a pipeline. */
    tags: z
      .object({ ids: z.array(id).min(1).max(100), mode: z.enum(['any', 'all']).default('any') })
      .optional(),
    /** Contacts known on any of these platforms. */
    platforms: z.array(z.enum(SOCIAL_PLATFORMS)).max(SOCIAL_PLATFORMS.length).optional(),
    createdFrom: isoDate.optional(),
    createdTo: isoDate.optional(),
    updatedFrom: isoDate.optional(),
    updatedTo: isoDate.optional(),
    hasEmail: z.boolean().optional(),
    hasPhone: z.boolean().optional(),
    /** In a pipeline's search, contacts whose member request there scored at least this (0 to 100). */
    leadScoreMin: z.number().int().min(0).max(100).optional(),
    /** Contacts carrying any of these status labels. */
    statusLabelIds: z.array(id).max(100).optional(),
    /** Apply a saved view's filter (fields given here win). */
    filterSetId: id.optional(),
  })
  .strict();
export type SearchFilter = z.infer<typeof searchFilterSchema>;

/** The body of POST /search/v2 (SPEC §7). */
export const searchRequestSchema = z
  .object({
    teamUID: id,
    /** from: rows to skip; size: rows to return, 0 for counts only (SPEC §9 defaults). */
    paging: z
      .object({
        from: z.number().int().min(0).max(1_000_000).default(0),
        size: z.number().int().min(0).max(500).default(0),
      })
      .default({ from: 0, size: 0 }),
    sort: z
      .object({ field: z.enum(SEARCH_SORT_FIELDS), order: z.enum(['asc', 'desc']).default('asc') })
      .optional(),
    objectToFilter: searchFilterSchema.default({}),
    /** Free text over names, email, phone and platform handles; a string or { text }. */
    searchObj: z
      .union([z.string().max(200), z.object({ text: z.string().max(200).optional() }).loose()])
      .optional(),
    /** For the board's first paint: every stage's count and first page in one answer. */
    isPipelineInitial: z.boolean().default(false),
    currentTab: z.enum(['pipeline', 'table']).optional(),
    options: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();
export type SearchRequest = z.infer<typeof searchRequestSchema>;

/** The free text of a search body, trimmed; empty when there is none. */
export function readSearchText(searchObj: SearchRequest['searchObj']): string {
  if (typeof searchObj === 'string') return searchObj.trim();
  return searchObj?.text?.trim() ?? '';
}
