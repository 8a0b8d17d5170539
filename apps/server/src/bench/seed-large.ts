import {
  CONTACT_ID_ADJECTIVES,
  CONTACT_ID_ANIMALS,
  DEFAULT_TAG_SET_COLOR,
  TERMS_VERSION,
  createPushId,
  pickReadableFontColor,
  ranksAfter,
  spreadRanks,
} from '@grouptrack/domain';
import { hash } from '@node-rs/argon2';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import type { Databases } from '../platform/db/databases';
import { accounts, subscriptions, teamMembers, teams, users } from '../platform/db/directory-schema';
import type { Engine } from '../platform/db/engine';
import { phases, pipelines, stages, statusLabels, tagSets, tags } from '../platform/db/team-schema';

/** The account that owns the big team; the benchmark and the browser figures sign in with it. */
export const BENCH_USER = {
  name: 'Bench Owner',
  email: 'bench@grouptrack.local',
  password: 'grouptrack-bench',
};

/** A second member of the big team: the other client of the realtime figure. */
export const BENCH_MEMBER = {
  name: 'Bench Member',
  email: 'bench-member@grouptrack.local',
  password: 'grouptrack-bench',
};

export interface SeedOptions {
  /** How many teams, the big one included. */
  teams: number;
  /** Contacts in all teams together. */
  contacts: number;
  /** Contacts of the big team (all of them in its main pipeline). */
  bigTeamContacts: number;
  /** Stages of the big team's main pipeline. */
  stages: number;
  /** The PostgreSQL address of a shard's engine, to load it with COPY; statements are used without it. */
  copyUrl?: (engine: Engine) => string | undefined;
  /** Progress lines; silent when absent. */
  log?: (line: string) => void;
}

export const DEFAULT_SEED: SeedOptions = {
  teams: 100,
  contacts: 1_000_000,
  bigTeamContacts: 40_000,
  stages: 8,
};

export interface SeededTag {
  id: string;
  name: string;
  tagSetName: string;
}

/** What the benchmark needs to know about the big team. */
export interface SeededTeam {
  teamUID: string;
  ownerUID: string;
  pipelineId: string;
  stageIds: string[];
  secondPipelineId: string;
  tags: SeededTag[];
  contacts: number;
  /** First names, last names and handle words the contacts were made of: search words. */
  words: { first: string[]; last: string[] };
}

export interface SeedResult {
  big: SeededTeam;
  teams: number;
  contacts: number;
  rows: number;
  seconds: number;
}

const DAY = 86_400_000;
const FIRST =
  `Ava Mia Zoe Lily Emma Chloe Grace Ruby Nora Ella Leah Maya Sara Ivy Jade Noah Liam Owen Eli Max Sam Leo
Luca Ben Tom Olivia Amelia Sophia Isabella Charlotte Harper Evelyn Abigail Emily Elizabeth Sofia Avery Scarlett Victoria
Madison Luna Aria Layla Camila Penelope Riley Zoey Nova Hannah Lillian Addison Aubrey Ellie Stella Natalie Hazel Violet
Aurora Savannah Audrey Brooklyn Bella Claire Skylar Lucy Paisley Everly Anna Caroline Genesis Aaliyah Kennedy Kinsley
Allison Gabriella Madelyn Cora Maria Alice Naomi Eleanor Elena Sadie Ariana Quinn Piper Lydia Julia Valentina Rose Ayla
James William Benjamin Lucas Henry Alexander Mason Michael Ethan Daniel Jacob Logan Jackson Levi Sebastian Mateo Jack
Aiden John David Wyatt Carter Julian Luke Grayson Isaac Jayden Theodore Gabriel Anthony Dylan Christopher Joshua Andrew
Lincoln Mila Fatima Aisha Priya Ananya Yuki Hana Mei Chen Wei Kenji Diego Lucia Marta Pablo Jorge Ines Tiago Joao Ana
Bianca Giulia Marco Luca Matteo Chiara Francesca Hugo Louis Jules Manon Camille Lea Lina Emil Freya Astrid Nils`
    .split(/\s+/)
    .filter(Boolean);
