import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../testing/test-client';
import type { TestPipeline, TestTagSet, TestTeam } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
let team: TestTeam;
let owner: TestClient;
let member: TestClient;
let outsider: TestClient;
let stranger: TestTeam;
let leads: TestPipeline;
let hidden: TestPipeline;
let labels: TestTagSet;
let welcomeMessage: string;
let callTask: string;

beforeAll(async () => {
  server = await startTestServer();
  team = await server.createTeam({ name: 'Wren Owner', email: 'wren@flows.test', extraSeats: 5 });
  owner = team.owner;
  leads = await server.createPipeline(team, 'Leads', ['New', 'Talking', 'Won']);
  hidden = await server.createPipeline(team, 'Hidden', ['Only']);
  labels = await server.createTagSet(team, 'Journey', ['Welcomed', 'Hot']);
  ({ client: member } = await server.joinAsMember(team, {
    role: 'member',
    groupAccess: [leads.groupUID],
    name: 'Mo Member',
    email: 'mo@flows.test',
  }));
  ({ client: outsider } = await server.joinAsMember(team, {
    role: 'member',
    groupAccess: [hidden.groupUID],
    name: 'Oz Outsider',
    email: 'oz@flows.test',
  }));
  stranger = await server.createTeam({ name: 'Sid Stranger', email: 'sid@flows.test' });
  const message = await owner.post(team.path('message-templates'), {
    name: 'Welcome',
    text: 'Hi {firstName}, welcome to {pipeline}!',
  });
  welcomeMessage = message.body.data.templateUID as string;
  const task = await owner.post(team.path('task-templates'), { name: 'Call them', dueInDays: 1 });
  callTask = task.body.data.templateUID as string;
});
afterAll(async () => {
  await server.stop();
});

const tag = (name: string) => labels.tags.find((item) => item.name === name)!.tagUID;
const stage = (name: string) => leads.stages.find((item) => item.name === name)!.stageUID;

function welcome(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Welcome',
    status: 'running',
    definition: {
      trigger: { type: 'captured', pipelineId: leads.groupUID },
      steps: [
        { type: 'addTags', tagIds: [tag('Welcomed')] },
        { type: 'createTask', templateId: callTask },
        { type: 'queueMessage', templateId: welcomeMessage, platform: 'facebook' },
      ],
    },
    ...overrides,
  };
}

