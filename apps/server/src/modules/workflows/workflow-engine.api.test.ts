import { WORKFLOW_RESTART_GUARD_MS } from '@grouptrack/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { JobContract, JobQueue } from '../../platform/queue';
import type { TestClient } from '../../testing/test-client';
import type { TestPipeline, TestTagSet, TestTeam } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { BulkService } from '../bulk/bulk.service';
import { createWorkflowEngine, WORKFLOW_RETRY_DELAYS_MS, type WorkflowEngine } from './workflow-engine';

// The engine on a clock the test moves by hand, with a queue that only records what is sent: every
// wait, retry and start is read from the sends, and each step is taken when the test says. The
// server runs without workers (ROLE api), so no other engine takes the inbox.

interface Sent {
  payload: { teamUID: string; runId: string; step: number; attempt: number };
  startAfter: Date | undefined;
}

let server: TestServer;
let team: TestTeam;
let owner: TestClient;
let leads: TestPipeline;
let labels: TestTagSet;
let engine: WorkflowEngine;
let sent: Sent[];
/** Starts each case at the real time (the history lines a change writes carry it), then moves by hand. */
const clock = { at: 0, now: () => new Date(clock.at) };
/** How many times in a row the bulk actions fail as a database hiccup would. */
let failures = 0;

const recordingQueue = {
  send<TSchema extends z.ZodType>(
    _job: JobContract<TSchema>,
    payload: z.infer<TSchema>,
    options?: { startAfter?: Date },
  ) {
    sent.push({ payload: payload as Sent['payload'], startAfter: options?.startAfter });
    return Promise.resolve();
  },
} as unknown as JobQueue;

beforeAll(async () => {
  server = await startTestServer({ env: { ROLE: 'api' } });
  team = await server.createTeam({ name: 'Eda Engine', email: 'eda@engine.test' });
  owner = team.owner;
  leads = await server.createPipeline(team, 'Leads', ['New', 'Won']);
  labels = await server.createTagSet(team, 'Journey', ['Hot']);
  const { databases, teams, bulk, tasks } = server.server.context;
  const flaky: BulkService = {
    ...bulk,
    async applyAction(...args) {
      if (failures > 0) {
        failures -= 1;
        throw new Error('connection reset by peer');
      }
      return bulk.applyAction(...args);
    },
  };
  engine = createWorkflowEngine({ databases, queue: recordingQueue, teams, bulk: flaky, tasks, clock });
});
afterAll(async () => {
  await server.stop();
});
beforeEach(async () => {
  sent = [];
  failures = 0;
  clock.at = Date.now();
  // Each case starts with no workflow of its own running.
  for (const workflow of (await owner.get(team.path('workflows'))).body.data as { id: string }[]) {
    await owner.delete(team.path(`workflows/${workflow.id}`));
  }
});

const hot = () => labels.tags[0]!.tagUID;
const db = () => server.databases.forTeam(team.teamUID);