const LAST =
  `Garcia Smith Johnson Brown Martin Lopez Wilson Taylor Moore Clark Lewis Walker Hall Young King Wright Scott
Green Baker Adams Nelson Hill Ramirez Campbell Mitchell Roberts Carter Phillips Evans Turner Torres Parker Collins Edwards
Stewart Flores Morris Nguyen Murphy Rivera Cook Rogers Morgan Peterson Cooper Reed Bailey Bell Gomez Kelly Howard Ward
Cox Diaz Richardson Wood Watson Brooks Bennett Gray James Reyes Cruz Hughes Price Myers Long Foster Sanders Ross Morales
Powell Sullivan Russell Ortiz Jenkins Gutierrez Perry Butler Barnes Fisher Henderson Coleman Simmons Patterson Jordan
Reynolds Hamilton Graham Kim Gonzales Alexander Ramos Wallace Griffin West Cole Hayes Chavez Gibson Bryant Ellis Stevens
Murray Ford Marshall Owens McDonald Harrison Ruiz Kennedy Wells Alvarez Woods Mendoza Castillo Olson Webb Washington
Tucker Freeman Burns Henry Vasquez Snyder Simpson Crawford Jimenez Porter Mason Shaw Gordon Wagner Hunter Romero Hicks
Dixon Hunt Palmer Robertson Black Holmes Stone Meyer Boyd Mills Warren Fox Rose Rice Moreno Schmidt Patel Ferguson Nichols
Herrera Medina Ryan Fernandez Weaver Daniels Stephens Gardner Payne Kelley Dunn Pierce Arnold Tran Spencer Peters Hawkins
Grant Hansen Castro Hoffman Hart Elliott Cunningham Knight Bradley Rossi Russo Ferrari Bianchi Romano Colombo Dubois
Moreau Laurent Lefebvre Muller Schneider Fischer Weber Becker Wagner Silva Santos Oliveira Souza Pereira Costa Tanaka
Suzuki Sato Watanabe Ito Yamamoto Nakamura Kobayashi Wang Li Zhang Liu Chen Yang Huang Zhao Singh Kumar Sharma Gupta`
    .split(/\s+/)
    .filter(Boolean);
const STAGE_NAMES = [
  'New member',
  'Welcomed',
  'In conversation',
  'Interested',
  'Call booked',
  'Proposal sent',
  'Client',
  'Not interested',
  'Alumni',
  'Referral partner',
  'On hold',
  'Follow up later',
];
const STAGE_COLORS = [
  '#1C7EBB',
  '#4DABF7',
  '#F59F00',
  '#E8590C',
  '#7048E8',
  '#C2255C',
  '#2F9E44',
  '#868E96',
  '#0C8599',
  '#5C940D',
  '#862E9C',
  '#495057',
];
const QUESTIONS = [
  [
    'What made you join the group?',
    ['A friend recommended it', 'I want more energy', 'Accountability', 'Ideas'],
  ],
  [
    'What is your biggest challenge right now?',
    ['Finding time', 'Staying consistent', 'Motivation', 'Sleep'],
  ],
  ['Where can we send you the free guide? (email)', ['', 'Yes please!', 'See my email below']],
] as const;
const NOTES = [
  'Asked about the 6-week program start date.',
  'Prefers messages in the evening.',
  'Joined the live Q&A on Tuesday and asked two questions.',
  'Interested in the nutrition add-on.',
  'Follow up after her vacation next week.',
  'Replied to the welcome message, wants the price list.',
  'Came from the Sunday live; very engaged in comments.',
];
const TASK_NAMES = ['Follow up', 'Send the price list', 'Check in after the call', 'Send the welcome guide'];
/** Platforms weighted as a community lead's contacts usually are: mostly Facebook and Instagram. */
const PLATFORM_WEIGHTS: [string, number][] = [
  ['facebook', 0.55],
  ['instagram', 0.3],
  ['tiktok', 0.06],
  ['linkedin', 0.04],
  ['youtube', 0.03],
  ['skool', 0.02],
];

/** A small deterministic random source, so two runs seed the same shapes. */
export function randomSource(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    // xorshift32
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4_294_967_296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
    chance: (probability: number) => next() < probability,
  };
}
type Random = ReturnType<typeof randomSource>;

function pickPlatform(random: Random, not?: string): string {
  for (;;) {
    let roll = random.next();
    for (const [platform, weight] of PLATFORM_WEIGHTS) {
      roll -= weight;
      if (roll <= 0) {
        if (platform !== not) return platform;
        break;
      }
    }
    if (roll > 0 && not !== 'facebook') return 'facebook';
  }
}

type ColumnType = 'text' | 'timestamptz' | 'jsonb' | 'boolean' | 'integer' | 'numeric';

/** Rows of one table, kept column by column: one INSERT … SELECT FROM unnest(…) per batch. */
class ColumnBatch {
  readonly values: unknown[][];
  length = 0;
  constructor(
    readonly table: string,
    readonly columns: [name: string, type: ColumnType][],
  ) {
    this.values = columns.map(() => []);
  }
  push(...row: unknown[]) {
    for (let index = 0; index < row.length; index += 1) this.values[index]!.push(row[index]);
    this.length += 1;
  }
  take(): unknown[][] {
    const taken = this.values.map((column) => column.splice(0));
    this.length = 0;
    return taken;
  }
}

/** Where bulk rows go: COPY on a PostgreSQL server, multi-row statements elsewhere. */
interface RowSink {
  /** How many batches may be written at once. */
  lanes: number;
  write(batch: ColumnBatch): Promise<number>;
  close(): Promise<void>;
}

