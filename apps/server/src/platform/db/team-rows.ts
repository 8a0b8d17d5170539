import type { ChangeEntity } from '@grouptrack/domain';
import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { NotFoundError } from '../errors';
import { appendChange } from '../realtime';
import type { Databases } from './databases';

/** A team-owned table whose rows have an id of their own. */
export type TeamKeyedTable = PgTable & { teamId: AnyPgColumn; id: AnyPgColumn };

/**
 * Deletes one row of a team's table and logs the change in the same transaction; a row that is
 * not there (or is another team's) answers NotFound with the given message.
 */
export async function deleteTeamRow(
  databases: Databases,
  teamUID: string,
  table: TeamKeyedTable,
  id: string,
  change: { entity: ChangeEntity; notFound: string },
) {
  await databases.forTeam(teamUID).transaction(async (tx) => {
    const deleted = await tx
      .delete(table)
      .where(and(eq(table.teamId, teamUID), eq(table.id, id)))
      .returning({ id: table.id });
    if (deleted.length === 0) throw new NotFoundError(change.notFound);
    await appendChange(tx, teamUID, { entity: change.entity, op: 'delete', ids: [id] });
  });
}
