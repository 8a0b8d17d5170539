import { addDaysToDate, formatDateInZone } from '@grouptrack/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';

let server: TestServer;
let owner: TestClient;
let member: TestClient;
let teamUID: string;
let pipeline: { groupUID: string };
let otherPipeline: { groupUID: string };

beforeAll(async () => {
  server = await startTestServer();
  const team = await server.createTeam({ name: 'Olga Owner' });
  ({ owner, teamUID } = team);
  pipeline = await server.createPipeline(team, 'Runners', ['New', 'Welcomed'], { questions: ['Goal?'] });
  otherPipeline = await server.createPipeline(team, 'Elsewhere', ['New']);
  ({ client: member } = await server.joinAsMember(team, { groupAccess: [pipeline.groupUID] }));
});
afterAll(async () => {
  await server.stop();
});

function path(rest: string) {
  return `/api/v1/teams/${teamUID}/${rest}`;
}

describe('message templates', () => {
  it('saves templates with known fields, refuses unknown ones by name, and keeps writing to owners and admins', async () => {
    const saved = await owner.post(path('message-templates'), {
      name: 'Welcome',
      text: 'Hi {firstName}, welcome to {pipeline}!',
      category: 'Onboarding',
      tags: ['new'],
    });
    expect(saved.status).toBe(201);
    const refused = await owner.post(path('message-templates'), {
      name: 'Typo',
      text: 'Hi {frstName} {nme}',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('Invalid text: unknown fields {frstName}, {nme}.');
    expect((await member.post(path('message-templates'), { name: 'x', text: 'y' })).status).toBe(403);
    expect((await member.get(path('message-templates'))).body.data).toEqual([
      {
        templateUID: saved.body.data.templateUID,
        name: 'Welcome',
        text: 'Hi {firstName}, welcome to {pipeline}!',
        category: 'Onboarding',
        type: '',
        tags: ['new'],
      },
    ]);
    await owner.patch(path(`message-templates/${saved.body.data.templateUID}`), { text: 'Hello {name}' });
    expect((await owner.get(path('message-templates'))).body.data[0].text).toBe('Hello {name}');
    expect((await owner.delete(path(`message-templates/${saved.body.data.templateUID}`))).status).toBe(204);
  });
});

describe('a message copied for a contact', () => {
  it("is logged once in the contact's history as a message, with the text as it went out", async () => {
    const template = (
      await owner.post(path('message-templates'), { name: 'Hello', text: 'Hi {firstName|there}!' })
    ).body.data;
    const contact = (
      await owner.post(path('contacts'), { name: 'Copy Target', pipeline: { pipelineId: pipeline.groupUID } })
    ).body.data;
    const logged = await member.post(path(`message-templates/${template.templateUID}/copies`), {
      GTID: contact.GTID,
      text: 'Hi Copy, see you Monday!',
    });
    expect(logged.status).toBe(201);
    const history = (await owner.get(path(`contacts/${contact.GTID}/activities`))).body.data.items;
    const messages = history.filter((item: { type: string }) => item.type === 'message');
    expect(messages).toEqual([
      expect.objectContaining({
        activityUID: logged.body.data.activityUID,
        type: 'message',
        action: 'copied',
        note: 'Hi Copy, see you Monday!',
        data: { templateUID: template.templateUID, templateName: 'Hello' },
      }),
    ]);
  });

  it("is refused signed out, to another team, outside the contact's pipelines, and with bad input", async () => {
    const template = (await owner.post(path('message-templates'), { name: 'Bye', text: 'Bye {name}' })).body
      .data;
    const hidden = (
      await owner.post(path('contacts'), {
        name: 'Hidden One',
        pipeline: { pipelineId: otherPipeline.groupUID },
      })
    ).body.data;
    const copies = path(`message-templates/${template.templateUID}/copies`);
    const body = { GTID: hidden.GTID, text: 'Bye Hidden One' };
    expect((await server.client().post(copies, body)).status).toBe(401);
    expect((await (await server.signUp()).post(copies, body)).status).toBe(404);
    const outside = await member.post(copies, body);
    expect(outside.status).toBe(404);
    expect(outside.body.error.message).toBe('Contact not found.');
    expect((await owner.post(copies, { ...body, text: '  ' })).body.error.message).toMatch(
      /Write the message/,
    );
    expect((await owner.post(copies, { GTID: hidden.GTID })).status).toBe(400);
    expect((await owner.post(copies, { ...body, sentAt: 'now' })).status).toBe(400);
    const unknown = await owner.post(path('message-templates/none/copies'), body);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Template not found.');
    // Nothing refused was written.
    const history = (await owner.get(path(`contacts/${hidden.GTID}/activities`))).body.data.items;
    expect(history.filter((item: { type: string }) => item.type === 'message')).toEqual([]);
  });
});

describe('a message written for a contact, with or without a template', () => {
  it("is logged in the contact's history as a message, naming the template it started from", async () => {
    const template = (await owner.post(path('message-templates'), { name: 'Nudge', text: 'Hey {firstName}' }))
      .body.data;
    const contact = (
      await owner.post(path('contacts'), { name: 'Free Writer', pipeline: { pipelineId: pipeline.groupUID } })
    ).body.data;
    const written = await member.post(path(`contacts/${contact.GTID}/messages/copies`), {
      text: 'Hi Free, written from scratch.',
    });
    expect(written.status).toBe(201);
    const fromTemplate = await member.post(path(`contacts/${contact.GTID}/messages/copies`), {
      text: 'Hey Free',
      templateUID: template.templateUID,
    });
    expect(fromTemplate.status).toBe(201);
    const history = (await owner.get(path(`contacts/${contact.GTID}/activities`))).body.data.items;
    const messages = history.filter((item: { type: string }) => item.type === 'message');
    expect(messages).toEqual([
      expect.objectContaining({
        activityUID: fromTemplate.body.data.activityUID,
        action: 'copied',
        note: 'Hey Free',
        data: { templateUID: template.templateUID, templateName: 'Nudge' },
      }),
      expect.objectContaining({
        activityUID: written.body.data.activityUID,
        action: 'copied',
        note: 'Hi Free, written from scratch.',
        data: {},
      }),
    ]);
  });

  it("is refused signed out, to another team, outside the contact's pipelines, and with bad input", async () => {
    const hidden = (
      await owner.post(path('contacts'), {
        name: 'Hidden Two',
        pipeline: { pipelineId: otherPipeline.groupUID },
      })
    ).body.data;
    const copies = path(`contacts/${hidden.GTID}/messages/copies`);
    const body = { text: 'Hello Hidden' };
    expect((await server.client().post(copies, body)).status).toBe(401);
    const stranger = await (await server.signUp()).post(copies, body);
    expect(stranger.status).toBe(404);
    const outside = await member.post(copies, body);
    expect(outside.status).toBe(404);
    expect(outside.body.error.message).toBe('Contact not found.');
    const blank = await owner.post(copies, { text: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toBe('Invalid body.text: Write the message');
    const missing = await owner.post(copies, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/body\.text/);
    const extra = await owner.post(copies, { ...body, GTID: hidden.GTID });
    expect(extra.status).toBe(400);
    const unknownTemplate = await owner.post(copies, { ...body, templateUID: 'none' });
    expect(unknownTemplate.status).toBe(404);
    expect(unknownTemplate.body.error.message).toBe('Template not found.');
    expect((await owner.post(path('contacts/none/messages/copies'), body)).status).toBe(404);
    // Nothing refused was written.
    const history = (await owner.get(path(`contacts/${hidden.GTID}/activities`))).body.data.items;
    expect(history.filter((item: { type: string }) => item.type === 'message')).toEqual([]);
  });
});

describe('task templates', () => {
  it("fills a template's name for the contact, with fallbacks, answers and the maker's name", async () => {
    const template = (
      await owner.post(path('task-templates'), {
        name: 'Follow up with {firstName|them} on "{answer:Goal?}" ({senderName})',
      })
    ).body.data;
    const ana = (
      await owner.post(path('contacts'), {
        firstName: 'Ana',
        lastName: 'Ruiz',
        pipeline: { pipelineId: pipeline.groupUID, questions: [{ question: 'Goal?', answer: 'A 10k' }] },
      })
    ).body.data;
    const made = await member.post(path(`task-templates/${template.templateUID}/tasks`), { GTID: ana.GTID });
    expect(made.status).toBe(201);
    expect(made.body.data.taskName).toMatch(/^Follow up with Ana on "A 10k" \(Test User .+\)$/);
    const nameless = (
      await owner.post(path('contacts'), {
        emailAddress: 'nameless@example.test',
        pipeline: { pipelineId: pipeline.groupUID },
      })
    ).body.data;
    const fallback = await owner.post(path(`task-templates/${template.templateUID}/tasks`), {
      GTID: nameless.GTID,
    });
    expect(fallback.body.data.taskName).toBe('Follow up with them on "" (Olga Owner)');
  });

  it('fills the name for each contact of a bulk action, signed by whoever started it', async () => {
    const template = (
      await owner.post(path('task-templates'), { name: 'Call {firstName|them} ({senderName})' })
    ).body.data;
    const place = { pipeline: { pipelineId: pipeline.groupUID } };
    const bo = (await owner.post(path('contacts'), { firstName: 'Bo', ...place })).body.data;
    const nameless = (await owner.post(path('contacts'), { emailAddress: 'bulk@example.test', ...place }))
      .body.data;
    const started = await owner.post('/search/v2/bulk', {
      teamUID,
      action: { type: 'createTask', templateId: template.templateUID },
      target: { GTIDs: [bo.GTID, nameless.GTID] },
    });
    expect(started.status).toBe(202);
    await server.waitForJob(owner, teamUID, { bulkJobId: started.body.data.jobId });
    const nameOf = async (GTID: string) =>
      (await owner.get(path(`tasks?GTID=${GTID}`))).body.data.map(
        (task: { taskName: string }) => task.taskName,
      );
    expect(await nameOf(bo.GTID)).toEqual(['Call Bo (Olga Owner)']);
    expect(await nameOf(nameless.GTID)).toEqual(['Call them (Olga Owner)']);
  });

  it('creates a task from a template for a contact, due days later at its time', async () => {
    const template = await owner.post(path('task-templates'), {
      name: 'Send welcome pack',
      dueInDays: 2,
      dueTime: '10:00',
      reminder: 'email',
      category: 'Onboarding',
    });
    expect(template.status).toBe(201);
    const contact = (await owner.post(path('contacts'), { name: 'Templated Person' })).body.data;
    const task = await owner.post(path(`task-templates/${template.body.data.templateUID}/tasks`), {
      GTID: contact.GTID,
    });
    expect(task.status).toBe(201);
    const expectedDay = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(task.body.data).toMatchObject({
      taskName: 'Send welcome pack',
      GTID: contact.GTID,
      dueDate: expectedDay,
      dueTime: '10:00',
      reminder: 'email',
    });
    expect((await owner.post(path('task-templates'), { name: 'x', assigneeUID: 'stranger' })).status).toBe(
      400,
    );
    expect((await owner.post(path('task-templates/none/tasks'), {})).status).toBe(404);
  });

  it("counts a template's days from today on the assignee's calendar, in their time zone", async () => {
    const template = (await owner.post(path('task-templates'), { name: 'Call back', dueInDays: 1 })).body
      .data;
    // UTC+14 and UTC-11: at any hour of the UTC day, one of the two is on another date than UTC.
    for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      await owner.patch('/api/v1/me', { timeZone });
      const task = await owner.post(path(`task-templates/${template.templateUID}/tasks`), {});
      expect(task.status).toBe(201);
      expect(task.body.data).toMatchObject({
        timeZone,
        dueDate: addDaysToDate(formatDateInZone(Date.now(), timeZone), 1),
      });
    }
    await owner.patch('/api/v1/me', { timeZone: 'UTC' });
  });

  it('answers 401 signed out and 404 to another team', async () => {
    const stranger = await server.signUp();
    for (const rest of ['message-templates', 'task-templates']) {
      expect((await server.client().get(path(rest))).status).toBe(401);
      expect((await stranger.get(path(rest))).status).toBe(404);
    }
  });
});
