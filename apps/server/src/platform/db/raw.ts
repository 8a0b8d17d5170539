import { getTableColumns, sql, type Column, type SQL, type SQLChunk } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Drizzle } from './engine';

/** Runs hand-written SQL and answers its rows; both engines' results carry `rows`. */
export async function selectRows<T = Record<string, unknown>>(
  db: Drizzle<Record<string, unknown>>,
  query: SQL,
): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

/** One bound text[] parameter (Drizzle would spread a plain array into a list). */
export function textArray(values: readonly (string | null)[]): SQL {
  return sql`${sql.param(values)}::text[]`;
}

/** A comma-separated list of SQL parts. */
const join = (parts: SQLChunk[]) => sql.join(parts, sql`, `);

/**
 * `insert into <table> (…) select … from unnest(…)`: the rows travel as one text[] parameter per
 * column, each value written as Drizzle would bind it and cast back to the column's type. A batch
 * of thousands of rows then binds a dozen parameters, where a multi-row VALUES binds every value
 * (and Drizzle checks each one as it builds the statement). A column with one value in every row
 * (the team, the author, the kind of activity) binds that value once, which about halves the time
 * a batch of activities takes. The columns are those any row gives (a row without one of them
 * writes null there); the others take their defaults. Give at least one row; append
 * `on conflict …` or `returning …` as needed.
 */
export function insertUnnest<TTable extends PgTable>(
  table: TTable,
  rows: readonly TTable['$inferInsert'][],
): SQL {
  const columns = Object.entries(getTableColumns(table))
    .filter(([key]) => rows.some((row) => (row as Record<string, unknown>)[key] !== undefined))
    .map(([key, column]) => {
      const values = rows.map((row) => asText(column, (row as Record<string, unknown>)[key]));
      return { name: sql.identifier(column.name), type: sql.raw(column.getSQLType()), values };
    });
  // unnest needs at least one array to know how many rows there are.
  const varying = columns.filter(
    (column, index) => index === 0 || column.values.some((value) => value !== column.values[0]),
  );
  // A one-value column is bound as text and cast, as the arrays are: both engines pass text as it is.
  const selects = columns.map((column) =>
    varying.includes(column)
      ? sql`u.${column.name}::${column.type}`
      : sql`${column.values[0]}::text::${column.type}`,
  );
  return sql`insert into ${table} (${join(columns.map((column) => column.name))})
    select ${join(selects)}
    from unnest(${join(varying.map((column) => textArray(column.values)))}) as u(${join(varying.map((column) => column.name))})`;
}

/** A value as the text its column's type reads back (JSON for jsonb, ISO strings for timestamps). */
function asText(column: Column, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const bound = column.mapToDriverValue(value);
  return typeof bound === 'string' ? bound : String(bound);
}
