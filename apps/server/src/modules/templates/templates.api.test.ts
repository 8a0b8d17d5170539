import { addDaysToDate, formatDateInZone } from '@grouptrack/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';

let server: TestServer;
let owner: TestClient;
let member: TestClient;
let teamUID: string;

beforeAll(async () => {
  server = await startTestServer();
  const team = await server.createTeam();
  ({ owner, teamUID } = team);
  ({ client: member } = await server.joinAsMember(team));
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

describe('task templates', () => {
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
