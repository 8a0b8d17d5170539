import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream } from '../../testing/event-stream';
import { startFakeSmsServer } from '../../testing/fake-sms-server';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';

let server: TestServer;
let owner: TestClient;
let teamUID: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, teamUID } = await server.createTeam({ email: 'reminded@example.test' }));
});
afterAll(async () => {
  await server.stop();
});

const path = (rest: string) => `/api/v1/teams/${teamUID}/${rest}`;
type ReminderEvent = { kind: string; userUID?: string; taskName?: string; reminderUID?: string };

describe('task reminders', () => {
  it('reminds in the app once at the due moment, even when the job runs again', async () => {
    const others = await server.signUp();
    const theirStream = await openStream<ReminderEvent>(others, '/api/v1/me/events');
    const stream = await openStream<ReminderEvent>(owner, '/api/v1/me/events');
    // Due yesterday: the reminder's moment has passed, so the job runs at once.
    const task = (await owner.post(path('tasks'), { taskName: 'Follow up with Ana', dueDate: '2026-01-05' }))
      .body.data;
    const reminder = await stream.next((event) => event.kind === 'reminder', 15_000);
    expect(reminder).toMatchObject({ taskName: 'Follow up with Ana', userUID: (await owner.me()).uid });
    expect(theirStream.received.some((event) => event.kind === 'reminder')).toBe(false);

    // A worker that restarts and runs the same job again sends nothing twice.
    await server.server.context.tasks.taskReminderJob.handle({
      teamUID,
      taskId: task.taskUID,
      dueAt: task.actualDueDate,
    });
    const bell = (await owner.get(path('reminders'))).body.data;
    expect(bell).toEqual([expect.objectContaining({ taskName: 'Follow up with Ana', readAt: null })]);
    expect((await owner.post(path('reminders/read'))).status).toBe(204);
    expect((await owner.get(path('reminders'))).body.data[0].readAt).not.toBeNull();
    stream.close();
    theirStream.close();
  });

  it('sends an email reminder once, and none for a task moved or completed before its moment', async () => {
    const task = (
      await owner.post(path('tasks'), {
        taskName: 'Send the proposal',
        dueDate: '2026-01-06',
        reminder: 'email',
      })
    ).body.data;
    await expect
      .poll(
        async () =>
          (await server.server.context.mail.listOutbox({ limit: 5, to: 'reminded@example.test' })).length,
        { timeout: 15_000 },
      )
      .toBe(1);
    await server.server.context.tasks.taskReminderJob.handle({
      teamUID,
      taskId: task.taskUID,
      dueAt: task.actualDueDate,
    });
    const mails = await server.server.context.mail.listOutbox({ limit: 5, to: 'reminded@example.test' });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Reminder: Send the proposal' });

    const later = (
      await owner.post(path('tasks'), { taskName: 'Moved', dueDate: '2099-01-01', reminder: 'in-app' })
    ).body.data;
    const moved = (await owner.patch(path(`tasks/${later.taskUID}`), { dueDate: '2099-02-01' })).body.data;
    // The job queued for the first moment finds the task moved and does nothing.
    await server.server.context.tasks.taskReminderJob.handle({
      teamUID,
      taskId: later.taskUID,
      dueAt: later.actualDueDate,
    });
    await owner.post(path(`tasks/${later.taskUID}/complete`), {});
    await server.server.context.tasks.taskReminderJob.handle({
      teamUID,
      taskId: later.taskUID,
      dueAt: moved.actualDueDate,
    });
    const names = (await owner.get(path('reminders'))).body.data.map(
      (row: { taskName: string }) => row.taskName,
    );
    expect(names).not.toContain('Moved');
  });

  it('says plainly that SMS reminders need a provider here', async () => {
    const refused = await owner.post(path('tasks'), {
      taskName: 'x',
      dueDate: '2026-12-01',
      reminder: 'sms',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(
      'Invalid reminder: SMS reminders need an SMS provider; ask your administrator to set one up.',
    );
    expect((await server.client().get('/api/v1/app-config')).body.data.smsEnabled).toBe(false);
    expect((await server.client().get(path('reminders'))).status).toBe(401);
  });
});

describe('SMS reminders through a Twilio-compatible provider', () => {
  let sms: Awaited<ReturnType<typeof startFakeSmsServer>>;
  let smsServer: TestServer;
  beforeAll(async () => {
    sms = await startFakeSmsServer();
    smsServer = await startTestServer({
      env: {
        SMS_API_URL: sms.url,
        SMS_ACCOUNT_SID: 'AC123',
        SMS_AUTH_TOKEN: 'secret-token',
        SMS_FROM: '+15550001111',
      },
    });
  });
  afterAll(async () => {
    await smsServer.stop();
    await sms.stop();
  });

  it('texts the assignee once at the due moment, after the provider recovers from an outage', async () => {
    const lead = await smsServer.signUp({ name: 'Sam Texter' });
    const team = (await lead.me()).teamUID;
    const tasksPath = `/api/v1/teams/${team}/tasks`;
    expect((await smsServer.client().get('/api/v1/app-config')).body.data.smsEnabled).toBe(true);

    const noPhone = await lead.post(tasksPath, {
      taskName: 'Call Ana',
      dueDate: '2026-01-05',
      reminder: 'sms',
    });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.error.message).toBe(
      'Invalid reminder: Sam Texter has no mobile number for SMS reminders; add one in the profile.',
    );
    const badPhone = await lead.patch('/api/v1/me', { phoneNumber: '555 1234' });
    expect(badPhone.status).toBe(400);
    expect(JSON.stringify(badPhone.body)).toContain('Enter the mobile number with its country code');
    const saved = await lead.patch('/api/v1/me', { phoneNumber: '+1 (415) 555-0100' });
    expect(saved.body.data.phoneNumber).toBe('+14155550100');

    sms.failNext(1);
    const task = (
      await lead.post(tasksPath, { taskName: 'Call Ana', dueDate: '2026-01-05', reminder: 'sms' })
    ).body.data;
    await expect.poll(() => sms.received.length, { timeout: 20_000 }).toBe(1);
    expect(sms.received[0]).toMatchObject({
      path: '/2010-04-01/Accounts/AC123/Messages.json',
      authorization: `Basic ${Buffer.from('AC123:secret-token').toString('base64')}`,
      to: '+14155550100',
      from: '+15550001111',
    });
    expect(sms.received[0]!.body).toContain('Call Ana is due now');

    // The reminder job running again (a restarted worker) sends nothing twice.
    await smsServer.server.context.tasks.taskReminderJob.handle({
      teamUID: team,
      taskId: task.taskUID,
      dueAt: task.actualDueDate,
    });
    await expect
      .poll(async () => (await lead.get(`/api/v1/teams/${team}/reminders`)).body.data.length)
      .toBe(1);
    expect(sms.received).toHaveLength(1);
  });
});
