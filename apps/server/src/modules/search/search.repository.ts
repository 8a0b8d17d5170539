import type { OpenDealsSum, SearchFilter, SearchHit, SearchSortField } from '@grouptrack/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { TeamDb } from '../../platform/db/databases';
import { selectRows, textArray } from '../../platform/db/raw';

export interface SearchQuery {
  teamId: string;
  filter: SearchFilter;
  text: string;
  sort: { field: SearchSortField; order: 'asc' | 'desc' } | undefined;
  /** Pipelines the searcher may see, or 'all' for owners and admins. */
  visiblePipelineIds: string[] | 'all';
  /** Only these contacts (a bulk action's explicit list). */
  contactIds?: string[];
}

const SORT_COLUMNS: Record<Exclude<SearchSortField, 'relevance'>, SQL> = {
  name: sql`lower(c.name)`,
  firstName: sql`lower(c.first_name)`,
  lastName: sql`lower(c.last_name)`,
  emailAddress: sql`lower(c.email_address)`,
  createdAt: sql`c.created_at`,
  updatedAt: sql`c.updated_at`,
  rank: sql`cp.rank`,
};

/** The free text's words, lower-cased, without the characters tsquery would parse. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}@._+-]/gu, ''))
    .filter(Boolean);
}

/** Words of the free text as prefix terms of a tsquery. */
function toPrefixQuery(text: string): string | null {
  const terms = wordsOf(text).map((word) => `'${word}':*`);
  return terms.length > 0 ? terms.join(' & ') : null;
}

/**
 * The contact's words match a tsquery text (prefix terms). Both sides carry the team's key (migration
 * 0033_team_search_keys), so the index reads this team's words only.
 */
function matchesWords(teamId: string, tsquery: string): SQL {
  return sql`c.search_vector @@ team_search_query(${teamId}, ${tsquery})`;
}

/** Text as a name is compared with it: lower case, single spaces. */
function asName(text: string): string {
  return text.toLowerCase().trim().split(/\s+/).join(' ');
}

/** Words this long forgive a letter missing, extra or changed (shorter ones would match too much). */
const TYPO_FROM_LETTERS = 4;

/** Text for a LIKE pattern, its wildcards escaped. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** The name with a space before each word, so `like '% <word>%'` finds a word's start. */
const SPACED_NAME = sql`(' ' || lower(c.name))`;

/**
 * A name whose words start with the text's words, each of four letters or more allowed one letter
 * missing, extra or changed after its second (an edit distance of one to the name word's start).
 * Candidates come from the search index (a name word starting with each word's first two letters);
 * the distance is computed for those only. From the first letter, a 40,000-contact team gave 6,800
 * candidates to "morxno" and a look-up took 26 ms; a typo in the first two letters is left to the
 * whole-name similarity.
 */
function nearlyNamed(teamId: string, text: string): SQL | null {
  const words = wordsOf(text);
  if (!words.some((word) => word.length >= TYPO_FROM_LETTERS)) return null;
  // Each start once: "mason marshall" would read the index's 'ma' words twice.
  const firstLetters = [...new Set(words.map((word) => `'${word.slice(0, 2)}':*`))].join(' & ');
  const each = words.map((word) =>
    word.length >= TYPO_FROM_LETTERS
      ? sql`exists (select 1 from regexp_split_to_table(lower(c.name), '[[:space:]]+') as n(word)
          where levenshtein_less_equal(${word}, left(n.word, ${word.length}), 1) <= 1)`
      : sql`${SPACED_NAME} like ${`% ${escapeLike(word)}%`}`,
  );
  return sql`(${matchesWords(teamId, firstLetters)} and ${sql.join(each, sql` and `)})`;
}

/** Texts this long are compared with whole names by trigram similarity. */
const SIMILAR_FROM_LETTERS = 3;

