import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { DirectoryDb } from '../../platform/db/databases';
import { impersonations, subscriptions, teamMembers, teams, users } from '../../platform/db/directory-schema';
import { SUPER_ROLE } from '../../platform/auth';

export type SubscriptionPatch = Partial<
  Pick<
    typeof subscriptions.$inferInsert,
    'status' | 'tier' | 'trialEndsAt' | 'facebookPlan' | 'instagramPlan' | 'contactBlocks' | 'extraSeats'
  >
>;

/** A LIKE pattern that matches the text anywhere, with LIKE's own wildcards taken literally. */
function containing(text: string) {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export async function searchUsers(
  db: DirectoryDb,
  options: { q?: string | undefined; limit: number; offset: number },
) {
  const where = options.q
    ? or(ilike(users.email, containing(options.q)), ilike(users.name, containing(options.q)))
    : undefined;
  const teamCount = db.select({ value: count() }).from(teamMembers).where(eq(teamMembers.userId, users.id));
  const items = await db
    .select({
      uid: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      createdAt: users.createdAt,
      teamCount: sql<number>`(${teamCount})`.mapWith(Number),
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), users.id)
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db.select({ value: count() }).from(users).where(where);
  return {
    items: items.map(({ role, createdAt, ...item }) => ({
      ...item,
      isSuper: role === SUPER_ROLE,
      createdAt: createdAt.toISOString(),
    })),
    total: total?.value ?? 0,
  };
}

export async function listTeamsOfUser(db: DirectoryDb, userId: string) {
  return db
    .select({ teamUID: teams.id, teamName: teams.name, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(teams.name);
}

export async function listImpersonationsOf(db: DirectoryDb, userId: string) {
  return db
    .select({
      id: impersonations.id,
      superUserUID: impersonations.superUserId,
      superUserEmail: users.email,
      reason: impersonations.reason,
      startedAt: impersonations.startedAt,
    })
    .from(impersonations)
    .leftJoin(users, eq(users.id, impersonations.superUserId))
    .where(eq(impersonations.targetUserId, userId))
    .orderBy(desc(impersonations.startedAt))
    .limit(20);
}

export async function insertImpersonation(db: DirectoryDb, row: typeof impersonations.$inferInsert) {
  await db.insert(impersonations).values(row);
}

export async function searchTeams(
  db: DirectoryDb,
  options: { q?: string | undefined; limit: number; offset: number },
) {
  const where = options.q
    ? or(
        ilike(teams.name, containing(options.q)),
        ilike(users.email, containing(options.q)),
        eq(teams.id, options.q),
      )
    : undefined;
  const memberCount = db.select({ value: count() }).from(teamMembers).where(eq(teamMembers.teamId, teams.id));
  const rows = await db
    .select({
      teamUID: teams.id,
      name: teams.name,
      ownerUID: users.id,
      ownerName: users.name,
      ownerEmail: users.email,
      memberCount: sql<number>`(${memberCount})`.mapWith(Number),
      subscription: subscriptions,
    })
    .from(teams)
    .innerJoin(users, eq(users.id, teams.ownerId))
    .innerJoin(subscriptions, eq(subscriptions.teamId, teams.id))
    .where(where)
    .orderBy(desc(teams.createdAt), teams.id)
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db
    .select({ value: count() })
    .from(teams)
    .innerJoin(users, eq(users.id, teams.ownerId))
    .where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function updateSubscription(db: DirectoryDb, teamUID: string, patch: SubscriptionPatch) {
  const updated = await db
    .update(subscriptions)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(subscriptions.teamId, teamUID)))
    .returning({ teamId: subscriptions.teamId });
  return updated.length > 0;
}