/** One statement for a whole batch of rows; PGlite takes array parameters in process. */
function statementSink(engine: Engine): RowSink {
  return {
    lanes: 1,
    async write(batch) {
      const count = batch.length;
      const columns = batch.take();
      const names = batch.columns.map(([name]) => name).join(', ');
      // jsonb travels as text and is cast per row (a jsonb[] literal would need escaping twice).
      const selects = batch.columns
        .map(([name, type]) => (type === 'jsonb' ? `${name}::jsonb` : name))
        .join(', ');
      const unnests = batch.columns
        .map(([, type], index) => `$${index + 1}::${type === 'jsonb' ? 'text' : type}[]`)
        .join(', ');
      const started = performance.now();
      await engine.executeSql(
        `insert into ${batch.table} (${names}) select ${selects} from unnest(${unnests}) as u(${names})`,
        columns,
      );
      insertSeconds.set(
        batch.table,
        (insertSeconds.get(batch.table) ?? 0) + (performance.now() - started) / 1000,
      );
      return count;
    },
    close: () => Promise.resolve(),
  };
}

/** A COPY … FROM STDIN of one buffer, as a pg submittable (pg has no COPY of its own). */
class CopyIn implements pg.Submittable {
  readonly done: Promise<void>;
  private settle!: { resolve: () => void; reject: (error: unknown) => void };
  constructor(
    private readonly text: string,
    private readonly data: Buffer,
  ) {
    this.done = new Promise((resolve, reject) => (this.settle = { resolve, reject }));
  }
  submit(connection: pg.Connection) {
    (connection as unknown as { query(text: string): void }).query(this.text);
  }
  handleCopyInResponse(connection: pg.Connection) {
    const copy = connection as unknown as { sendCopyFromChunk(data: Buffer): void; endCopyFrom(): void };
    copy.sendCopyFromChunk(this.data);
    copy.endCopyFrom();
  }
  handleCommandComplete() {}
  handleReadyForQuery() {
    this.settle.resolve();
  }
  handleError(error: unknown) {
    this.settle.reject(error);
  }
}

/** COPY's text format: tab-separated, \N for null, backslash escapes. */
function copyField(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const text =
    typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value);
  return /[\\\t\n\r]/.test(text)
    ? text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : text;
}

function copySink(url: string): RowSink {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  return {
    lanes: 2,
    async write(batch) {
      const count = batch.length;
      const columns = batch.take();
      const lines: string[] = [];
      for (let row = 0; row < count; row += 1)
        lines.push(columns.map((column) => copyField(column[row])).join('\t'));
      const names = batch.columns.map(([name]) => name).join(', ');
      const client = await pool.connect();
      try {
        const started = performance.now();
        await client.query(
          new CopyIn(`copy ${batch.table} (${names}) from stdin`, Buffer.from(`${lines.join('\n')}\n`)),
        ).done;
        insertSeconds.set(
          batch.table,
          (insertSeconds.get(batch.table) ?? 0) + (performance.now() - started) / 1000,
        );
      } finally {
        client.release();
      }
      return count;
    },
    close: () => pool.end(),
  };
}

/** Time spent writing each table, for the progress log. */
const insertSeconds = new Map<string, number>();

/** Tables the seed fills in bulk; their secondary indexes are built once, after the load. */
const BULK_TABLES = [
  'contacts',
  'contact_sources',
  'contact_pipelines',
  'stage_history',
  'contact_tags',
  'deals',
  'notes',
  'activities',
  'tasks',
];

/**
 * Drops the bulk tables' primary keys and indexes, answering the statements that restore them:
 * building an index once over loaded rows is several times cheaper than keeping it up row by row.
 */
async function dropIndexes(engine: Engine): Promise<string[]> {
  const keys = await engine.executeSql(
    `select c.conrelid::regclass::text as table_name, c.conname as name, pg_get_constraintdef(c.oid) as def
      from pg_constraint c join pg_class t on t.oid = c.conrelid
      where c.contype = 'p' and t.relnamespace = current_schema()::regnamespace and t.relname = any($1::text[])`,
    [BULK_TABLES],
  );
  const indexes = await engine.executeSql(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
      where i.schemaname = current_schema() and i.tablename = any($1::text[])
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [BULK_TABLES],
  );
  for (const row of indexes.rows) await engine.executeSql(`drop index if exists "${String(row.name)}"`);
  for (const row of keys.rows)
    await engine.executeSql(`alter table ${String(row.table_name)} drop constraint "${String(row.name)}"`);
  return [
    ...keys.rows.map(
      (row) =>
        `alter table ${String(row.table_name)} add constraint "${String(row.name)}" ${String(row.def)}`,
    ),
    ...indexes.rows.map((row) => String(row.def)),
  ];
}

