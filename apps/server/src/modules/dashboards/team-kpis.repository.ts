import { and, asc, count, eq } from 'drizzle-orm';
import type { TeamDb } from '../../platform/db/databases';
import { teamKpis } from '../../platform/db/team-schema';

export type TeamKpiRow = typeof teamKpis.$inferSelect;
export type TeamKpiValues = Pick<TeamKpiRow, 'metric' | 'stageId' | 'currency' | 'period' | 'memberUid'> & {
  target: number;
};

/** The team's chosen KPIs, oldest first (the order they were added in). */
export function listTeamKpis(db: TeamDb, teamId: string) {
  return db
    .select()
    .from(teamKpis)
    .where(eq(teamKpis.teamId, teamId))
    .orderBy(asc(teamKpis.createdAt), asc(teamKpis.id));
}

export async function countTeamKpis(db: TeamDb, teamId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(teamKpis).where(eq(teamKpis.teamId, teamId));
  return Number(row?.n ?? 0);
}

export async function insertTeamKpi(
  db: TeamDb,
  row: TeamKpiValues & { teamId: string; id: string; createdBy: string },
) {
  await db.insert(teamKpis).values({ ...row, target: String(row.target) });
}

/** Whether a KPI of the team was there to change. */
export async function updateTeamKpi(db: TeamDb, teamId: string, id: string, values: TeamKpiValues) {
  const updated = await db
    .update(teamKpis)
    .set({ ...values, target: String(values.target), updatedAt: new Date() })
    .where(and(eq(teamKpis.teamId, teamId), eq(teamKpis.id, id)))
    .returning({ id: teamKpis.id });
  return updated.length > 0;
}

/** Whether a KPI of the team was there to remove. */
export async function deleteTeamKpi(db: TeamDb, teamId: string, id: string) {
  const deleted = await db
    .delete(teamKpis)
    .where(and(eq(teamKpis.teamId, teamId), eq(teamKpis.id, id)))
    .returning({ id: teamKpis.id });
  return deleted.length > 0;
}
