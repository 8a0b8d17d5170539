import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtpServer, type SmtpScript } from '../../testing/fake-smtp-server';
import { startTestServer, type TestServer } from '../../testing/test-server';

const script: SmtpScript = {};
let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
let server: TestServer;
beforeAll(async () => {
  smtp = await startFakeSmtpServer(script);
  server = await startTestServer({
    env: { SMTP_URL: `${smtp.url}?ignoreTLS=true`, MAIL_FROM: 'team@grouptrack.test' },
  });
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

const statusOf = async (to: string) => (await server.server.context.mail.listOutbox({ limit: 1, to }))[0];

describe('mail the SMTP server refuses', () => {
  it('records a recipient refused for good as failed, and its job ends instead of retrying', async () => {
    const mail = server.server.context.mail;
    script.rcpt = '550 5.1.1 no such user';
    const id = await mail.sendMail({ to: 'nobody@example.test', subject: 'Hi', text: 'Hello.' });
    await expect
      .poll(async () => (await statusOf('nobody@example.test'))?.status, { timeout: 10_000 })
      .toBe('failed');
    expect((await statusOf('nobody@example.test'))?.error).toContain('550 5.1.1 no such user');
    // Run again, the job fails the same way and ends: nothing is thrown for the queue to retry.
    await expect(mail.deliverMailJob.handle({ mailId: id })).resolves.toBeUndefined();
    expect(smtp.received.length).toBe(0);
  });

  it('records a deferred recipient as failed and hands the job back to be retried', async () => {
    const mail = server.server.context.mail;
    script.rcpt = '451 4.3.0 try again later';
    const id = await mail.sendMail({ to: 'later@example.test', subject: 'Hi', text: 'Hello.' });
    // The queue's own first try fails first; its retry comes seconds later and finds the mail sent.
    await expect
      .poll(async () => (await statusOf('later@example.test'))?.status, { timeout: 10_000 })
      .toBe('failed');
    await expect(mail.deliverMailJob.handle({ mailId: id })).rejects.toMatchObject({ code: 'temporary' });
    expect((await statusOf('later@example.test'))?.status).toBe('failed');
    // Once the server takes it, the retry delivers it.
    script.rcpt = '250 ok';
    await mail.deliverMailJob.handle({ mailId: id });
    expect((await statusOf('later@example.test'))?.status).toBe('sent');
    expect(smtp.received.length).toBe(1);
  });

  it('keeps retrying mail while the SMTP server refuses the credentials, for the operator to fix them', async () => {
    const refusing: SmtpScript = { auth: '535 5.7.8 authentication failed' };
    const strict = await startFakeSmtpServer(refusing);
    const withLogin = await startTestServer({
      env: {
        SMTP_URL: `${strict.urlWithLogin}?ignoreTLS=true`,
        MAIL_FROM: 'team@grouptrack.test',
      },
    });
    try {
      const mail = withLogin.server.context.mail;
      const id = await mail.sendMail({ to: 'member@example.test', subject: 'Hi', text: 'Hello.' });
      const statusThere = async () =>
        (await mail.listOutbox({ limit: 1, to: 'member@example.test' }))[0]?.status;
      await expect.poll(statusThere, { timeout: 10_000 }).toBe('failed');
      await expect(mail.deliverMailJob.handle({ mailId: id })).rejects.toMatchObject({ code: 'auth' });
      refusing.auth = '235 ok';
      await mail.deliverMailJob.handle({ mailId: id });
      const [row] = await mail.listOutbox({ limit: 1, to: 'member@example.test' });
      expect(row?.status).toBe('sent');
    } finally {
      await withLogin.stop();
      await strict.stop();
    }
  });
});
