import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_SIGNIN_MAX_ATTEMPTS: '3' } });
});
afterAll(async () => {
  await server.stop();
});

async function waitForMail(to: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const [mail] = await server.server.context.mail.listOutbox({ limit: 1, to });
    if (mail && mail.status !== 'queued') return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail delivered to ${to}`);
}

describe('accounts', () => {
  it('signs up, signs out and signs in again with an HttpOnly session cookie', async () => {
    const client = server.client();
    const signUp = await client.post('/api/auth/sign-up/email', {
      name: 'Sam',
      email: 'sam@example.test',
      password: 'a-long-password',
      teamName: 'Sam’s study group',
    });
    expect(signUp.status).toBe(200);
    expect(signUp.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect((await client.me()).email).toBe('sam@example.test');
    await client.post('/api/auth/sign-out');
    expect((await client.get('/api/v1/me')).status).toBe(401);
    const signIn = await client.post('/api/auth/sign-in/email', {
      email: 'sam@example.test',
      password: 'a-long-password',
    });
    expect(signIn.status).toBe(200);
    expect((await client.me()).email).toBe('sam@example.test');
  });

  it('refuses a duplicate email and a short password', async () => {
    await server.signUp({ email: 'taken@example.test' });
    const duplicate = await server.client().post('/api/auth/sign-up/email', {
      name: 'X',
      email: 'taken@example.test',
      password: 'a-long-password',
      teamName: 'X club',
    });
    expect(duplicate.status).toBeGreaterThanOrEqual(400);
    const short = await server.client().post('/api/auth/sign-up/email', {
      name: 'X',
      email: 'x@example.test',
      password: 'short',
      teamName: 'X club',
    });
    expect(short.status).toBe(400);
  });

  it('limits sign-in attempts per address and email, with a clear message', async () => {
    await server.signUp({ email: 'limited@example.test', password: 'right-password' });
    const client = server.client();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const wrong = await client.post('/api/auth/sign-in/email', {
        email: 'limited@example.test',
        password: 'wrong-password',
      });
      expect(wrong.status).toBe(401);
    }
    const blocked = await client.post('/api/auth/sign-in/email', {
      email: 'limited@example.test',
      password: 'right-password',
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.message).toMatch(/Too many sign-in attempts/);
    const otherEmail = await client.post('/api/auth/sign-in/email', {
      email: 'someone@example.test',
      password: 'x-password',
    });
    expect(otherEmail.status).toBe(401);
  });

  it('resets a forgotten password through the emailed link', async () => {
    await server.signUp({ email: 'forgetful@example.test', password: 'old-password-1' });
    const request = await server.client().post('/api/auth/request-password-reset', {
      email: 'forgetful@example.test',
      redirectTo: '/password-reset',
    });
    expect(request.status).toBe(200);
    const mail = await waitForMail('forgetful@example.test');
    expect(mail.status).toBe('logged');
    const token = /password-reset\?token=([^\s]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    const reset = await server.client().post('/api/auth/reset-password', {
      newPassword: 'new-password-2',
      token: decodeURIComponent(token!),
    });
    expect(reset.status).toBe(200);
    const client = server.client();
    expect(
      (
        await client.post('/api/auth/sign-in/email', {
          email: 'forgetful@example.test',
          password: 'old-password-1',
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await client.post('/api/auth/sign-in/email', {
          email: 'forgetful@example.test',
          password: 'new-password-2',
        })
      ).status,
    ).toBe(200);
  });
});

describe('the logged user', () => {
  it('accepts only the current terms version', async () => {
    const client = await server.signUp();
    const wrong = await client.post('/api/v1/me/accept-terms', { termsVersion: '0.9' });
    expect(wrong.status).toBe(400);
    expect((await client.me()).termsVersion).toBeNull();
    expect((await client.post('/api/v1/me/accept-terms', { termsVersion: '1.0.1' })).status).toBe(200);
    expect((await client.me()).termsVersion).toBe('1.0.1');
  });

  it('changes name and default contact view, and refuses unknown views and fields', async () => {
    const client = await server.signUp();
    const changed = await client.patch('/api/v1/me', { name: 'New Name', defaultContactView: 'table' });
    expect(changed.body.data).toMatchObject({ name: 'New Name', defaultContactView: 'table' });
    const bad = await client.patch('/api/v1/me', { defaultContactView: 'calendar' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^Invalid body\.defaultContactView/);
    expect((await client.patch('/api/v1/me', { teamUID: 'x' })).status).toBe(400);
    expect((await client.patch('/api/v1/me', { name: 'x'.repeat(101) })).status).toBe(400);
    expect((await client.me()).name).toBe('New Name');
  });

  it('records a dismissed notification for 24 hours and a never-again one with snooze 0', async () => {
    const client = await server.signUp();
    const dismissed = await client.put('/api/v1/me/notifications/n1', { action: 'dismiss' });
    const [seen, until] = dismissed.body.data.value.split('|').map(Number);
    expect(until - seen).toBe(86_400_000);
    await client.put('/api/v1/me/notifications/n2', { action: 'never' });
    const me = await client.me();
    expect(me.notifications.n1).toBe(dismissed.body.data.value);
    expect(me.notifications.n2).toMatch(/^\d+\|0$/);
    expect((await client.put('/api/v1/me/notifications/n3', { action: 'later' })).status).toBe(400);
  });

  it('changes the password only with the current one', async () => {
    const client = await server.signUp({ email: 'changer@example.test', password: 'first-password' });
    const missing = await client.post('/api/v1/me/password', { newPassword: 'second-password' });
    expect(missing.status).toBe(400);
    const wrong = await client.post('/api/v1/me/password', {
      newPassword: 'second-password',
      currentPassword: 'nope-nope',
    });
    expect(wrong.status).toBe(400);
    const ok = await client.post('/api/v1/me/password', {
      newPassword: 'second-password',
      currentPassword: 'first-password',
    });
    expect(ok.status).toBe(200);
    const again = server.client();
    expect(
      (
        await again.post('/api/auth/sign-in/email', {
          email: 'changer@example.test',
          password: 'second-password',
        })
      ).status,
    ).toBe(200);
  });

  it('switches between teams the user belongs to, and refuses others', async () => {
    const owner = await server.signUp();
    const ownerTeam = (await owner.me()).teamUID;
    const invite = await owner.post(`/api/v1/teams/${ownerTeam}/invitations`, {});
    const client = await server.signUp();
    const ownTeam = (await client.me()).teamUID;
    await client.post(`/api/v1/invitations/${invite.body.data.inviteCode}/accept`);
    expect((await client.me()).teamUID).toBe(ownerTeam);
    const switched = await client.post('/api/v1/me/current-team', { teamUID: ownTeam });
    expect(switched.body.data.currentTeam).toMatchObject({ teamUID: ownTeam, role: 'owner' });
    const stranger = await server.signUp();
    expect((await stranger.post('/api/v1/me/current-team', { teamUID: ownTeam })).status).toBe(404);
  });

  it('answers 401 on every /me route when signed out', async () => {
    const client = server.client();
    for (const [method, path, body] of [
      ['PATCH', '/api/v1/me', { name: 'x' }],
      ['POST', '/api/v1/me/password', { newPassword: 'abcdefgh1' }],
      ['POST', '/api/v1/me/accept-terms', { termsVersion: '1.0.1' }],
      ['PUT', '/api/v1/me/notifications/n1', { action: 'dismiss' }],
      ['POST', '/api/v1/me/current-team', { teamUID: 'x' }],
      ['POST', '/api/v1/invitations/x/accept', {}],
    ] as const) {
      expect((await client.request(method, path, body)).status, `${method} ${path}`).toBe(401);
    }
  });
});
