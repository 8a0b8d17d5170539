import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';
import { setSuperPermission } from '../users/users.repository';

let server: TestServer;
let operator: TestClient;
let operatorUid: string;

beforeAll(async () => {
  server = await startTestServer();
  operator = await server.signUp({ name: 'Otto Operator', email: 'otto@example.test' });
  await setSuperPermission(server.databases.directory, 'otto@example.test', true);
  operatorUid = (await operator.me()).uid;
});
afterAll(async () => {
  await server.stop();
});

describe('admin: users', () => {
  it('finds users by name or email, pages them, and shows one with their teams', async () => {
    const found = await server.signUp({ name: 'Findable Fiona', email: 'fiona@example.test' });
    const fionaUid = (await found.me()).uid;
    const search = await operator.get('/api/v1/admin/users?q=fiona&limit=5');
    expect(search.body.data).toMatchObject({
      total: 1,
      items: [{ uid: fionaUid, email: 'fiona@example.test', isSuper: false, teamCount: 1 }],
    });
    expect((await operator.get('/api/v1/admin/users?q=%25')).body.data.total).toBe(0);
    const detail = await operator.get(`/api/v1/admin/users/${fionaUid}`);
    expect(detail.body.data.teams).toEqual([
      { teamUID: expect.any(String), teamName: "Findable Fiona's team", role: 'owner' },
    ]);
    expect((await operator.get('/api/v1/admin/users/nobody')).status).toBe(404);
    expect((await operator.get('/api/v1/admin/users?limit=0')).status).toBe(400);
  });

  it('grants and revokes super, but never from oneself', async () => {
    const user = await server.signUp();
    const uid = (await user.me()).uid;
    const granted = await operator.put(`/api/v1/admin/users/${uid}/super`, { isSuper: true });
    expect(granted.body.data.isSuper).toBe(true);
    expect((await user.me()).claims.super).toBe(true);
    await operator.put(`/api/v1/admin/users/${uid}/super`, { isSuper: false });
    expect((await user.me()).claims.super).toBe(false);
    const self = await operator.put(`/api/v1/admin/users/${operatorUid}/super`, { isSuper: false });
    expect(self.status).toBe(400);
  });

  it('signs in as a user to help them, shows it, records it, and returns to the operator', async () => {
    const helped = await server.signUp({ name: 'Helped Hana', email: 'hana@example.test' });
    const hanaUid = (await helped.me()).uid;
    const session = server.client();
    await session.post('/api/auth/sign-in/email', {
      email: 'otto@example.test',
      password: 'correct-horse-battery',
    });
    const started = await session.post('/api/v1/admin/impersonations', {
      email: 'hana@example.test',
      reason: 'Cannot find her pipeline',
    });
    expect(started.status).toBe(200);
    const asHana = await session.me();
    expect(asHana.uid).toBe(hanaUid);
    expect(asHana.impersonatedBy).toEqual({
      uid: operatorUid,
      name: 'Otto Operator',
      email: 'otto@example.test',
    });
    const record = await operator.get(`/api/v1/admin/users/${hanaUid}`);
    expect(record.body.data.impersonations[0]).toMatchObject({
      superUserEmail: 'otto@example.test',
      reason: 'Cannot find her pipeline',
    });
    const stopped = await session.post('/api/v1/me/stop-impersonation');
    expect(stopped.status).toBe(200);
    expect((await session.me()).uid).toBe(operatorUid);
    expect((await helped.post('/api/v1/me/stop-impersonation')).status).toBe(400);
  });
});

describe('admin: teams and plans', () => {
  it("edits a team's plan, and the owner's subscription follows", async () => {
    const owner = await server.signUp({ name: 'Plan Owner' });
    const teamUID = (await owner.me()).teamUID;
    const listed = await operator.get(`/api/v1/admin/teams?q=${teamUID}`);
    expect(listed.body.data.items[0]).toMatchObject({
      teamUID,
      memberCount: 1,
      subscription: { status: 'trialing', tier: 3 },
    });
    const changed = await operator.patch(`/api/v1/admin/teams/${teamUID}/subscription`, {
      status: 'active',
      tier: 4,
      trialEndsAt: null,
      facebookPlan: 'pro',
      contactBlocks: 2,
      extraSeats: 3,
    });
    expect(changed.status).toBe(200);
    const subscription = (await owner.me()).subscription;
    expect(subscription).toMatchObject({
      status: 'active',
      tier: { value: 4, name: 'pro' },
      contactsAllowed: 50_000,
      seatsAllowed: 9,
    });
    expect(subscription.platforms.facebook).toBe('pro');
    const bad = await operator.patch(`/api/v1/admin/teams/${teamUID}/subscription`, { tier: 5 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^Invalid body\.tier/);
    expect((await operator.patch('/api/v1/admin/teams/none/subscription', { tier: 1 })).status).toBe(404);
  });
});

describe('admin: every route needs the super permission', () => {
  const routes = [
    ['GET', '/api/v1/admin/users'],
    ['GET', '/api/v1/admin/users/x'],
    ['PUT', '/api/v1/admin/users/x/super', { isSuper: true }],
    ['POST', '/api/v1/admin/impersonations', { uid: 'x', reason: 'help' }],
    ['GET', '/api/v1/admin/teams'],
    ['PATCH', '/api/v1/admin/teams/x/subscription', { tier: 1 }],
    ['GET', '/api/v1/admin/app-notifications'],
    ['POST', '/api/v1/admin/app-notifications', { platform: 'web', type: 'toast', title: 't', text: 't' }],
    ['PATCH', '/api/v1/admin/app-notifications/x', { published: true }],
    ['DELETE', '/api/v1/admin/app-notifications/x'],
    ['PUT', '/api/v1/admin/app-version', { version: '9' }],
  ] as const;

  it('answers 401 signed out and 403 to a team owner without it', async () => {
    const owner = await server.signUp();
    for (const [method, path, body] of routes) {
      expect((await server.client().request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await owner.request(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
  });
});
