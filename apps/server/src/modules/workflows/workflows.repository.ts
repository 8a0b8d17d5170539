import type { WorkflowRunStatus } from '@grouptrack/domain';
import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { TeamDb } from '../../platform/db/databases';
import { selectRows } from '../../platform/db/raw';
import {
  connections,
  activities,
  contactPipelines,
  contacts,
  contactSources,
  contactTags,
  messageTemplates,
  pipelines,
  stages,
  tags,
  tagSets,
  taskTemplates,
  workflowInbox,
  workflowRuns,
  workflows,
  workflowVersions,
} from '../../platform/db/team-schema';

export type WorkflowRow = typeof workflows.$inferSelect;
export type WorkflowRunRow = typeof workflowRuns.$inferSelect;
export type WorkflowRunInsert = typeof workflowRuns.$inferInsert;

export async function listWorkflows(db: TeamDb, teamId: string) {
  return db.select().from(workflows).where(eq(workflows.teamId, teamId)).orderBy(asc(workflows.createdAt));
}

export async function countRuns(db: TeamDb, teamId: string, workflowIds: string[]) {
  if (workflowIds.length === 0) return [];
  return db
    .select({
      workflowId: workflowRuns.workflowId,
      status: workflowRuns.status,
      count: sql<number>`count(*)::int`,
    })
    .from(workflowRuns)
    .where(and(eq(workflowRuns.teamId, teamId), inArray(workflowRuns.workflowId, workflowIds)))
    .groupBy(workflowRuns.workflowId, workflowRuns.status);
}

export async function findWorkflow(db: TeamDb, teamId: string, workflowId: string) {
  const [row] = await db
    .select()
    .from(workflows)
    .where(and(eq(workflows.teamId, teamId), eq(workflows.id, workflowId)));
  return row;
}

/** The workflow locked for a change, so two edits make two versions, never one twice. */
export async function lockWorkflow(tx: TeamDb, teamId: string, workflowId: string) {
  const [row] = await tx
    .select()
    .from(workflows)
    .where(and(eq(workflows.teamId, teamId), eq(workflows.id, workflowId)))
    .for('update');
  return row;
}

export async function insertWorkflow(tx: TeamDb, row: typeof workflows.$inferInsert) {
  await tx.insert(workflows).values(row);
}

export async function updateWorkflow(
  tx: TeamDb,
  teamId: string,
  workflowId: string,
  change: Partial<typeof workflows.$inferInsert>,
) {
  await tx
    .update(workflows)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(workflows.teamId, teamId), eq(workflows.id, workflowId)));
}

export async function deleteWorkflow(tx: TeamDb, teamId: string, workflowId: string) {
  await tx.delete(workflows).where(and(eq(workflows.teamId, teamId), eq(workflows.id, workflowId)));
}

export async function insertVersion(tx: TeamDb, row: typeof workflowVersions.$inferInsert) {
  await tx.insert(workflowVersions).values(row).onConflictDoNothing();
}

export async function findVersion(db: TeamDb, teamId: string, workflowId: string, version: number) {
  const [row] = await db
    .select()
    .from(workflowVersions)
    .where(
      and(
        eq(workflowVersions.teamId, teamId),
        eq(workflowVersions.workflowId, workflowId),
        eq(workflowVersions.version, version),
      ),
    );
  return row;
}

/** A team's running workflows started by a person's changes (not by the clock). */
export async function listListeners(db: TeamDb, teamId: string) {
  return db
    .select()
    .from(workflows)
    .where(
      and(
        eq(workflows.teamId, teamId),
        eq(workflows.status, 'running'),
        sql`${workflows.triggerType} not in ('daysInStage', 'date')`,
      ),
    );
}

/** Running workflows started by the clock, on every team of the shard. */
export async function listClockWorkflows(db: TeamDb) {
  return db
    .select()
    .from(workflows)
    .where(and(eq(workflows.status, 'running'), inArray(workflows.triggerType, ['daysInStage', 'date'])));
}