async function createIndexes(engine: Engine, definitions: string[]) {
  const settings = engine.kind === 'postgres' ? `set maintenance_work_mem = '256MB'; ` : '';
  if (engine.kind !== 'postgres') {
    for (const definition of definitions) await engine.executeSql(definition);
    return;
  }
  // Two at a time: the indexes of different tables build side by side on a server.
  const queue = [...definitions];
  await Promise.all(
    [0, 1].map(async () => {
      for (let definition = queue.shift(); definition; definition = queue.shift())
        await engine.executeSql(`${settings}${definition}`);
    }),
  );
}

/** Splits `total` over `count` teams unevenly (a few big communities, many small ones). */
function teamSizes(total: number, count: number, random: Random): number[] {
  if (count <= 0) return [];
  const weights = Array.from({ length: count }, () => 0.3 + random.next() ** 2 * 1.7);
  const sum = weights.reduce((a, b) => a + b, 0);
  const sizes = weights.map((weight) => Math.floor((weight / sum) * total));
  sizes[0]! += total - sizes.reduce((a, b) => a + b, 0);
  return sizes;
}

interface TeamPlan {
  teamId: string;
  ownerUid: string;
  ownerName: string;
  contacts: number;
  stages: number;
  big: boolean;
}

/** The setup rows of a team (pipelines, stages, phases, tag sets, tags, labels) through Drizzle. */
async function seedSetup(databases: Databases, plan: TeamPlan, random: Random) {
  const db = databases.forTeam(plan.teamId);
  const teamId = plan.teamId;
  const phaseRanks = spreadRanks(3);
  const phaseRows = ['Lead', 'Conversation', 'Client'].map((name, index) => ({
    teamId,
    id: createPushId('ph_'),
    name,
    rank: phaseRanks[index]!,
  }));
  await db.insert(phases).values(phaseRows);
  const boardCount = plan.big ? 2 : 1 + random.int(3);
  const boardRanks = spreadRanks(boardCount);
  const boards: { id: string; stageIds: string[]; questions: boolean; platform: string }[] = [];
  for (let index = 0; index < boardCount; index += 1) {
    const id = createPushId('pl_');
    const stageCount = index === 0 ? plan.stages : 4 + random.int(3);
    const questions = index === 0;
    await db.insert(pipelines).values({
      teamId,
      id,
      nickName: index === 0 ? 'Main community (Facebook group)' : `Leads ${index + 1}`,
      isDefault: index === 0,
      rank: boardRanks[index]!,
      questions: questions ? QUESTIONS.map(([question]) => question) : [],
    });
    const stageRanks = spreadRanks(stageCount);
    const stageRows = Array.from({ length: stageCount }, (_, stageIndex) => {
      const color = STAGE_COLORS[stageIndex % STAGE_COLORS.length]!;
      return {
        teamId,
        id: createPushId('stg_'),
        pipelineId: id,
        name:
          STAGE_NAMES[stageIndex % STAGE_NAMES.length]! +
          (stageIndex >= STAGE_NAMES.length ? ` ${stageIndex}` : ''),
        color,
        fontColor: pickReadableFontColor(color),
        phaseId: phaseRows[Math.min(2, Math.floor((stageIndex * 3) / stageCount))]!.id,
        rank: stageRanks[stageIndex]!,
      };
    });
    await db.insert(stages).values(stageRows);
    boards.push({
      id,
      stageIds: stageRows.map((row) => row.id),
      questions,
      platform: index === 0 ? 'facebook' : 'instagram',
    });
  }
  const setRanks = spreadRanks(3);
  const tagList: SeededTag[] = [];
  const sets = [
    {
      name: 'Interests',
      pipelineId: null,
      color: DEFAULT_TAG_SET_COLOR,
      names: ['Fitness', 'Nutrition', 'Mindset', 'Yoga', 'Running', 'Recipes'],
    },
    {
      name: 'Source',
      pipelineId: null,
      color: '#7048E8',
      names: ['Live', 'Post', 'Ad', 'Referral', 'Challenge'],
    },
    { name: 'Temperature', pipelineId: boards[0]!.id, color: '#E8590C', names: ['Hot', 'Warm', 'Cold'] },
  ];
  const tagGroups: string[][] = [];
  for (const [index, set] of sets.entries()) {
    const id = createPushId('ts_');
    await db.insert(tagSets).values({
      teamId,
      id,
      pipelineId: set.pipelineId,
      name: set.name,
      color: set.color,
      rank: setRanks[index]!,
    });
    const rows = set.names.map((name) => ({ teamId, id: createPushId('tag_'), tagSetId: id, name }));
    await db.insert(tags).values(rows);
    tagGroups.push(rows.map((row) => row.id));
    tagList.push(...rows.map((row) => ({ id: row.id, name: row.name, tagSetName: set.name })));
  }
  const labelRanks = spreadRanks(3);
  await db.insert(statusLabels).values(
    [
      ['Needs reply', '#E8590C'],
      ['Waiting on them', '#1C7EBB'],
      ['VIP', '#2F9E44'],
    ].map(([display, color], index) => ({
      teamId,
      id: createPushId('lbl_'),
      display: display!,
      color: color!,
      rank: labelRanks[index]!,
    })),
  );
  return { boards, tagGroups, tagList };
}