async function addWorkflow(trigger: Record<string, unknown>, steps: Record<string, unknown>[]) {
  const answer = await owner.post(team.path('workflows'), {
    name: 'Under test',
    status: 'running',
    definition: { trigger, steps },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.id as string;
}

async function capture(firstName: string) {
  const answer = await owner.post(team.path('contacts'), {
    name: `${firstName} Engine`,
    firstName,
    sources: [{ platform: 'facebook', username: `${firstName.toLowerCase()}.engine` }],
    pipeline: { pipelineId: leads.groupUID },
  });
  expect(answer.status).toBe(201);
  return answer.body.data.GTID as string;
}

async function runsOf(GTID: string) {
  return (await owner.get(team.path(`contacts/${GTID}/workflow-runs`))).body.data as {
    id: string;
    status: string;
    step: number;
    nextAt: string | null;
    error: string | null;
    log: { outcome: string; message: string }[];
  }[];
}

/** Takes the step the last send asked for, as its job would when it comes due. */
async function takeLastSentStep() {
  const last = sent.at(-1)!;
  await engine.runStep(last.payload);
}

const tagsOf = async (GTID: string) =>
  Object.values(
    (await owner.get(team.path(`contacts/${GTID}`))).body.data.globalTagSets as Record<string, string[]>,
  ).flat();

describe('the engine, on a fixed clock', () => {
  it('starts a run from the inbox, holds a wait as a job scheduled for its end, and goes on when it comes', async () => {
    await addWorkflow({ type: 'captured', pipelineId: leads.groupUID }, [
      { type: 'wait', amount: 2, unit: 'days' },
      { type: 'addTags', tagIds: [hot()] },
    ]);
    const GTID = await capture('Ava');
    await engine.dispatch(db());
    expect(sent.map((each) => [each.payload.step, each.startAfter])).toEqual([[0, undefined]]);

    await takeLastSentStep();
    const twoDaysOn = new Date(clock.at + 2 * 86_400_000);
    const waiting = (await runsOf(GTID))[0]!;
    expect(waiting).toMatchObject({ status: 'running', step: 1, nextAt: twoDaysOn.toISOString() });
    expect(sent.at(-1)!.startAfter).toEqual(twoDaysOn);
    expect(await tagsOf(GTID)).not.toContain(hot());

    clock.at += 2 * 86_400_000;
    await takeLastSentStep();
    expect((await runsOf(GTID))[0]).toMatchObject({ status: 'done', step: 2 });
    expect(await tagsOf(GTID)).toContain(hot());
    // The tag the step added is a change of its own, in the inbox: it starts nothing.
    const sends = sent.length;
    expect(await engine.dispatch(db())).toBe(1);
    expect(sent.length).toBe(sends);
    expect(await runsOf(GTID)).toHaveLength(1);
  });

  it('tries a step that failed unexpectedly again after 30 s and 5 min, then fails the run with the error', async () => {
    await addWorkflow({ type: 'captured', pipelineId: leads.groupUID }, [
      { type: 'addTags', tagIds: [hot()] },
    ]);
    const GTID = await capture('Bo');
    await engine.dispatch(db());
    failures = 3;
    await takeLastSentStep();
    expect(sent.at(-1)!.startAfter).toEqual(new Date(clock.at + WORKFLOW_RETRY_DELAYS_MS[0]));
    clock.at += WORKFLOW_RETRY_DELAYS_MS[0];
    await takeLastSentStep();
    expect(sent.at(-1)!.startAfter).toEqual(new Date(clock.at + WORKFLOW_RETRY_DELAYS_MS[1]));
    clock.at += WORKFLOW_RETRY_DELAYS_MS[1];
    const before = sent.length;
    await takeLastSentStep();
    const [run] = await runsOf(GTID);
    expect(run).toMatchObject({ status: 'failed', error: 'connection reset by peer', nextAt: null });
    expect(run!.log.map((entry) => entry.outcome)).toEqual(['retrying', 'retrying', 'failed']);
    expect(sent.length).toBe(before); // nothing more is scheduled
    expect(await tagsOf(GTID)).not.toContain(hot());

    // A retry from the runs list succeeds once the database is back.
    const retried = await owner.post(team.path(`workflow-runs/${run!.id}/retry`));
    expect(retried.status).toBe(200);
    await engine.runStep({ teamUID: team.teamUID, runId: run!.id, step: 0, attempt: 0 });
    expect((await runsOf(GTID))[0]).toMatchObject({ status: 'done', error: null });
    expect(await tagsOf(GTID)).toContain(hot());
  });

  it('does not start a workflow again for the same person within a day of its last start', async () => {
    await addWorkflow(
      {
        type: 'stageChanged',
        pipelineId: leads.groupUID,
        toStageId: null,
        fromStageId: leads.stages[0]!.stageUID,
      },
      [{ type: 'addNote', text: 'Moved on.' }],
    );
    const GTID = await capture('Cem');
    const move = (stage: number) =>
      owner.put(team.path(`contacts/${GTID}/pipelines/${leads.groupUID}`), {
        stageId: leads.stages[stage]!.stageUID,
      });
    await move(1);
    await engine.dispatch(db());
    await takeLastSentStep();
    await move(0);
    await move(1);
    clock.at += WORKFLOW_RESTART_GUARD_MS - 60_000;
    await engine.dispatch(db());
    expect(await runsOf(GTID)).toHaveLength(1);

    await move(0);
    clock.at += 60_000;
    await move(1);
    await engine.dispatch(db());
    expect(await runsOf(GTID)).toHaveLength(2);
  });

  it('starts "days in a stage" for whoever stayed that long, once per stay', async () => {
    await addWorkflow(
      { type: 'daysInStage', pipelineId: leads.groupUID, stageId: leads.stages[0]!.stageUID, days: 3 },
      [{ type: 'addTags', tagIds: [hot()] }],
    );
    const [stayed, fresh] = [await capture('Dia'), await capture('Eli')];
    await db().execute(
      sql`update contact_pipelines set stage_changed_at = ${new Date(clock.at - 4 * 86_400_000).toISOString()}::timestamptz
        where team_id = ${team.teamUID} and contact_id = ${stayed}`,
    );
    await engine.fireClockTriggers(db());
    expect(await runsOf(stayed)).toHaveLength(1);
    expect(await runsOf(fresh)).toHaveLength(0);
    clock.at += WORKFLOW_RESTART_GUARD_MS * 2;
    await engine.fireClockTriggers(db());
    // Same stay: not again (a move out and back would be a new stay).
    expect(await runsOf(stayed)).toHaveLength(1);
  });

  it('fires a date once, for everyone then in the pipeline', async () => {
    const people = [await capture('Fox'), await capture('Gil')];
    await addWorkflow(
      { type: 'date', pipelineId: leads.groupUID, at: new Date(clock.at + 3_600_000).toISOString() },
      [{ type: 'addNote', text: 'Webinar tomorrow.' }],
    );
    await engine.fireClockTriggers(db());
    expect(await runsOf(people[0]!)).toHaveLength(0);
    clock.at += 3_600_000;
    await engine.fireClockTriggers(db());
    await engine.fireClockTriggers(db());
    for (const GTID of people) expect(await runsOf(GTID)).toHaveLength(1);
  });

  it('stops a run at "stop if they replied" once the extension reports their reply', async () => {
    await addWorkflow({ type: 'captured', pipelineId: leads.groupUID }, [
      { type: 'wait', amount: 1, unit: 'hours' },
      { type: 'stopIfReplied' },
      { type: 'addTags', tagIds: [hot()] },
    ]);
    const GTID = await capture('Hal');
    await engine.dispatch(db());
    await takeLastSentStep();
    const replied = await owner.post(team.path(`contacts/${GTID}/queue-items/cancel`), {
      platform: 'facebook',
      reason: 'replied',
    });
    expect(replied.status).toBe(200);
    clock.at += 3_600_000;
    await takeLastSentStep();
    await takeLastSentStep();
    const [run] = await runsOf(GTID);
    expect(run).toMatchObject({ status: 'done' });
    expect(run!.log.map((entry) => entry.message)).toEqual(['Wait 1 hour', 'Stopped: they replied.']);
    expect(await tagsOf(GTID)).not.toContain(hot());
  });
});
