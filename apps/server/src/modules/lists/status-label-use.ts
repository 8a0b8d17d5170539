import { and, eq, sql } from 'drizzle-orm';
import type { TeamDb } from '../../platform/db/databases';
import { selectRows, textArray } from '../../platform/db/raw';
import { contacts, statusLabels } from '../../platform/db/team-schema';

// The SQL of contacts' status labels: which exist, how many carry each, and clearing a deleted one.

export async function findStatusLabel(db: TeamDb, teamId: string, id: string) {
  const [row] = await db
    .select({ id: statusLabels.id, display: statusLabels.display })
    .from(statusLabels)
    .where(and(eq(statusLabels.teamId, teamId), eq(statusLabels.id, id)));
  return row;
}

/**
 * How many contacts carry each label, by label id: those not deleted, and for a member only those
 * in a pipeline they may see ('all' for owners and admins). Read from the labelled-contacts index.
 */
export async function countLabelledContacts(
  db: TeamDb,
  teamId: string,
  visiblePipelineIds: string[] | 'all',
): Promise<Map<string, number>> {
  const visible =
    visiblePipelineIds === 'all'
      ? sql``
      : sql`and exists (select 1 from contact_pipelines v where v.team_id = c.team_id and v.contact_id = c.id and v.pipeline_id = any(${textArray(visiblePipelineIds)}))`;
  const rows = await selectRows<{ label: string; total: number }>(
    db,
    sql`select c.status_label_id as label, count(*)::int as total from contacts c
        where c.team_id = ${teamId} and c.status_label_id is not null and c.deleted_at is null ${visible}
        group by c.status_label_id`,
  );
  return new Map(rows.map((row) => [row.label, Number(row.total)]));
}

/**
 * Takes a deleted label off every contact that carried it (deleted ones too, so a restore brings
 * none back with a label that is gone), in one statement; answers how many. Their last update is
 * left as it was: nobody changed those contacts.
 */
export async function clearStatusLabel(tx: TeamDb, teamId: string, labelId: string): Promise<number> {
  const cleared = await tx
    .update(contacts)
    .set({ statusLabelId: null })
    .where(and(eq(contacts.teamId, teamId), eq(contacts.statusLabelId, labelId)))
    .returning({ id: contacts.id });
  return cleared.length;
}
