import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DirectoryDb } from '../../platform/db/databases';
import { invitations, subscriptions, teamMembers, teams, users } from '../../platform/db/directory-schema';

export type TeamRow = typeof teams.$inferSelect;
export type MemberRow = typeof teamMembers.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function insertTeam(
  db: DirectoryDb,
  input: {
    team: typeof teams.$inferInsert;
    owner: typeof teamMembers.$inferInsert;
    subscription: typeof subscriptions.$inferInsert;
  },
) {
  await db.insert(teams).values(input.team);
  await db.insert(teamMembers).values(input.owner);
  await db.insert(subscriptions).values(input.subscription);
}

export async function findTeam(db: DirectoryDb, teamId: string): Promise<TeamRow | null> {
  const [row] = await db.select().from(teams).where(eq(teams.id, teamId));
  return row ?? null;
}

/** Locks the team row so seat counts and membership changes of one team are serialised. */
export async function lockTeam(db: DirectoryDb, teamId: string): Promise<TeamRow | null> {
  const [row] = await db.select().from(teams).where(eq(teams.id, teamId)).for('update');
  return row ?? null;
}

/** Locks a user row: one team-creating request per user at a time. */
export async function lockUser(db: DirectoryDb, userId: string) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Renames a team; answers the name as stored, or null when there is no such team. */
export async function renameTeam(db: DirectoryDb, teamId: string, name: string): Promise<string | null> {
  const [row] = await db
    .update(teams)
    .set({ name, updatedAt: new Date() })
    .where(eq(teams.id, teamId))
    .returning({ name: teams.name });
  return row?.name ?? null;
}

export async function findMembership(
  db: DirectoryDb,
  teamId: string,
  userId: string,
): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row ?? null;
}

/** Every team of a user, with the team's name and owner, oldest membership first. */
export async function listMembershipsOfUser(db: DirectoryDb, userId: string) {
  return db
    .select({ membership: teamMembers, team: teams })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.teamId));
}

export async function listMembers(db: DirectoryDb, teamId: string) {
  return db
    .select({
      userId: teamMembers.userId,
      role: teamMembers.role,
      groupAccess: teamMembers.groupAccess,
      joinedAt: teamMembers.joinedAt,
      name: users.name,
      email: users.email,
      image: users.image,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.joinedAt), asc(users.email));
}

export async function countMembers(db: DirectoryDb, teamId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  return row?.value ?? 0;
}

export async function insertMember(db: DirectoryDb, member: typeof teamMembers.$inferInsert) {
  await db.insert(teamMembers).values(member);
}

export async function updateMember(
  db: DirectoryDb,
  teamId: string,
  userId: string,
  patch: Partial<Pick<MemberRow, 'role' | 'groupAccess'>>,
) {
  // Nothing to change is no statement: an empty SET is not SQL.
  if (Object.keys(patch).length === 0) return;
  await db
    .update(teamMembers)
    .set(patch)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

export async function deleteMember(db: DirectoryDb, teamId: string, userId: string) {
  await db.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

export async function findSubscription(db: DirectoryDb, teamId: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.teamId, teamId));
  return row ?? null;
}

export async function insertInvitation(db: DirectoryDb, invitation: typeof invitations.$inferInsert) {
  const [row] = await db.insert(invitations).values(invitation).returning();
  return row!;
}

export async function findInvitation(db: DirectoryDb, code: string): Promise<InvitationRow | null> {
  const [row] = await db.select().from(invitations).where(eq(invitations.code, code));
  return row ?? null;
}

/** Invitations still open: not accepted, not revoked, not expired; newest first. */
export async function listOpenInvitations(db: DirectoryDb, teamId: string) {
  return db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.teamId, teamId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(invitations.createdAt));
}

export async function markInvitationAccepted(db: DirectoryDb, code: string, userId: string) {
  await db
    .update(invitations)
    .set({ acceptedBy: userId, acceptedAt: new Date() })
    .where(eq(invitations.code, code));
}

export async function revokeInvitation(db: DirectoryDb, teamId: string, code: string) {
  const rows = await db
    .update(invitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(invitations.teamId, teamId), eq(invitations.code, code), isNull(invitations.revokedAt)))
    .returning({ code: invitations.code });
  return rows.length > 0;
}

export async function setCurrentTeam(db: DirectoryDb, userId: string, teamId: string | null) {
  await db.update(users).set({ currentTeamId: teamId, updatedAt: new Date() }).where(eq(users.id, userId));
}
