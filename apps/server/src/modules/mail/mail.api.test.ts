import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtpServer } from '../../testing/fake-smtp-server';
import { startTestServer, type TestServer } from '../../testing/test-server';

let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
let server: TestServer;
beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  server = await startTestServer({
    env: { SMTP_URL: `${smtp.url}?ignoreTLS=true`, MAIL_FROM: 'GroupTrack <team@grouptrack.test>' },
  });
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

describe('mail through SMTP_URL', () => {
  it('delivers an invitation through the SMTP server and marks it sent in the outbox', async () => {
    const owner = await server.signUp({ name: 'Mia Mailer' });
    const teamUID = (await owner.me()).teamUID;
    await owner.post(`/api/v1/teams/${teamUID}/invitations`, { email: 'guest@example.test' });
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
    expect(smtp.received[0]).toMatchObject({ from: '<team@grouptrack.test>', to: ['<guest@example.test>'] });
    expect(smtp.received[0]!.data).toContain('Mia Mailer invited you');
    // The worker records the delivery just after the SMTP server has the mail.
    await expect
      .poll(
        async () =>
          (await server.server.context.mail.listOutbox({ limit: 1, to: 'guest@example.test' }))[0]?.status,
        { timeout: 10_000 },
      )
      .toBe('sent');
  });

  it('never sends the same mail twice when its job runs again', async () => {
    const mail = server.server.context.mail;
    const before = smtp.received.length;
    const id = await mail.sendMail({ to: 'once@example.test', subject: 'Once', text: 'Only once.' });
    // Once the worker has recorded the delivery, running its job again sends nothing.
    await expect
      .poll(async () => (await mail.listOutbox({ limit: 1, to: 'once@example.test' }))[0]?.status, {
        timeout: 10_000,
      })
      .toBe('sent');
    expect(smtp.received.length).toBe(before + 1);
    await mail.deliverMailJob.handle({ mailId: id });
    expect(smtp.received.length).toBe(before + 1);
  });
});