/**
 * Takes the oldest history lines from the inbox (deleting them in the caller's transaction, so a
 * crash before the commit leaves them there) with what the engine reads of each.
 */
export async function takeInbox(tx: TeamDb, limit: number) {
  return selectRows<{
    teamId: string;
    activityId: string;
    contactId: string | null;
    type: string | null;
    action: string | null;
    pipelineId: string | null;
    data: Record<string, unknown> | null;
  }>(
    tx,
    sql`with taken as (
      delete from ${workflowInbox} where (team_id, seq) in (
        select team_id, seq from ${workflowInbox} order by seq limit ${limit} for update skip locked
      ) returning team_id, seq, activity_id
    )
    select t.team_id as "teamId", t.activity_id as "activityId", a.contact_id as "contactId", a.type,
      a.action, a.pipeline_id as "pipelineId", a.data
    from taken t left join ${activities} a on a.team_id = t.team_id and a.id = t.activity_id
    order by t.seq`,
  );
}

/** What a workflow's conditions read of a person; undefined when they are gone (deleted). */
export async function personFacts(db: TeamDb, teamId: string, contactId: string) {
  const [contact] = await db
    .select({ email: contacts.emailAddress, phone: contacts.phoneNumber, name: contacts.name })
    .from(contacts)
    .where(and(eq(contacts.teamId, teamId), eq(contacts.id, contactId), isNull(contacts.deletedAt)));
  if (!contact) return undefined;
  const [placements, tags, sources] = await Promise.all([
    db
      .select({
        pipelineId: contactPipelines.pipelineId,
        stageId: contactPipelines.stageId,
        questions: contactPipelines.questions,
      })
      .from(contactPipelines)
      .where(and(eq(contactPipelines.teamId, teamId), eq(contactPipelines.contactId, contactId))),
    db
      .select({ tagId: contactTags.tagId })
      .from(contactTags)
      .where(and(eq(contactTags.teamId, teamId), eq(contactTags.contactId, contactId))),
    db
      .select({ platform: contactSources.platform })
      .from(contactSources)
      .where(and(eq(contactSources.teamId, teamId), eq(contactSources.contactId, contactId))),
  ]);
  return {
    name: contact.name,
    placements: placements.map(({ pipelineId, stageId }) => ({ pipelineId, stageId })),
    tagIds: new Set(tags.map((row) => row.tagId)),
    platforms: new Set(sources.map((row) => row.platform)),
    hasEmail: Boolean(contact.email),
    hasPhone: Boolean(contact.phone),
    answers: placements.flatMap((row) => row.questions.map((item) => item.answer)),
  };
}

/** The person's latest run of a workflow, for the loop guard. */
export async function lastRun(db: TeamDb, teamId: string, workflowId: string, contactId: string) {
  const [row] = await db
    .select({ status: workflowRuns.status, startedAt: workflowRuns.startedAt })
    .from(workflowRuns)
    .where(
      and(
        eq(workflowRuns.teamId, teamId),
        eq(workflowRuns.contactId, contactId),
        eq(workflowRuns.workflowId, workflowId),
      ),
    )
    .orderBy(desc(workflowRuns.startedAt))
    .limit(1);
  return row;
}

/** Starts a run unless one of the workflow is already going for the person (answers undefined then). */
export async function insertRun(tx: TeamDb, row: WorkflowRunInsert) {
  const [inserted] = await tx.insert(workflowRuns).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function lockRun(tx: TeamDb, teamId: string, runId: string) {
  const [row] = await tx
    .select()
    .from(workflowRuns)
    .where(and(eq(workflowRuns.teamId, teamId), eq(workflowRuns.id, runId)))
    .for('update');
  return row;
}

export async function updateRun(
  tx: TeamDb,
  teamId: string,
  runId: string,
  change: Partial<WorkflowRunInsert>,
) {
  await tx
    .update(workflowRuns)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(workflowRuns.teamId, teamId), eq(workflowRuns.id, runId)));
}

