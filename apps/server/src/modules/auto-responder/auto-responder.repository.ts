import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { TeamDb } from '../../platform/db/databases';
import { insertUnnest, selectRows } from '../../platform/db/raw';
import {
  autoResponderAnswers,
  autoResponderComments,
  autoResponderGroups,
  autoResponderJobs,
  messageTemplates,
} from '../../platform/db/team-schema';

export type GroupRow = typeof autoResponderGroups.$inferSelect;
export type JobRow = typeof autoResponderJobs.$inferSelect;
export type AnswerRow = typeof autoResponderAnswers.$inferSelect;
export type AnswerInsert = typeof autoResponderAnswers.$inferInsert;
export type CountName = 'seen' | 'matched' | 'replied' | 'messaged' | 'captured';

export async function listGroups(db: TeamDb, teamId: string) {
  return db
    .select()
    .from(autoResponderGroups)
    .where(eq(autoResponderGroups.teamId, teamId))
    .orderBy(asc(autoResponderGroups.rank));
}

export async function findGroup(db: TeamDb, teamId: string, groupId: string) {
  const [row] = await db
    .select()
    .from(autoResponderGroups)
    .where(and(eq(autoResponderGroups.teamId, teamId), eq(autoResponderGroups.id, groupId)));
  return row;
}

export async function insertGroup(tx: TeamDb, row: typeof autoResponderGroups.$inferInsert) {
  await tx.insert(autoResponderGroups).values(row);
}

export async function updateGroup(
  tx: TeamDb,
  teamId: string,
  groupId: string,
  change: Partial<Pick<GroupRow, 'name' | 'status' | 'rank'>>,
) {
  await tx
    .update(autoResponderGroups)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(autoResponderGroups.teamId, teamId), eq(autoResponderGroups.id, groupId)));
}

export async function deleteGroup(tx: TeamDb, teamId: string, groupId: string) {
  await tx
    .delete(autoResponderGroups)
    .where(and(eq(autoResponderGroups.teamId, teamId), eq(autoResponderGroups.id, groupId)));
}

/** The team's jobs, group by group in their order. */
export async function listJobs(db: TeamDb, teamId: string, groupId?: string) {
  return db
    .select()
    .from(autoResponderJobs)
    .where(
      and(eq(autoResponderJobs.teamId, teamId), groupId ? eq(autoResponderJobs.groupId, groupId) : undefined),
    )
    .orderBy(asc(autoResponderJobs.groupId), asc(autoResponderJobs.rank));
}

export async function findJob(db: TeamDb, teamId: string, jobId: string) {
  const [row] = await db
    .select()
    .from(autoResponderJobs)
    .where(and(eq(autoResponderJobs.teamId, teamId), eq(autoResponderJobs.id, jobId)));
  return row;
}

export async function insertJob(tx: TeamDb, row: typeof autoResponderJobs.$inferInsert) {
  await tx.insert(autoResponderJobs).values(row);
}

export async function updateJob(
  tx: TeamDb,
  teamId: string,
  jobId: string,
  change: Partial<typeof autoResponderJobs.$inferInsert>,
) {
  await tx
    .update(autoResponderJobs)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(autoResponderJobs.teamId, teamId), eq(autoResponderJobs.id, jobId)));
}

/** Deletes jobs with the comments they read and the answers they gave. */
export async function deleteJobs(tx: TeamDb, teamId: string, jobIds: string[]) {
  if (jobIds.length === 0) return;
  await tx
    .delete(autoResponderComments)
    .where(and(eq(autoResponderComments.teamId, teamId), inArray(autoResponderComments.jobId, jobIds)));
  await tx
    .delete(autoResponderAnswers)
    .where(and(eq(autoResponderAnswers.teamId, teamId), inArray(autoResponderAnswers.jobId, jobIds)));
  await tx
    .delete(autoResponderJobs)
    .where(and(eq(autoResponderJobs.teamId, teamId), inArray(autoResponderJobs.id, jobIds)));
}

/** Unarchived jobs of running groups last visited before `before` (or never), the oldest visit first. */
export async function listDueJobs(db: TeamDb, teamId: string, before: Date) {
  return db
    .select({ job: autoResponderJobs })
    .from(autoResponderJobs)
    .innerJoin(
      autoResponderGroups,
      and(
        eq(autoResponderGroups.teamId, autoResponderJobs.teamId),
        eq(autoResponderGroups.id, autoResponderJobs.groupId),
      ),
    )
    .where(
      and(
        eq(autoResponderJobs.teamId, teamId),
        eq(autoResponderJobs.archived, false),
        eq(autoResponderGroups.status, 'running'),
        or(isNull(autoResponderJobs.lastVisitedAt), lt(autoResponderJobs.lastVisitedAt, before)),
      ),
    )
    .orderBy(sql`${autoResponderJobs.lastVisitedAt} asc nulls first`, asc(autoResponderJobs.rank));
}