/** Column layouts of the bulk tables (the generated search_vector is left to the database). */
function newBatches() {
  return {
    contacts: new ColumnBatch('contacts', [
      ['team_id', 'text'],
      ['id', 'text'],
      ['first_name', 'text'],
      ['last_name', 'text'],
      ['name', 'text'],
      ['email_address', 'text'],
      ['phone_number', 'text'],
      ['handles', 'text'],
      ['created_at', 'timestamptz'],
      ['updated_at', 'timestamptz'],
    ]),
    sources: new ColumnBatch('contact_sources', [
      ['team_id', 'text'],
      ['contact_id', 'text'],
      ['platform', 'text'],
      ['profile_id', 'text'],
      ['username', 'text'],
      ['url', 'text'],
      ['created_at', 'timestamptz'],
      ['updated_at', 'timestamptz'],
    ]),
    placements: new ColumnBatch('contact_pipelines', [
      ['team_id', 'text'],
      ['contact_id', 'text'],
      ['pipeline_id', 'text'],
      ['stage_id', 'text'],
      ['questions', 'jsonb'],
      ['rank', 'text'],
      ['added_at', 'timestamptz'],
      ['stage_changed_at', 'timestamptz'],
    ]),
    history: new ColumnBatch('stage_history', [
      ['team_id', 'text'],
      ['contact_id', 'text'],
      ['pipeline_id', 'text'],
      ['id', 'text'],
      ['stage_id', 'text'],
      ['entered_at', 'timestamptz'],
      ['by_uid', 'text'],
    ]),
    tags: new ColumnBatch('contact_tags', [
      ['team_id', 'text'],
      ['contact_id', 'text'],
      ['tag_id', 'text'],
      ['added_at', 'timestamptz'],
    ]),
    deals: new ColumnBatch('deals', [
      ['team_id', 'text'],
      ['id', 'text'],
      ['contact_id', 'text'],
      ['pipeline_id', 'text'],
      ['name', 'text'],
      ['value', 'numeric'],
      ['currency', 'text'],
      ['status', 'text'],
      ['closed_at', 'timestamptz'],
      ['created_at', 'timestamptz'],
      ['updated_at', 'timestamptz'],
    ]),
    notes: new ColumnBatch('notes', [
      ['team_id', 'text'],
      ['id', 'text'],
      ['contact_id', 'text'],
      ['text', 'text'],
      ['created_by_uid', 'text'],
      ['created_at', 'timestamptz'],
      ['updated_at', 'timestamptz'],
    ]),
    activities: new ColumnBatch('activities', [
      ['team_id', 'text'],
      ['id', 'text'],
      ['contact_id', 'text'],
      ['pipeline_id', 'text'],
      ['type', 'text'],
      ['action', 'text'],
      ['created_at', 'timestamptz'],
      ['created_by', 'text'],
      ['created_by_uid', 'text'],
      ['note', 'text'],
      ['data', 'jsonb'],
    ]),
    tasks: new ColumnBatch('tasks', [
      ['team_id', 'text'],
      ['id', 'text'],
      ['contact_id', 'text'],
      ['task_name', 'text'],
      ['assignee_uid', 'text'],
      ['due_date', 'text'],
      ['time_zone', 'text'],
      ['due_at', 'timestamptz'],
      ['status', 'text'],
      ['series_id', 'text'],
      ['completed_at', 'timestamptz'],
      ['created_by_uid', 'text'],
    ]),
  };
}
type Batches = ReturnType<typeof newBatches>;

const BATCH_ROWS = 5_000;

