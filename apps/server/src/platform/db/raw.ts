import { sql, type SQL } from 'drizzle-orm';
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
export function textArray(values: readonly string[]): SQL {
  return sql`${sql.param(values)}::text[]`;
}