/** Records comments as read by a job; answers the ids it had not read before. */
export async function insertNewComments(tx: TeamDb, teamId: string, jobId: string, commentIds: string[]) {
  if (commentIds.length === 0) return [];
  const rows = await selectRows<{ comment_id: string }>(
    tx,
    sql`${insertUnnest(
      autoResponderComments,
      commentIds.map((commentId) => ({ teamId, jobId, commentId })),
    )} on conflict do nothing returning comment_id`,
  );
  return rows.map((row) => row.comment_id);
}

/** Claims answers for people the job never answered; answers the keys claimed now. */
export async function claimAnswers(tx: TeamDb, rows: AnswerInsert[]) {
  if (rows.length === 0) return [];
  const claimed = await selectRows<{ commenter_key: string }>(
    tx,
    sql`${insertUnnest(autoResponderAnswers, rows)} on conflict do nothing returning commenter_key`,
  );
  return claimed.map((row) => row.commenter_key);
}

export async function updateAnswer(
  tx: TeamDb,
  key: { teamId: string; jobId: string; commenterKey: string },
  change: Partial<AnswerInsert>,
) {
  await tx
    .update(autoResponderAnswers)
    .set({ ...change, updatedAt: new Date() })
    .where(
      and(
        eq(autoResponderAnswers.teamId, key.teamId),
        eq(autoResponderAnswers.jobId, key.jobId),
        eq(autoResponderAnswers.commenterKey, key.commenterKey),
      ),
    );
}

/** The answer given under a comment, locked so two reports of its reply count once. */
export async function lockAnswerOfComment(tx: TeamDb, teamId: string, jobId: string, commentId: string) {
  const [row] = await tx
    .select()
    .from(autoResponderAnswers)
    .where(
      and(
        eq(autoResponderAnswers.teamId, teamId),
        eq(autoResponderAnswers.jobId, jobId),
        eq(autoResponderAnswers.commentId, commentId),
      ),
    )
    .for('update');
  return row;
}

/** Adds to a job's counts (and notes a visit when `visitedAt` is given); answers the job as it is now. */
export async function addCounts(
  tx: TeamDb,
  teamId: string,
  jobId: string,
  added: Partial<Record<CountName, number>>,
  visitedAt?: Date,
) {
  const [row] = await tx
    .update(autoResponderJobs)
    .set({
      seen: sql`${autoResponderJobs.seen} + ${added.seen ?? 0}`,
      matched: sql`${autoResponderJobs.matched} + ${added.matched ?? 0}`,
      replied: sql`${autoResponderJobs.replied} + ${added.replied ?? 0}`,
      messaged: sql`${autoResponderJobs.messaged} + ${added.messaged ?? 0}`,
      captured: sql`${autoResponderJobs.captured} + ${added.captured ?? 0}`,
      ...(visitedAt && { lastVisitedAt: visitedAt }),
    })
    .where(and(eq(autoResponderJobs.teamId, teamId), eq(autoResponderJobs.id, jobId)))
    .returning();
  return row!;
}

/** The team's message templates of these ids. */
export async function findMessageTemplates(db: TeamDb, teamId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: messageTemplates.id, text: messageTemplates.text })
    .from(messageTemplates)
    .where(and(eq(messageTemplates.teamId, teamId), inArray(messageTemplates.id, ids)));
}

/**
 * The replies of a job still to post (pending): those just rendered and those an earlier visit could
 * not post (the extension was held or busy, or the tab closed), oldest first.
 */
export async function listPendingReplies(db: TeamDb, teamId: string, jobId: string) {
  return db
    .select({ commentId: autoResponderAnswers.commentId, text: autoResponderAnswers.replyText })
    .from(autoResponderAnswers)
    .where(
      and(
        eq(autoResponderAnswers.teamId, teamId),
        eq(autoResponderAnswers.jobId, jobId),
        eq(autoResponderAnswers.replyStatus, 'pending'),
      ),
    )
    .orderBy(asc(autoResponderAnswers.createdAt))
    .limit(100);
}

/** The texts of the replies a job rendered: its own comments, when the extension reads the post again. */
export async function listReplyTexts(db: TeamDb, teamId: string, jobId: string) {
  const rows = await db
    .select({ text: autoResponderAnswers.replyText })
    .from(autoResponderAnswers)
    .where(and(eq(autoResponderAnswers.teamId, teamId), eq(autoResponderAnswers.jobId, jobId)));
  return rows.flatMap((row) => (row.text === null ? [] : [row.text]));
}