/** Writes full batches; with `all`, every batch. */
async function flush(sink: RowSink, batches: Batches, all = false): Promise<number> {
  const ready = Object.values(batches).filter((batch) => batch.length >= (all ? 1 : BATCH_ROWS));
  let written = 0;
  const queue = [...ready];
  await Promise.all(
    Array.from({ length: sink.lanes }, async () => {
      for (let batch = queue.shift(); batch; batch = queue.shift()) written += await sink.write(batch);
    }),
  );
  return written;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Contacts of one team with their sources, placements, history, tags, deals, notes, tasks and activities. */
async function seedContacts(
  sink: RowSink,
  plan: TeamPlan,
  setup: Awaited<ReturnType<typeof seedSetup>>,
  random: Random,
  now: number,
  batches: Batches,
): Promise<number> {
  const { teamId, ownerUid, ownerName } = plan;
  const [main, ...others] = setup.boards;
  const mainRanks = new Map(main!.stageIds.map((stageId) => [stageId, 0]));
  // Cards per stage are counted first, so each stage's ranks come from one ranksAfter call.
  const stageOf: number[] = [];
  for (let index = 0; index < plan.contacts; index += 1) {
    // Early stages hold most people, as on a real board.
    const stageIndex = Math.min(
      main!.stageIds.length - 1,
      Math.floor(random.next() ** 1.8 * main!.stageIds.length),
    );
    stageOf.push(stageIndex);
    const stageId = main!.stageIds[stageIndex]!;
    mainRanks.set(stageId, mainRanks.get(stageId)! + 1);
  }
  const rankLists = new Map([...mainRanks].map(([stageId, count]) => [stageId, ranksAfter(null, count)]));
  const rankUsed = new Map(main!.stageIds.map((stageId) => [stageId, 0]));
  const otherRanks = others.map(() => ranksAfter(null, plan.contacts));
  const usedIds = new Set<string>();
  let written = 0;
  const [interests, sourceTags, temperature] = setup.tagGroups;

  for (let index = 0; index < plan.contacts; index += 1) {
    const first = random.pick(FIRST);
    const last = random.pick(LAST);
    let created = now - Math.floor(random.next() ** 0.7 * 720 * DAY);
    let id = `${random.pick(CONTACT_ID_ADJECTIVES)}-${random.pick(CONTACT_ID_ANIMALS)}-${created}`;
    while (usedIds.has(id)) {
      created -= 1;
      id = `${random.pick(CONTACT_ID_ADJECTIVES)}-${random.pick(CONTACT_ID_ANIMALS)}-${created}`;
    }
    usedIds.add(id);
    const handle = `${first}.${last}${index}`.toLowerCase();
    const updated = Math.min(now, created + Math.floor(random.next() * 30 * DAY));
    batches.contacts.push(
      teamId,
      id,
      first,
      last,
      `${first} ${last}`,
      random.chance(0.6)
        ? `${handle}@${random.pick(['gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com'])}`
        : null,
      random.chance(0.3)
        ? `+1${200 + random.int(799)}${String(1_000_000 + random.int(8_999_999)).slice(0, 7)}`
        : null,
      handle,
      iso(created),
      iso(updated),
    );
    const platform = pickPlatform(random);
    batches.sources.push(
      teamId,
      id,
      platform,
      String(10_000_000_000 + index),
      handle,
      `https://www.${platform}.com/${handle}`,
      iso(created),
      iso(created),
    );
    if (random.chance(0.25)) {
      const second = pickPlatform(random, platform);
      batches.sources.push(
        teamId,
        id,
        second,
        null,
        `${handle}_${second.slice(0, 2)}`,
        null,
        iso(created),
        iso(created),
      );
    }
    activity(batches, teamId, id, null, 'contact', 'created', created, ownerName, ownerUid, null, {
      sources: [platform],
    });

    const stageIndex = stageOf[index]!;
    const stageId = main!.stageIds[stageIndex]!;
    const rank = rankLists.get(stageId)![rankUsed.get(stageId)!]!;
    rankUsed.set(stageId, rankUsed.get(stageId)! + 1);
    const answers = QUESTIONS.map(([question, list]) => ({ question, answer: random.pick(list) })).filter(
      (qa) => qa.answer,
    );
    let at = created;
    const history: [string, number][] = [];
    for (let passed = 0; passed <= stageIndex; passed += 1) {
      history.push([main!.stageIds[passed]!, at]);
      at = Math.min(now, at + Math.floor(random.next() * 6 * DAY));
    }
    // A contact that moved on skipped some stages' history now and then.
    const kept = history.filter(
      (entry, position) => position === 0 || position === history.length - 1 || random.chance(0.5),
    );
    batches.placements.push(
      teamId,
      id,
      main!.id,
      stageId,
      JSON.stringify(answers),
      rank,
      iso(created),
      iso(kept.at(-1)![1]),
    );
    activity(batches, teamId, id, main!.id, 'pipeline', 'added', created, ownerName, ownerUid, null, {
      stageUID: main!.stageIds[0],
    });
    for (const [position, [passedStage, enteredAt]] of kept.entries()) {
      batches.history.push(
        teamId,
        id,
        main!.id,
        createPushId('sh_', enteredAt),
        passedStage,
        iso(enteredAt),
        ownerUid,
      );
      if (position > 0)
        activity(batches, teamId, id, main!.id, 'stage', 'changed', enteredAt, ownerName, ownerUid, null, {
          to: passedStage,
        });
    }
    for (const [boardIndex, board] of others.entries()) {
      if (!random.chance(0.25)) continue;
      const otherStage = board.stageIds[Math.floor(random.next() ** 1.5 * board.stageIds.length)]!;
      batches.placements.push(
        teamId,
        id,
        board.id,
        otherStage,
        '[]',
        otherRanks[boardIndex]![index]!,
        iso(created),
        iso(created),
      );
      batches.history.push(
        teamId,
        id,
        board.id,
        createPushId('sh_', created),
        otherStage,
        iso(created),
        ownerUid,
      );
    }

    const tagIds = new Set<string>();
    tagIds.add(random.pick(interests!));
    if (random.chance(0.35)) tagIds.add(random.pick(interests!));
    if (random.chance(0.55)) tagIds.add(random.pick(sourceTags!));
    if (random.chance(0.4)) tagIds.add(random.pick(temperature!));
    if (random.chance(0.1)) tagIds.clear();
    for (const tagId of tagIds) batches.tags.push(teamId, id, tagId, iso(created));

    if (random.chance(0.22)) {
      const count = random.chance(0.3) ? 2 : 1;
      for (let note = 0; note < count; note += 1) {
        const noteAt = Math.min(now, created + Math.floor(random.next() * 20 * DAY));
        const text = random.pick(NOTES);
        batches.notes.push(
          teamId,
          createPushId('note_', noteAt),
          id,
          text,
          ownerUid,
          iso(noteAt),
          iso(noteAt),
        );
        activity(batches, teamId, id, null, 'note', 'added', noteAt, ownerName, ownerUid, text, {});
      }
    }
    const stageName = STAGE_NAMES[stageIndex % STAGE_NAMES.length];
    if (
      stageName === 'Client' ||
      ((stageName === 'Call booked' || stageName === 'Proposal sent') && random.chance(0.5))
    ) {
      const status = stageName === 'Client' ? 'won' : 'open';
      const value = random.pick([197, 297, 497, 997, 1497]);
      batches.deals.push(
        teamId,
        createPushId('deal_', at),
        id,
        main!.id,
        '6-week program',
        value.toFixed(2),
        'USD',
        status,
        status === 'won' ? iso(at) : null,
        iso(at),
        iso(at),
      );
      activity(
        batches,
        teamId,
        id,
        main!.id,
        'deal',
        status === 'won' ? 'won' : 'added',
        at,
        ownerName,
        ownerUid,
        null,
        { value, currency: 'USD' },
      );
    }
    if (random.chance(0.08)) {
      const due = now + Math.floor((random.next() - 0.4) * 20 * DAY);
      const done = due < now && random.chance(0.7);
      batches.tasks.push(
        teamId,
        createPushId('task_', due),
        id,
        random.pick(TASK_NAMES),
        ownerUid,
        iso(due).slice(0, 10),
        'UTC',
        iso(due),
        done ? 'completed' : 'active',
        createPushId('series_', due),
        done ? iso(due) : null,
        ownerUid,
      );
    }
    if (index % 1_000 === 999) written += await flush(sink, batches);
  }
  return written;
}

function activity(
  batches: Batches,
  teamId: string,
  contactId: string,
  pipelineId: string | null,
  type: string,
  action: string,
  at: number,
  createdBy: string,
  createdByUid: string,
  note: string | null,
  data: Record<string, unknown>,
) {
  batches.activities.push(
    teamId,
    createPushId('act_', at),
    contactId,
    pipelineId,
    type,
    action,
    iso(at),
    createdBy,
    createdByUid,
    note,
    JSON.stringify(data),
  );
}

/**
 * Fills the databases with teams, users and contacts in realistic proportions, fast: setup rows
 * through Drizzle, the bulk tables in multi-row statements with their secondary indexes built
 * after the load. The big team (first) is owned by BENCH_USER, with BENCH_MEMBER as a member.
 */
export async function seedLarge(
  databases: Databases,
  options: SeedOptions,
  now = Date.now(),
): Promise<SeedResult> {
  const started = performance.now();
  insertSeconds.clear();
  const log = options.log ?? (() => undefined);
  const random = randomSource(20_260_101);
  const directory = databases.directory;
  const taken = await directory
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, [BENCH_USER.email, BENCH_MEMBER.email]));
  if (taken.length > 0)
    throw new Error(`The database already holds ${BENCH_USER.email}: seed an empty database.`);

  // One real password hash, shared by every seeded account (hashing is slow on purpose).
  const passwordHash = await hash(BENCH_USER.password);
  const teamCount = Math.max(1, options.teams);
  const sizes = [
    options.bigTeamContacts,
    ...teamSizes(options.contacts - options.bigTeamContacts, teamCount - 1, random),
  ];
  const plans: TeamPlan[] = sizes.map((size, index) => ({
    teamId: createPushId('', now - (teamCount - index) * 1000),
    ownerUid: createPushId('u_'),
    ownerName: index === 0 ? BENCH_USER.name : `${random.pick(FIRST)} ${random.pick(LAST)}`,
    contacts: Math.max(0, size),
    stages: index === 0 ? options.stages : 4 + random.int(5),
    big: index === 0,
  }));
  const memberUid = createPushId('u_');
  const userRows = plans.map((plan, index) => ({
    id: plan.ownerUid,
    name: plan.ownerName,
    email:
      index === 0
        ? BENCH_USER.email
        : `owner-${index}-${plan.teamId.toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`,
    emailVerified: true,
    termsVersion: TERMS_VERSION,
    passwordSet: true,
    currentTeamId: plan.teamId,
  }));
  userRows.push({
    id: memberUid,
    name: BENCH_MEMBER.name,
    email: BENCH_MEMBER.email,
    emailVerified: true,
    termsVersion: TERMS_VERSION,
    passwordSet: true,
    currentTeamId: plans[0]!.teamId,
  });
  await directory.transaction(async (tx) => {
    await tx.insert(users).values(userRows);
    await tx.insert(accounts).values(
      userRows.map((user) => ({
        id: createPushId('acc_'),
        accountId: user.id,
        providerId: 'credential',
        userId: user.id,
        password: passwordHash,
      })),
    );
    await tx.insert(teams).values(
      plans.map((plan, index) => ({
        id: plan.teamId,
        name: index === 0 ? 'Bench Community' : `Community ${index + 1}`,
        ownerId: plan.ownerUid,
      })),
    );
    await tx.insert(teamMembers).values([
      ...plans.map((plan) => ({
        teamId: plan.teamId,
        userId: plan.ownerUid,
        role: 'owner' as const,
        groupAccess: [],
      })),
      { teamId: plans[0]!.teamId, userId: memberUid, role: 'admin' as const, groupAccess: [] },
    ]);
    // Room for the import figure's new contacts on top of what is seeded.
    await tx.insert(subscriptions).values(
      plans.map((plan) => ({
        teamId: plan.teamId,
        status: 'active' as const,
        tier: 4 as const,
        facebookPlan: 'pro',
        instagramPlan: 'pro',
        contactBlocks: Math.ceil((plan.contacts + 200_000) / 5000),
      })),
    );
  });
  log(`${plans.length} teams and ${userRows.length} users created`);

  const engines = [...new Set(plans.map((plan) => databases.shardFor(plan.teamId).engine))];
  const dropped = new Map<Engine, string[]>();
  for (const engine of engines) {
    dropped.set(engine, await dropIndexes(engine));
    // The KPI rollup is rebuilt once after the load: its triggers would look up unindexed rows.
    await engine.executeSql('select kpi_set_triggers(false)');
  }
  const sinks = new Map(
    engines.map((engine) => {
      const url = engine.kind === 'postgres' ? options.copyUrl?.(engine) : undefined;
      return [engine, url ? copySink(url) : statementSink(engine)] as const;
    }),
  );
  let rows = 0;
  let contacts = 0;
  let big: SeededTeam | null = null;
  try {
    for (const [index, plan] of plans.entries()) {
      const sink = sinks.get(databases.shardFor(plan.teamId).engine)!;
      const setup = await seedSetup(databases, plan, random);
      const batches = newBatches();
      rows += await seedContacts(sink, plan, setup, random, now, batches);
      rows += await flush(sink, batches, true);
      contacts += plan.contacts;
      if (plan.big)
        big = {
          teamUID: plan.teamId,
          ownerUID: plan.ownerUid,
          pipelineId: setup.boards[0]!.id,
          stageIds: setup.boards[0]!.stageIds,
          secondPipelineId: setup.boards[1]?.id ?? setup.boards[0]!.id,
          tags: setup.tagList,
          contacts: plan.contacts,
          words: { first: FIRST, last: LAST },
        };
      if (index % 10 === 0 || index === plans.length - 1)
        log(
          `team ${index + 1}/${plans.length}: ${contacts.toLocaleString('en-US')} contacts, ${rows.toLocaleString('en-US')} rows`,
        );
    }
  } finally {
    for (const sink of sinks.values()) await sink.close();
    for (const [engine, definitions] of dropped) {
      log(
        `writes: ${[...insertSeconds].map(([table, seconds]) => `${table} ${seconds.toFixed(1)} s`).join(', ')}`,
      );
      log(`building ${definitions.length} indexes`);
      const indexStarted = performance.now();
      await createIndexes(engine, definitions);
      log(`indexes built in ${((performance.now() - indexStarted) / 1000).toFixed(1)} s`);
      // As autovacuum would have by now: planner statistics, and a visibility map for index-only scans.
      await engine.executeSql(`vacuum analyze ${BULK_TABLES.join(', ')}`);
      const rollupStarted = performance.now();
      await engine.executeSql('select kpi_set_triggers(true)');
      await engine.executeSql('select kpi_rebuild(null)');
      await engine.executeSql('vacuum analyze kpi_hourly');
      log(`KPI rollups rebuilt in ${((performance.now() - rollupStarted) / 1000).toFixed(1)} s`);
      // The seed's pages written out now, not by the checkpointer while the first figures are taken.
      // CHECKPOINT needs a superuser or pg_checkpoint; without, the checkpointer does it in time.
      if (engine.kind === 'postgres')
        await engine.executeSql('checkpoint').catch((error: unknown) => {
          log(`no checkpoint after the seed (${error instanceof Error ? error.message : String(error)})`);
        });
    }
  }
  return { big: big!, teams: plans.length, contacts, rows, seconds: (performance.now() - started) / 1000 };
}
