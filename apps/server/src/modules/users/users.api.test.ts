import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

describe('GET /api/v1/me', () => {
  it('answers 401 in the error shape when signed out', async () => {
    const response = await server.client().get('/api/v1/me');
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('unauthenticated');
  });

  it('gives a new user a trialing team they own, with the logged-user fields of the spec', async () => {
    const client = await server.signUp({ name: 'Ada Lead', email: 'ada@example.test' });
    const me = await client.me();
    expect(me).toMatchObject({
      email: 'ada@example.test',
      name: 'Ada Lead',
      passwordSet: true,
      termsVersion: null,
      defaultContactView: null,
      notifications: {},
      currentTeam: { teamOwner: true, role: 'owner' },
      subscription: {
        status: 'trialing',
        tier: { value: 3, name: 'pro' },
        contactCount: 0,
        includedSeats: 6,
      },
    });
    expect(me.teams).toHaveLength(1);
    expect(me.teamUID).toBe(me.currentTeam.teamUID);
    expect(me.groupAccess[me.teamUID]).toEqual([]);
    expect(me.photoURL).toMatch(/^data:image\/svg\+xml/);
  });

  it('creates one team, not two, when a new user loads their profile twice at once', async () => {
    const client = await server.signUp();
    const answers = await Promise.all([
      client.get('/api/v1/me'),
      client.get('/api/v1/me'),
      client.get('/api/v1/me'),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect((await client.me()).teams).toHaveLength(1);
  });
});
