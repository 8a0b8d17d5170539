// A fingerprint of a team's rows: one hash per table, read in one statement per database, so the
// suites can prove after each refused call that nothing of the team changed (not even a rename that
// logs no change event). The teams the suites build hold a few dozen rows, so hashing them all costs
// about as much as counting them.
import type { Engine } from '../platform/db/engine';
import type { TestServer } from '../testing/test-server';

export type Fingerprint = Map<string, string>;

interface Table {
  engine: Engine;
  name: string;
  columns: Set<string>;
}

async function tablesOf(engine: Engine): Promise<Table[]> {
  const result = await engine.executeSql(
    `select table_name as name, array_agg(column_name::text) as columns
       from information_schema.columns
      where table_schema = current_schema()
      group by table_name`,
  );
  return result.rows.map((row) => ({
    engine,
    name: String(row.name),
    columns: new Set(row.columns as string[]),
  }));
}

/** `where` conditions over one table; none means the table holds nothing in scope. */
type Scope = (table: Table) => string[];

async function fingerprinter(server: TestServer, teamUID: string, scope: Scope, values: unknown[]) {
  const engines = [...new Set([server.databases.directoryEngine, server.databases.shardFor(teamUID).engine])];
  const queries: { engine: Engine; text: string }[] = [];
  for (const engine of engines) {
    const parts = (await tablesOf(engine)).flatMap((table) => {
      const conditions = scope(table);
      if (conditions.length === 0) return [];
      const name = table.name.replaceAll('"', '""');
      return [
        `select '${name}' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash
           from "${name}" t where ${conditions.map((condition) => `(${condition})`).join(' or ')}`,
      ];
    });
    queries.push({ engine, text: parts.join('\nunion all\n') });
  }
  return async (): Promise<Fingerprint> => {
    const fingerprint: Fingerprint = new Map();
    for (const { engine, text } of queries) {
      for (const row of (await engine.executeSql(text, values)).rows) {
        fingerprint.set(String(row.name), String(row.hash));
      }
    }
    return fingerprint;
  };
}

/** The app-wide tables a super user's requests write (app notifications, the app version). */
const APP_WIDE = new Set(['app_notifications', 'app_settings']);

/**
 * Every row of the team: its team tables, its directory entry, members, invitations, plan and
 * people with their extension sessions; with `appWide`, the app-wide tables too.
 */
export function teamFingerprint(
  server: TestServer,
  teamUID: string,
  memberUIDs: string[],
  { appWide = false } = {},
) {
  return fingerprinter(
    server,
    teamUID,
    (table) => {
      if (table.name === 'teams') return ['t.id = $1'];
      if (table.name === 'users') return ['t.id = any($2::text[])'];
      // The browsers the extension is signed in on as the team's people (nothing here uses them).
      if (table.name === 'extension_sessions') return ['t.user_id = any($2::text[])'];
      if (appWide && APP_WIDE.has(table.name)) return ['true'];
      return table.columns.has('team_id') ? ['t.team_id = $1'] : [];
    },
    [teamUID, memberUIDs],
  );
}

/**
 * The rows of what a member may not see: the hidden contacts and everything hung on them, the hidden
 * pipelines with their stages, tag sets and tags, the change events that name any of them, and the
 * memberships and invitations that open the hidden pipelines.
 */
export function hiddenFingerprint(
  server: TestServer,
  teamUID: string,
  hidden: { contacts: string[]; pipelines: string[]; tagSets: string[]; tags: string[] },
) {
  const everyId = [...hidden.contacts, ...hidden.pipelines, ...hidden.tagSets, ...hidden.tags];
  return fingerprinter(
    server,
    teamUID,
    (table) => {
      if (!table.columns.has('team_id')) return [];
      const has = (column: string) => table.columns.has(column);
      const conditions: string[] = [];
      if (table.name === 'contacts') conditions.push('t.id = any($2::text[])');
      if (table.name === 'pipelines') conditions.push('t.id = any($3::text[])');
      if (table.name === 'tag_sets') conditions.push('t.id = any($4::text[])');
      if (table.name === 'tags') conditions.push('t.id = any($5::text[])');
      if (has('contact_id')) conditions.push('t.contact_id = any($2::text[])');
      if (has('pipeline_id')) conditions.push('t.pipeline_id = any($3::text[])');
      if (has('tag_set_id')) conditions.push('t.tag_set_id = any($4::text[])');
      if (has('tag_id')) conditions.push('t.tag_id = any($5::text[])');
      if (table.name === 'team_events') conditions.push('t.ids ?| $6::text[]');
      // Who may see them: a member given access, or an invitation that would give it.
      if (has('group_access')) conditions.push('t.group_access ?| $3::text[]');
      return conditions.length > 0 ? [`t.team_id = $1 and (${conditions.join(' or ')})`] : [];
    },
    [teamUID, hidden.contacts, hidden.pipelines, hidden.tagSets, hidden.tags, everyId],
  );
}

/** The tables whose rows differ between two fingerprints. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}