/** Whether the text can be (part of) a name: letters, spaces, apostrophes and hyphens. */
function looksLikeName(text: string): boolean {
  return /^[\p{L}\s'-]+$/u.test(text);
}

/** FROM and WHERE of a search; the pipeline join is there only when a pipeline is asked for. */
function fromWhere(query: SearchQuery, pipeline: PipelineForm = 'join'): SQL {
  const { join, conditions } = searchParts(query, pipeline);
  return sql`from contacts c ${join} where ${conditions}`;
}

/**
 * How a search reads the asked pipeline: joined as `cp` (its stage and rank at hand), or as the set
 * of its contacts' ids, tested per contact without a join.
 */
type PipelineForm = 'join' | 'id-set';

/** The pipeline join (when a pipeline is asked for) and the conditions a matching contact `c` meets. */
function searchParts(query: SearchQuery, pipeline: PipelineForm = 'join'): { join: SQL; conditions: SQL } {
  const { teamId, filter } = query;
  // Deleted contacts wait in Recently deleted; their places are kept out of contact_pipelines, so
  // the placement-only counts and pages never meet them.
  const conditions: SQL[] = [sql`c.team_id = ${teamId}`, sql`c.deleted_at is null`];
  const join =
    filter.pipelineId && pipeline === 'join'
      ? sql`join contact_pipelines cp on cp.team_id = c.team_id and cp.contact_id = c.id and cp.pipeline_id = ${filter.pipelineId}`
      : sql``;
  if (filter.pipelineId && pipeline === 'id-set') conditions.push(inPipeline(query, filter.pipelineId));
  if (query.visiblePipelineIds !== 'all') {
    conditions.push(
      sql`exists (select 1 from contact_pipelines v where v.team_id = c.team_id and v.contact_id = c.id and v.pipeline_id = any(${textArray(query.visiblePipelineIds)}))`,
    );
  }
  if (query.contactIds) conditions.push(sql`c.id = any(${textArray(query.contactIds)})`);
  if (filter.pipelineId && filter.stageIds?.length && pipeline === 'join')
    conditions.push(sql`cp.stage_id = any(${textArray(filter.stageIds)})`);
  if (filter.pipelineId && filter.leadScoreMin !== undefined && pipeline === 'join')
    conditions.push(sql`cp.lead_score >= ${filter.leadScoreMin}`);
  if (filter.tags) {
    const matching = sql`select count(*) from contact_tags t where t.team_id = c.team_id and t.contact_id = c.id and t.tag_id = any(${textArray(filter.tags.ids)})`;
    conditions.push(
      filter.tags.mode === 'all'
        ? sql`(${matching}) = ${new Set(filter.tags.ids).size}`
        : sql`exists (select 1 from contact_tags t where t.team_id = c.team_id and t.contact_id = c.id and t.tag_id = any(${textArray(filter.tags.ids)}))`,
    );
  }
  if (filter.platforms?.length) {
    conditions.push(
      sql`exists (select 1 from contact_sources s where s.team_id = c.team_id and s.contact_id = c.id and s.platform = any(${textArray(filter.platforms)}))`,
    );
  }
  if (filter.createdFrom) conditions.push(sql`c.created_at >= ${filter.createdFrom}`);
  if (filter.createdTo) conditions.push(sql`c.created_at <= ${filter.createdTo}`);
  if (filter.updatedFrom) conditions.push(sql`c.updated_at >= ${filter.updatedFrom}`);
  if (filter.updatedTo) conditions.push(sql`c.updated_at <= ${filter.updatedTo}`);
  if (filter.hasEmail !== undefined) {
    conditions.push(
      filter.hasEmail ? sql`coalesce(c.email_address, '') <> ''` : sql`coalesce(c.email_address, '') = ''`,
    );
  }
  if (filter.hasPhone !== undefined) {
    conditions.push(
      filter.hasPhone ? sql`coalesce(c.phone_number, '') <> ''` : sql`coalesce(c.phone_number, '') = ''`,
    );
  }
  if (filter.statusLabelIds?.length)
    conditions.push(sql`c.status_label_id = any(${textArray(filter.statusLabelIds)})`);
  const prefix = toPrefixQuery(query.text);
  if (prefix) {
    // Prefix words over names, email, phone and handles; trigram similarity forgives a typo in a name.
    const text = query.text.toLowerCase();
    const digits = text.replace(/\D/g, '');
    const alternatives = [matchesWords(teamId, prefix)];
    // A typo in a name is forgiven by trigram similarity; handles, addresses and numbers must match.
    if (looksLikeName(text)) {
      // A name similar enough to one or two letters has a word starting with them, which the prefix
      // finds; their trigrams ("  m", " m ") would read the posting list of every team's names for
      // nothing (18 of 58 ms for "m" on a 1,000,000-contact database).
      if (text.trim().length >= SIMILAR_FROM_LETTERS) alternatives.push(sql`lower(c.name) % ${text}`);
      // Looking someone up forgives a letter wrong in any word ("tesa", "moire"); a filtered list
      // (a board or a pipeline's table) keeps to the whole-name similarity above.
      const nearly = sortOf(query).field === 'relevance' ? nearlyNamed(teamId, text) : null;
      if (nearly) alternatives.push(nearly);
    }
    // The text parser splits a partial address or phone number differently from a whole one.
    if (text.includes('@')) alternatives.push(sql`lower(c.email_address) like ${`${escapeLike(text)}%`}`);
    if (digits.length >= 4) alternatives.push(sql`c.phone_number like ${`%${digits}%`}`);
    conditions.push(sql`(${sql.join(alternatives, sql` or `)})`);
  }
  return { join, conditions: sql.join(conditions, sql` and `) };
}

/**
 * The contact is placed in the pipeline (and one of the asked stages). Written as `(… in (…)) is
 * true` rather than a plain `in`, which PostgreSQL would turn into a join: kept as a test, it is a
 * hashed set built once from the placement index, checked on each entry of an index walk that
 * stays in sort order.
 */
function inPipeline(query: SearchQuery, pipelineId: string): SQL {
  const stages = query.filter.stageIds?.length
    ? sql` and cp.stage_id = any(${textArray(query.filter.stageIds)})`
    : sql``;
  const score =
    query.filter.leadScoreMin !== undefined ? sql` and cp.lead_score >= ${query.filter.leadScoreMin}` : sql``;
  return sql`(c.id in (select cp.contact_id from contact_pipelines cp
    where cp.team_id = ${query.teamId} and cp.pipeline_id = ${pipelineId}${stages}${score})) is true`;
}

/** The search's order, or (reversed) exactly its reverse, for reading a page from the far end. */
function orderBy(query: SearchQuery, reversed = false): SQL {
  const { field, order } = sortOf(query);
  if (field === 'relevance') return relevanceOrder(query);
  const direction = (order === 'asc') !== reversed ? sql`asc` : sql`desc`;
  // Empty values go last in the asked order, so first when read backwards.
  const nulls = NULLABLE_SORT_FIELDS.has(field) ? (reversed ? sql`nulls first` : sql`nulls last`) : sql``;
  return sql`order by ${SORT_COLUMNS[field]} ${direction} ${nulls}, c.id ${direction}`;
}

/**
 * Best match first: the exact full name; then names with every word as the start of one of theirs;
 * then other prefix matches (an address, a handle); then names with a letter wrong in a word; then
 * names only similar as a whole. Within each,
 * names with more of the words whole come first, then, in the last group, the more similar; recency
 * only breaks ties. Similarity is computed for the last group alone: a short prefix that matches
 * thousands costs a few comparisons per row, not a trigram set.
 */
function relevanceOrder(query: SearchQuery): SQL {
  const name = asName(query.text);
  const words = wordsOf(query.text);
  const prefix = toPrefixQuery(query.text) ?? '';
  const startsEveryWord = sql.join(
    words.map((word) => sql`${SPACED_NAME} like ${`% ${escapeLike(word)}%`}`),
    sql` and `,
  );
  const wholeWords = sql.join(
    words.map((word) => sql`(${SPACED_NAME} || ' ' like ${`% ${escapeLike(word)} %`})::int`),
    sql` + `,
  );
  const prefixMatch = matchesWords(query.teamId, prefix);
  const nearly = nearlyNamed(query.teamId, query.text) ?? sql`false`;
  return sql`order by case
      when lower(c.name) = ${name} then 0 when ${startsEveryWord} then 1 when ${prefixMatch} then 2
      when ${nearly} then 3 else 4 end,
    ${wholeWords} desc,
    case when ${prefixMatch} then 1 else similarity(lower(c.name), ${name}) end desc,
    c.updated_at desc, c.id desc`;
}

/**
 * What a search sorts by: card order in a pipeline, the best match for free text elsewhere,
 * otherwise newest first, unless it asks.
 */
function sortOf(query: SearchQuery): { field: SearchSortField; order: 'asc' | 'desc' } {
  const hasText = toPrefixQuery(query.text) !== null;
  const sort =
    query.sort ??
    (query.filter.pipelineId
      ? { field: 'rank' as const, order: 'asc' as const }
      : hasText
        ? { field: 'relevance' as const, order: 'asc' as const }
        : { field: 'createdAt' as const, order: 'desc' as const });
  // Outside a pipeline there is no card order, and without text no best match.
  if (sort.field === 'rank' && !query.filter.pipelineId) return { field: 'createdAt', order: sort.order };
  if (sort.field === 'relevance' && !hasText) return { field: 'createdAt', order: 'desc' };
  return sort;
}

/**
 * Sort fields that can be empty, whose empty values go last. The others are never null, so their
 * order needs no NULLS clause and a `desc` page walks its index backwards (read backwards, an index
 * gives `desc nulls first`; asking `nulls last` would sort every matching row instead).
 */
const NULLABLE_SORT_FIELDS = new Set<SearchSortField>(['emailAddress']);

/**
 * A hit's columns; when a pipeline is asked for, its stage, rank and lead score come from `cp` or
 * `page`.
 */
function hitColumns(query: SearchQuery, placedIn: 'cp' | 'page' = 'cp'): SQL {
  const placement = !query.filter.pipelineId
    ? sql`null as stage, null as rank, null as "leadScore"`
    : placedIn === 'cp'
      ? sql`cp.stage_id as stage, cp.rank as rank, cp.lead_score as "leadScore"`
      : sql`page.stage_id as stage, page.rank as rank, page.lead_score as "leadScore"`;
  return sql`c.id as "GTID", c.first_name as "firstName", c.last_name as "lastName", c.name, c.email_address as "emailAddress",
    c.phone_number as "phoneNumber", c.photo_url as "photoURL", c.status_label_id as "statusLabelId", c.last_contacted_at as "lastContactedAt", c.created_at as "createdAt", c.updated_at as "updatedAt", ${placement},
    coalesce((select array_agg(s.platform order by s.platform) from contact_sources s where s.team_id = c.team_id and s.contact_id = c.id), '{}') as platforms,
    ${visibleTags(query)} as tags,
    (select min(k.due_at) from tasks k where k.team_id = c.team_id and k.contact_id = c.id and k.status = 'active' and k.deleted_at is null) as "nextTaskDueAt"`;
}

/** The hit's tag ids; for a member, only global tags and those of pipelines they may see. */
function visibleTags(query: SearchQuery): SQL {
  const all = sql`from contact_tags t where t.team_id = c.team_id and t.contact_id = c.id`;
  if (query.visiblePipelineIds === 'all')
    return sql`coalesce((select array_agg(t.tag_id order by t.tag_id) ${all}), '{}')`;
  return sql`coalesce((select array_agg(t.tag_id order by t.tag_id) ${all}
    and exists (select 1 from tags g join tag_sets s on s.team_id = g.team_id and s.id = g.tag_set_id
      where g.team_id = t.team_id and g.id = t.tag_id
        and (s.pipeline_id is null or s.pipeline_id = any(${textArray(query.visiblePipelineIds)})))), '{}')`;
}

function toHit(row: Record<string, unknown>): SearchHit {
  const date = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();
  const optionalDate = (value: unknown) => (value === null || value === undefined ? null : date(value));
  return {
    GTID: row.GTID as string,
    firstName: row.firstName as string,
    lastName: row.lastName as string,
    name: row.name as string,
    emailAddress: (row.emailAddress as string | null) ?? null,
    phoneNumber: (row.phoneNumber as string | null) ?? null,
    photoURL: (row.photoURL as string | null) ?? null,
    statusLabelId: (row.statusLabelId as string | null) ?? null,
    platforms: row.platforms as string[],
    tags: row.tags as string[],
    stage: (row.stage as string | null) ?? null,
    rank: (row.rank as string | null) ?? null,
    leadScore: row.leadScore === null || row.leadScore === undefined ? null : Number(row.leadScore),
    createdAt: date(row.createdAt),
    updatedAt: date(row.updatedAt),
    lastContactedAt: optionalDate(row.lastContactedAt),
    nextTaskDueAt: optionalDate(row.nextTaskDueAt),
  };
}

async function countMatches(db: TeamDb, query: SearchQuery): Promise<number> {
  const pipelineId = query.filter.pipelineId;
  const [row] = await selectRows<{ total: number }>(
    db,
    pipelineId && isPlacementOnly(query)
      ? // Nothing asked of the contacts themselves: the placements alone have the count.
        sql`select count(*)::int as total from contact_pipelines
            where team_id = ${query.teamId} and pipeline_id = ${pipelineId} ${placeCondition(query)}`
      : sql`select count(*)::int as total ${fromWhere(query)}`,
  );
  return Number(row?.total ?? 0);
}

/**
 * From this many skipped rows on, a page of a pipeline's placements sorted by a contact's column
 * tests the pipeline per index entry (see `inPipeline`) instead of joining it. The planner cannot
 * tell that nearly every contact of the team is in the pipeline, so past a few hundred rows it joins
 * all of them and sorts the lot; below, its join walks the sort's index and stops at the page.
 */
const DEEP_PAGE_FROM = 200;

/** A page of matches and their total. */
export async function findPage(
  db: TeamDb,
  query: SearchQuery,
  paging: { from: number; size: number },
): Promise<{ total: number; hits: SearchHit[] }> {
  if (paging.size === 0) return { total: await countMatches(db, query), hits: [] };
  if (toPrefixQuery(query.text) !== null) {
    // Free text: every match is read to test the text, whatever the page, so the same statement
    // counts them on the way. Two statements side by side would filter the team twice (each about
    // 6 ms of a database core on a 40,000-contact team) and plan twice.
    const { hits, total } = await findMatchesCounted(db, query, paging);
    // A page past the last match has no row to carry the count.
    return { total: total ?? (paging.from === 0 ? 0 : await countMatches(db, query)), hits };
  }
  if (paging.from < DEEP_PAGE_FROM || !query.filter.pipelineId || !isPlacementOnly(query)) {
    const [total, hits] = await Promise.all([countMatches(db, query), findMatches(db, query, paging)]);
    return { total, hits };
  }
  // A deep page of a pipeline's placements: their count is a quick index-only read, and knowing it
  // first lets the page be read from the nearer end, skipping fewer rows (a page near the end of a
  // 40,000-contact pipeline skips 900 rows backwards rather than 39,000 forwards).
  const total = await countMatches(db, query);
  const left = Math.max(0, total - paging.from);
  const size = Math.min(paging.size, left);
  if (size === 0) return { total, hits: [] };
  const fromEnd = left - size;
  const reversed = fromEnd < paging.from;
  const skip = reversed ? fromEnd : paging.from;
  const pipeline = skip >= DEEP_PAGE_FROM && sortOf(query).field !== 'rank' ? 'id-set' : 'join';
  const hits = await findMatches(db, query, { from: skip, size }, { pipeline, reversed });
  return { total, hits: reversed ? hits.reverse() : hits };
}

async function findMatches(
  db: TeamDb,
  query: SearchQuery,
  paging: { from: number; size: number },
  options: { pipeline?: PipelineForm; reversed?: boolean } = {},
): Promise<SearchHit[]> {
  const rows = await selectRows(db, pageStatement(query, paging, options));
  return rows.map(toHit);
}

/** A page of matches with the count of all matches, or null for the count when the page is empty. */
async function findMatchesCounted(
  db: TeamDb,
  query: SearchQuery,
  paging: { from: number; size: number },
): Promise<{ hits: SearchHit[]; total: number | null }> {
  const rows = await selectRows(db, pageStatement(query, paging, { counted: true }));
  return { hits: rows.map(toHit), total: rows.length > 0 ? Number(rows[0]!.total) : null };
}

function pageStatement(
  query: SearchQuery,
  paging: { from: number; size: number },
  {
    pipeline = 'join',
    reversed = false,
    counted = false,
  }: { pipeline?: PipelineForm; reversed?: boolean; counted?: boolean },
): SQL {
  // The page's ids first (a narrow sort or index walk), then the columns of those rows only: a deep
  // page does not compute sources and tags for every row it skips. A joined pipeline hands its stage,
  // rank and lead score on with the ids; one tested as a set is joined for the page's rows only.
  // Counted, each id carries the number of matches, taken before the limit.
  const joined = query.filter.pipelineId !== undefined && pipeline === 'join';
  const ids = sql`select c.id ${joined ? sql`, cp.stage_id, cp.rank, cp.lead_score` : sql``} ${counted ? sql`, count(*) over () as total` : sql``}
    ${fromWhere(query, pipeline)} ${orderBy(query, reversed)} limit ${paging.size} offset ${paging.from}`;
  const placement =
    query.filter.pipelineId && !joined
      ? sql`join contact_pipelines cp on cp.team_id = c.team_id and cp.contact_id = c.id and cp.pipeline_id = ${query.filter.pipelineId}`
      : sql``;
  return sql`with page as (select ranked.*, row_number() over () as position from (${ids}) as ranked)
      select ${hitColumns(query, joined ? 'page' : 'cp')} ${counted ? sql`, page.total` : sql``}
      from page join contacts c on c.team_id = ${query.teamId} and c.id = page.id ${placement}
      order by page.position`;
}

/** Every matching contact's id, for bulk actions and exports. */
export async function findMatchingIds(db: TeamDb, query: SearchQuery): Promise<string[]> {
  const rows = await selectRows<{ id: string }>(db, sql`select c.id ${fromWhere(query)}`);
  return rows.map((row) => row.id);
}

/**
 * The board's first paint: per stage, its count and its first `size` cards in card order. Counts
 * come from one grouped scan; each stage's page is an index walk on (pipeline, stage, rank).
 */
export async function findStagePages(
  db: TeamDb,
  query: SearchQuery & { filter: { pipelineId: string } },
  stageIds: string[],
  size: number,
) {
  // Counts, deal sums and pages are independent: on a server they run side by side.
  const { join, conditions } = searchParts(query);
  const openDealsFromWhere = isPlacementOnly(query)
    ? // Each open deal's stage is its contact's place: the board index (which holds the contact) read
      // once and hashed against the deals, rather than a look-up per deal (3,400 deals of a
      // 40,000-contact pipeline took 35 ms that way, 11 ms this way).
      sql`from deals d join contact_pipelines cp on cp.team_id = d.team_id and cp.contact_id = d.contact_id and cp.pipeline_id = d.pipeline_id
          where d.team_id = ${query.teamId} and d.pipeline_id = ${query.filter.pipelineId} and d.status = 'open' ${placeCondition(query)}`
    : sql`from deals d join contacts c on c.team_id = d.team_id and c.id = d.contact_id ${join}
          where d.team_id = ${query.teamId} and d.pipeline_id = ${query.filter.pipelineId} and d.status = 'open' and ${conditions}`;
  const [counts, dealRows, pageRows] = await Promise.all([
    selectRows<{ stage: string; total: number }>(
      db,
      isPlacementOnly(query)
        ? // Nothing asked of the contacts themselves: the board index alone has the counts.
          sql`select stage_id as stage, count(*)::int as total from contact_pipelines
              where team_id = ${query.teamId} and pipeline_id = ${query.filter.pipelineId} ${placeCondition(query)}
              group by stage_id`
        : sql`select cp.stage_id as stage, count(*)::int as total ${fromWhere(query)} group by cp.stage_id`,
    ),
    selectRows<{ stage: string; currency: string; value: string; count: number }>(
      db,
      sql`select cp.stage_id as stage, d.currency, sum(d.value)::text as value, count(*)::int as count
          ${openDealsFromWhere} group by cp.stage_id, d.currency order by d.currency`,
    ),
    size > 0 && stageIds.length > 0 ? selectStagePages(db, query, stageIds, size) : Promise.resolve([]),
  ]);
  const totals = new Map(counts.map((row) => [row.stage, Number(row.total)]));
  const openDeals = new Map<string, OpenDealsSum[]>();
  for (const row of dealRows) {
    const sums = openDeals.get(row.stage) ?? [];
    sums.push({ currency: row.currency, value: Number(row.value), count: Number(row.count) });
    openDeals.set(row.stage, sums);
  }
  const pages = new Map<string, SearchHit[]>();
  for (const row of pageRows) {
    const hit = toHit(row);
    pages.set(hit.stage!, [...(pages.get(hit.stage!) ?? []), hit]);
  }
  return stageIds.map((stageId) => ({
    stageUID: stageId,
    total: totals.get(stageId) ?? 0,
    openDeals: openDeals.get(stageId) ?? [],
    hits: pages.get(stageId) ?? [],
  }));
}

/** Each stage's first `size` cards in card order: an index walk on (pipeline, stage, rank) per stage. */
function selectStagePages(
  db: TeamDb,
  query: SearchQuery & { filter: { pipelineId: string } },
  stageIds: string[],
  size: number,
) {
  const perStage = { ...query, filter: { ...query.filter, stageIds: undefined } };
  return selectRows(
    db,
    sql`
      select page.* from unnest(${textArray(stageIds)}) as st(stage_id)
      cross join lateral (
        select ${hitColumns(perStage)} ${fromWhere(perStage)} and cp.stage_id = st.stage_id
        order by cp.rank asc, c.id asc limit ${size}
      ) as page`,
  );
}

/** The asked stages and least lead score, as conditions on `contact_pipelines` read without an alias. */
function placeCondition(query: SearchQuery): SQL {
  const { stageIds, leadScoreMin } = query.filter;
  return sql`${stageIds?.length ? sql`and stage_id = any(${textArray(stageIds)})` : sql``}
    ${leadScoreMin !== undefined ? sql`and lead_score >= ${leadScoreMin}` : sql``}`;
}

/** Whether a pipeline search asks only where contacts are (pipeline, stages), nothing of the contacts. */
function isPlacementOnly(query: SearchQuery): boolean {
  // The searcher may see the pipeline (the service checked), so every contact in it is visible.
  return (
    query.text.trim() === '' &&
    !query.contactIds &&
    Object.entries(query.filter).every(([key, value]) => PLACEMENT_FILTERS.has(key) || value === undefined)
  );
}

/**
 * Filter fields about the contact's place in the pipeline, not the contact (a saved view's id is
 * resolved before).
 */
const PLACEMENT_FILTERS = new Set(['pipelineId', 'stageIds', 'leadScoreMin', 'filterSetId']);