async function addWorkflow(body: Record<string, unknown>) {
  const answer = await owner.post(team.path('workflows'), body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.id as string;
}

async function capture(firstName: string) {
  const answer = await owner.post(team.path('contacts'), {
    firstName,
    lastName: 'Flow',
    name: `${firstName} Flow`,
    sources: [{ platform: 'facebook', username: `${firstName.toLowerCase()}.flow` }],
    pipeline: { pipelineId: leads.groupUID },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.GTID as string;
}

type Run = {
  id: string;
  workflowId: string;
  status: string;
  step: number;
  version: number;
  error: string | null;
  log: { outcome: string; message: string }[];
};

async function runsOf(GTID: string, client = owner): Promise<Run[]> {
  const answer = await client.get(team.path(`contacts/${GTID}/workflow-runs`));
  expect(answer.status).toBe(200);
  return answer.body.data as Run[];
}

/** Waits (polling, as a user reloading would) until the person's run of a workflow is as wanted. */
async function waitForRun(GTID: string, workflowId: string, done: (run: Run) => boolean) {
  for (let tries = 0; tries < 150; tries += 1) {
    const run = (await runsOf(GTID)).find((item) => item.workflowId === workflowId);
    if (run && done(run)) return run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `the run of ${workflowId} for ${GTID} never got there: ${JSON.stringify(await runsOf(GTID))}`,
  );
}

/** The tags the person has, as the contact page lists them: each global tag set with its tags. */
async function tagsOf(GTID: string): Promise<string[]> {
  const contact = await owner.get(team.path(`contacts/${GTID}`));
  return Object.values(contact.body.data.globalTagSets as Record<string, string[]>).flat();
}

async function setStatus(workflowId: string, status: 'running' | 'paused') {
  expect((await owner.put(team.path(`workflows/${workflowId}/status`), { status })).status).toBe(204);
}

describe('workflows', () => {
  it('runs "captured into Leads → tag, task and welcome message" once for a person captured, each step in their history', async () => {
    const workflowId = await addWorkflow(welcome());
    const GTID = await capture('Ana');
    const run = await waitForRun(GTID, workflowId, (item) => item.status === 'done');
    expect(run.log.map((entry) => [entry.outcome, entry.message])).toEqual([
      ['done', 'Add the tag "Welcomed"'],
      ['done', 'Create the task "Call them"'],
      ['done', 'Queue the message "Welcome" on Facebook'],
    ]);
    expect(await tagsOf(GTID)).toContain(tag('Welcomed'));
    const tasks = await owner.get(team.path(`tasks?scope=team&GTID=${GTID}`));
    expect(tasks.body.data.map((task: { taskName: string }) => task.taskName)).toEqual(['Call them']);
    const queued = await owner.get(team.path('queue-items?status=scheduled&platform=facebook'));
    expect(queued.body.data.items.filter((item: { GTID: string }) => item.GTID === GTID)).toMatchObject([
      { text: 'Hi Ana, welcome to Leads!' },
    ]);
    const history = await owner.get(team.path(`contacts/${GTID}/activities`));
    const byWorkflow = history.body.data.items.filter(
      (line: { createdBy: string }) => line.createdBy === 'Workflow "Welcome"',
    );
    // Each step is a line of the history: the tag's and the task's own, and one saying the message is queued.
    expect(byWorkflow.map((line: { type: string }) => line.type).sort()).toEqual(['tag', 'task', 'workflow']);
    expect(byWorkflow.find((line: { type: string }) => line.type === 'workflow').data).toMatchObject({
      said: 'Queue the message "Welcome" on Facebook',
    });

    // A step's job delivered twice (a retry after its commit) changes nothing.
    await server.server.context.workflows.runStepJob.handle({
      teamUID: team.teamUID,
      runId: run.id,
      step: 0,
      attempt: 0,
    });
    await server.server.context.workflows.runStepJob.handle({
      teamUID: team.teamUID,
      runId: run.id,
      step: 2,
      attempt: 0,
    });
    expect((await owner.get(team.path(`tasks?scope=team&GTID=${GTID}`))).body.data).toHaveLength(1);
    const again = await owner.get(team.path('queue-items?status=scheduled&platform=facebook'));
    expect(again.body.data.items.filter((item: { GTID: string }) => item.GTID === GTID)).toHaveLength(1);
    await owner.delete(team.path(`workflows/${workflowId}`));
  });

  it('starts nothing while paused, and a person inside keeps the version they started with', async () => {
    const workflowId = await addWorkflow(
      welcome({
        name: 'Nudge',
        definition: {
          trigger: { type: 'captured', pipelineId: leads.groupUID },
          steps: [
            { type: 'wait', amount: 2, unit: 'days' },
            { type: 'addTags', tagIds: [tag('Hot')] },
          ],
        },
      }),
    );
    const GTID = await capture('Bea');
    const waiting = await waitForRun(GTID, workflowId, (item) => item.step === 1);
    expect(waiting.status).toBe('running');
    expect(waiting.log).toMatchObject([{ outcome: 'waiting', message: 'Wait 2 days' }]);

    const edited = await owner.put(
      team.path(`workflows/${workflowId}`),
      welcome({
        name: 'Nudge',
        definition: {
          trigger: { type: 'captured', pipelineId: leads.groupUID },
          steps: [
            { type: 'wait', amount: 2, unit: 'days' },
            { type: 'moveStage', pipelineId: leads.groupUID, stageId: stage('Won') },
          ],
        },
      }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data.version).toBe(2);
    // The wait's job comes due: the run takes version 1's step.
    await server.server.context.workflows.runStepJob.handle({
      teamUID: team.teamUID,
      runId: waiting.id,
      step: 1,
      attempt: 0,
    });
    const finished = await waitForRun(GTID, workflowId, (item) => item.status === 'done');
    expect(finished.version).toBe(1);
    expect(await tagsOf(GTID)).toContain(tag('Hot'));

    await setStatus(workflowId, 'paused');
    const later = await capture('Cy');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await runsOf(later)).filter((run) => run.workflowId === workflowId)).toEqual([]);
    await owner.delete(team.path(`workflows/${workflowId}`));
  });

  it('cannot loop: two workflows that move a person back and forth stop after one turn each', async () => {
    const there = await addWorkflow({
      name: 'There',
      status: 'running',
      definition: {
        trigger: { type: 'stageChanged', pipelineId: leads.groupUID, toStageId: stage('Talking') },
        steps: [{ type: 'moveStage', pipelineId: leads.groupUID, stageId: stage('Won') }],
      },
    });
    const back = await addWorkflow({
      name: 'Back',
      status: 'running',
      definition: {
        trigger: { type: 'stageChanged', pipelineId: leads.groupUID, toStageId: stage('Won') },
        steps: [{ type: 'moveStage', pipelineId: leads.groupUID, stageId: stage('Talking') }],
      },
    });
    const GTID = await capture('Dee');
    const moved = await owner.put(team.path(`contacts/${GTID}/pipelines/${leads.groupUID}`), {
      stageId: stage('Talking'),
    });
    expect(moved.status).toBe(200);
    await waitForRun(GTID, there, (item) => item.status === 'done');
    await waitForRun(GTID, back, (item) => item.status === 'done');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const runs = await runsOf(GTID);
    expect(runs.filter((run) => run.workflowId === there)).toHaveLength(1);
    expect(runs.filter((run) => run.workflowId === back)).toHaveLength(1);
    await owner.delete(team.path(`workflows/${there}`));
    await owner.delete(team.path(`workflows/${back}`));
  });

  it('fails a step refused by the plan with the reason, and a retry once on Pro finishes it', async () => {
    const workflowId = await addWorkflow(
      welcome({
        name: 'Tagger',
        definition: {
          trigger: { type: 'captured', pipelineId: leads.groupUID },
          steps: [{ type: 'addTags', tagIds: [tag('Hot')] }],
        },
      }),
    );
    await server.setSubscription(team.teamUID, { tier: 2 });
    try {
      const GTID = await capture('Eli');
      const failed = await waitForRun(GTID, workflowId, (item) => item.status === 'failed');
      expect(failed.error).toMatch(
        /^Automations need the Pro plan; this team is on the \w+ plan\. Upgrade to Pro in Billing\.$/,
      );
      const refused = await owner.post(team.path(`workflow-runs/${failed.id}/retry`));
      expect(refused.status).toBe(402);
      await server.setSubscription(team.teamUID, { tier: 3 });
      const retried = await owner.post(team.path(`workflow-runs/${failed.id}/retry`));
      expect(retried.status).toBe(200);
      await waitForRun(GTID, workflowId, (item) => item.status === 'done');
      expect((await owner.post(team.path(`workflow-runs/${failed.id}/retry`))).status).toBe(409);
    } finally {
      await server.setSubscription(team.teamUID, { tier: 3 });
      await owner.delete(team.path(`workflows/${workflowId}`));
    }
  });

  it('lists a workflow’s runs a page at a time with their counts', async () => {
    const workflowId = await addWorkflow(
      welcome({
        name: 'Counter',
        definition: {
          trigger: { type: 'captured', pipelineId: leads.groupUID },
          steps: [{ type: 'addNote', text: 'Joined through the form.' }],
        },
      }),
    );
    const people = [await capture('Fay'), await capture('Gus')];
    for (const GTID of people) await waitForRun(GTID, workflowId, (item) => item.status === 'done');
    const runs = await owner.get(team.path(`workflows/${workflowId}/runs`));
    expect(runs.status).toBe(200);
    expect(runs.body.data.runs.map((run: { contactName: string }) => run.contactName)).toEqual([
      'Gus Flow',
      'Fay Flow',
    ]);
    expect(runs.body.data.nextCursor).toBeNull();
    const list = await owner.get(team.path('workflows'));
    expect(list.body.data.find((item: { id: string }) => item.id === workflowId).runs).toEqual({ done: 2 });
    const notes = await owner.get(team.path(`contacts/${people[0]}/notes`));
    expect(notes.body.data.map((note: { text: string }) => note.text)).toEqual(['Joined through the form.']);
    expect((await owner.get(team.path(`workflows/${workflowId}/runs?cursor=nonsense`))).status).toBe(400);
    await owner.delete(team.path(`workflows/${workflowId}`));
  });
});

describe('who may do what', () => {
  it('keeps workflows to owners and admins of the team, on the Pro plan', async () => {
    const workflowId = await addWorkflow(welcome({ status: 'paused' }));
    expect((await server.client().get(team.path('workflows'))).status).toBe(401);
    expect((await stranger.owner.get(team.path('workflows'))).status).toBe(404);
    expect(
      (await stranger.owner.put(stranger.path(`workflows/${workflowId}/status`), { status: 'running' }))
        .status,
    ).toBe(404);
    for (const client of [member, outsider]) {
      const refused = await client.post(team.path('workflows'), welcome());
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe('Only the team owner or an admin can change workflows.');
      expect((await client.get(team.path('workflows'))).status).toBe(403);
      expect(
        (await client.put(team.path(`workflows/${workflowId}/status`), { status: 'running' })).status,
      ).toBe(403);
    }
    await server.setSubscription(team.teamUID, { tier: 2 });
    try {
      const refused = await owner.post(team.path('workflows'), welcome());
      expect(refused.status).toBe(402);
      expect(refused.body.error.message).toMatch(
        /^Automations need the Pro plan; this team is on the \w+ plan\. Upgrade to Pro in Billing\.$/,
      );
      expect(
        (await owner.put(team.path(`workflows/${workflowId}/status`), { status: 'running' })).status,
      ).toBe(402);
      // Pausing is always allowed.
      expect(
        (await owner.put(team.path(`workflows/${workflowId}/status`), { status: 'paused' })).status,
      ).toBe(204);
    } finally {
      await server.setSubscription(team.teamUID, { tier: 3 });
      await owner.delete(team.path(`workflows/${workflowId}`));
    }
  });

  it('shows a contact’s runs to whoever sees the contact, and to nobody else', async () => {
    const workflowId = await addWorkflow(
      welcome({
        name: 'Seen',
        definition: {
          trigger: { type: 'captured', pipelineId: leads.groupUID },
          steps: [{ type: 'addTags', tagIds: [tag('Hot')] }],
        },
      }),
    );
    const GTID = await capture('Hal');
    await waitForRun(GTID, workflowId, (item) => item.status === 'done');
    expect((await runsOf(GTID, member)).map((run) => run.workflowId)).toEqual([workflowId]);
    expect((await outsider.get(team.path(`contacts/${GTID}/workflow-runs`))).status).toBe(404);
    expect((await stranger.owner.get(stranger.path(`contacts/${GTID}/workflow-runs`))).status).toBe(404);
    await owner.delete(team.path(`workflows/${workflowId}`));
  });

  it.each([
    ['no steps', { trigger: { type: 'captured', pipelineId: 'P' }, steps: [] }, 'Add at least one step.'],
    [
      'a wait last',
      { trigger: { type: 'captured', pipelineId: 'P' }, steps: [{ type: 'wait', amount: 1, unit: 'days' }] },
      'A workflow cannot end with a wait: add the step that follows it.',
    ],
    [
      'a stage move with no stage',
      { trigger: { type: 'stageChanged', pipelineId: 'P' }, steps: [{ type: 'addNote', text: 'x' }] },
      'Name the stage the person moves to, or the one they leave.',
    ],
  ])('refuses a workflow with %s, saying why', async (_name, definition, message) => {
    const refused = await owner.post(team.path('workflows'), { name: 'Bad', definition });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body.error)).toContain(message);
  });

  it('refuses what is not the team’s or does not fit together, naming the field', async () => {
    const theirs = await server.createPipeline(stranger, 'Theirs', ['One']);
    const cases: [Record<string, unknown>, string][] = [
      [
        {
          trigger: { type: 'captured', pipelineId: theirs.groupUID },
          steps: [{ type: 'addNote', text: 'x' }],
        },
        `Invalid trigger.pipelineId: ${theirs.groupUID} is not a pipeline of this team.`,
      ],
      [
        {
          trigger: {
            type: 'stageChanged',
            pipelineId: leads.groupUID,
            toStageId: hidden.stages[0]!.stageUID,
          },
          steps: [{ type: 'addNote', text: 'x' }],
        },
        `Invalid trigger.toStageId: ${hidden.stages[0]!.stageUID} is not a stage of that pipeline.`,
      ],
      [
        {
          trigger: { type: 'captured', pipelineId: leads.groupUID },
          steps: [{ type: 'addTags', tagIds: ['tag_nope'] }],
        },
        'Invalid steps.0.tagIds: tag_nope is not a tag of this team.',
      ],
      [
        {
          trigger: { type: 'captured', pipelineId: leads.groupUID },
          steps: [{ type: 'queueMessage', templateId: callTask, platform: 'facebook' }],
        },
        `Invalid steps.0.templateId: ${callTask} is not a message template of this team.`,
      ],
    ];
    for (const [definition, message] of cases) {
      const refused = await owner.post(team.path('workflows'), { name: 'Bad', definition });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe(message);
    }
    expect(
      (await owner.get(team.path('workflows'))).body.data.filter(
        (item: { name: string }) => item.name === 'Bad',
      ),
    ).toEqual([]);
  });
});