/** Pauses or resumes a workflow's going runs; answers those resumed, whose steps are due again. */
export async function setRunsOfWorkflow(
  tx: TeamDb,
  teamId: string,
  workflowId: string,
  from: 'running' | 'paused',
  to: 'running' | 'paused' | 'cancelled',
  error: string | null = null,
) {
  return tx
    .update(workflowRuns)
    .set({ status: to, updatedAt: new Date(), ...(error !== null && { error, nextAt: null }) })
    .where(
      and(
        eq(workflowRuns.teamId, teamId),
        eq(workflowRuns.workflowId, workflowId),
        eq(workflowRuns.status, from),
      ),
    )
    .returning({ id: workflowRuns.id, step: workflowRuns.step, nextAt: workflowRuns.nextAt });
}

export async function cancelRunsOfContact(tx: TeamDb, teamId: string, contactId: string, error: string) {
  await tx
    .update(workflowRuns)
    .set({ status: 'cancelled', error, nextAt: null, updatedAt: new Date() })
    .where(
      and(
        eq(workflowRuns.teamId, teamId),
        eq(workflowRuns.contactId, contactId),
        inArray(workflowRuns.status, ['running', 'paused']),
      ),
    );
}

const runColumns = {
  run: workflowRuns,
  contactName: contacts.name,
  workflowName: workflows.name,
};

function runsQuery(db: TeamDb) {
  return db
    .select(runColumns)
    .from(workflowRuns)
    .leftJoin(
      contacts,
      and(eq(contacts.teamId, workflowRuns.teamId), eq(contacts.id, workflowRuns.contactId)),
    )
    .leftJoin(
      workflows,
      and(eq(workflows.teamId, workflowRuns.teamId), eq(workflows.id, workflowRuns.workflowId)),
    );
}

