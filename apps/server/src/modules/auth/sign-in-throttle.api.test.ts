import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  // Behind a proxy on this machine that names each client, as the README asks for with TRUST_PROXY.
  server = await startTestServer({
    env: {
      AUTH_SIGNIN_MAX_ATTEMPTS: '3',
      AUTH_SIGNIN_MAX_ATTEMPTS_PER_ADDRESS: '5',
      TRUST_PROXY: 'loopback',
    },
  });
});
afterAll(async () => {
  await server.stop();
});

const signIn = (from: string, email: string, password: string) =>
  server.client().post('/api/auth/sign-in/email', { email, password }, { 'x-forwarded-for': from });

describe('sign-in limits per address', () => {
  it('stops one address trying many emails, and only that address', async () => {
    await server.signUp({ email: 'target@example.test', password: 'right-password' });
    for (let index = 0; index < 5; index += 1) {
      const guess = await signIn('203.0.113.7', `guess-${index}@example.test`, 'wrong-password');
      expect(guess.status).toBe(401);
    }
    const blocked = await signIn('203.0.113.7', 'target@example.test', 'right-password');
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toEqual({
      code: 'too-many-attempts',
      message: 'Too many sign-in attempts from your network. Try again in 15 minutes or reset your password.',
    });
    // An address of its own choosing in front of the one the proxy adds does not get it through.
    const spoofed = await signIn('198.51.100.9, 203.0.113.7', 'target@example.test', 'right-password');
    expect(spoofed.status).toBe(429);
    const elsewhere = await signIn('198.51.100.2', 'target@example.test', 'right-password');
    expect(elsewhere.status).toBe(200);
  });

  it('does not count successful sign-ins, so colleagues behind one address are never locked out', async () => {
    await server.signUp({ email: 'colleague@example.test', password: 'right-password' });
    for (let index = 0; index < 8; index += 1) {
      const success = await signIn('192.0.2.50', 'colleague@example.test', 'right-password');
      expect(success.status).toBe(200);
    }
    const typo = await signIn('192.0.2.50', 'colleague@example.test', 'wrong-password');
    expect(typo.status).toBe(401);
  });

  it('still limits one email from one address first, with its own message', async () => {
    await server.signUp({ email: 'typist@example.test', password: 'right-password' });
    for (let index = 0; index < 3; index += 1) {
      expect((await signIn('192.0.2.77', 'typist@example.test', 'wrong-password')).status).toBe(401);
    }
    const blocked = await signIn('192.0.2.77', 'typist@example.test', 'right-password');
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.message).toBe(
      'Too many sign-in attempts. Try again in 15 minutes or reset your password.',
    );
    expect((await signIn('192.0.2.77', 'someone@example.test', 'x-password')).status).toBe(401);
  });

  it('lets no more than the limit of wrong passwords sent all at once reach the password check', async () => {
    await server.signUp({ email: 'burst@example.test', password: 'right-password' });
    const burst = await Promise.all(
      Array.from({ length: 9 }, () => signIn('192.0.2.99', 'burst@example.test', 'wrong-password')),
    );
    const statuses = burst.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    const afterwards = await signIn('192.0.2.99', 'burst@example.test', 'right-password');
    expect(afterwards.status).toBe(429);
  });
});