/** A page of a workflow's runs, newest first, after the cursor (a startedAt and an id). */
export async function listRuns(
  db: TeamDb,
  teamId: string,
  workflowId: string,
  page: { status: WorkflowRunStatus | null; before: { startedAt: Date; id: string } | null; limit: number },
) {
  return runsQuery(db)
    .where(
      and(
        eq(workflowRuns.teamId, teamId),
        eq(workflowRuns.workflowId, workflowId),
        page.status ? eq(workflowRuns.status, page.status) : undefined,
        page.before
          ? or(
              lt(workflowRuns.startedAt, page.before.startedAt),
              and(eq(workflowRuns.startedAt, page.before.startedAt), lt(workflowRuns.id, page.before.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(workflowRuns.startedAt), desc(workflowRuns.id))
    .limit(page.limit);
}

export async function listContactRuns(db: TeamDb, teamId: string, contactId: string) {
  return runsQuery(db)
    .where(and(eq(workflowRuns.teamId, teamId), eq(workflowRuns.contactId, contactId)))
    .orderBy(desc(workflowRuns.startedAt))
    .limit(50);
}

export async function findRun(db: TeamDb, teamId: string, runId: string) {
  const [row] = await runsQuery(db).where(and(eq(workflowRuns.teamId, teamId), eq(workflowRuns.id, runId)));
  return row;
}

/** Going runs whose step was due before `before` and has not run: their job was lost. */
export async function listOverdueRuns(db: TeamDb, before: Date, limit: number) {
  return db
    .select({ teamId: workflowRuns.teamId, id: workflowRuns.id, step: workflowRuns.step })
    .from(workflowRuns)
    .where(and(eq(workflowRuns.status, 'running'), lte(workflowRuns.nextAt, before)))
    .limit(limit);
}

/**
 * A page of the people who reached `days` in a stage between two moments (their stage change in
 * (`since`, `cut`]), after a keyset cursor: a "days in a stage" trigger looks at each stay once, as it
 * crosses the mark. A bulk move gives thousands the same change time, hence the contact id in the key.
 */
export async function listStayedInStage(
  db: TeamDb,
  teamId: string,
  where: { pipelineId: string; stageId: string; since: Date | null; cut: Date },
  after: { at: Date; contactId: string } | null,
  limit: number,
) {
  return db
    .select({ contactId: contactPipelines.contactId, changedAt: contactPipelines.stageChangedAt })
    .from(contactPipelines)
    .innerJoin(
      contacts,
      and(
        eq(contacts.teamId, contactPipelines.teamId),
        eq(contacts.id, contactPipelines.contactId),
        isNull(contacts.deletedAt),
      ),
    )
    .where(
      and(
        eq(contactPipelines.teamId, teamId),
        eq(contactPipelines.pipelineId, where.pipelineId),
        eq(contactPipelines.stageId, where.stageId),
        lte(contactPipelines.stageChangedAt, where.cut),
        where.since
          ? sql`${contactPipelines.stageChangedAt} > ${where.since.toISOString()}::timestamptz`
          : undefined,
        after
          ? sql`(${contactPipelines.stageChangedAt}, ${contactPipelines.contactId}) > (${after.at.toISOString()}::timestamptz, ${after.contactId})`
          : undefined,
      ),
    )
    .orderBy(asc(contactPipelines.stageChangedAt), asc(contactPipelines.contactId))
    .limit(limit);
}

/** Everyone in a pipeline, a page at a time after a contact id: a date trigger's people. */
export async function listPipelinePeople(
  db: TeamDb,
  teamId: string,
  pipelineId: string,
  after: string,
  limit: number,
) {
  const rows = await db
    .select({ contactId: contactPipelines.contactId })
    .from(contactPipelines)
    .where(
      and(
        eq(contactPipelines.teamId, teamId),
        eq(contactPipelines.pipelineId, pipelineId),
        sql`${contactPipelines.contactId} > ${after}`,
      ),
    )
    .orderBy(asc(contactPipelines.contactId))
    .limit(limit);
  return rows.map((row) => row.contactId);
}

/** Whether the person replied since a moment (the extension reports replies into their history). */
export async function repliedSince(db: TeamDb, teamId: string, contactId: string, since: Date) {
  const [row] = await db
    .select({ id: activities.id })
    .from(activities)
    .where(
      and(
        eq(activities.teamId, teamId),
        eq(activities.contactId, contactId),
        eq(activities.type, 'message'),
        eq(activities.action, 'replied'),
        sql`${activities.createdAt} >= ${since.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * What a workflow may name, with names: the team's pipelines, stages, tags (with their set's
 * pipeline, null for a global set) and templates. A team has hundreds of these, not thousands.
 */
export async function listNameables(db: TeamDb, teamId: string) {
  const [pipelineRows, stageRows, tagRows, messageRows, taskRows, connectionRows] = await Promise.all([
    db
      .select({ id: pipelines.id, name: pipelines.nickName })
      .from(pipelines)
      .where(and(eq(pipelines.teamId, teamId), isNull(pipelines.deletedAt))),
    db
      .select({ id: stages.id, name: stages.name, pipelineId: stages.pipelineId })
      .from(stages)
      .where(eq(stages.teamId, teamId)),
    db
      .select({ id: tags.id, name: tags.name, pipelineId: tagSets.pipelineId })
      .from(tags)
      .innerJoin(tagSets, and(eq(tagSets.teamId, tags.teamId), eq(tagSets.id, tags.tagSetId)))
      .where(eq(tags.teamId, teamId)),
    db
      .select({ id: messageTemplates.id, name: messageTemplates.name })
      .from(messageTemplates)
      .where(eq(messageTemplates.teamId, teamId)),
    db
      .select({ id: taskTemplates.id, name: taskTemplates.name })
      .from(taskTemplates)
      .where(eq(taskTemplates.teamId, teamId)),
    db
      .select({ id: connections.id, name: connections.name })
      .from(connections)
      .where(eq(connections.teamId, teamId)),
  ]);
  return {
    pipelines: pipelineRows,
    stages: stageRows,
    tags: tagRows,
    messageTemplates: messageRows,
    taskTemplates: taskRows,
    connections: connectionRows,
  };
}
export type Nameables = Awaited<ReturnType<typeof listNameables>>;
