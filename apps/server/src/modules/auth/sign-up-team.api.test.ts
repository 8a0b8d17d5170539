import { STARTER_STAGES, TEAM_NAME_MAX_LENGTH } from '@grouptrack/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../testing/test-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

const account = (email: string) => ({ name: 'Nina New', email, password: 'a-long-password' });

async function pipelinesOf(client: TestClient, teamUID: string) {
  const response = await client.get(`/api/v1/teams/${teamUID}/pipelines`);
  expect(response.status).toBe(200);
  return response.body.data.pipelines as {
    groupUID: string;
    nickName: string;
    isDefault: boolean;
    stages: { name: string; color: string }[];
  }[];
}

describe('signing up with a community name', () => {
  it('names the new team and gives it one editable starter pipeline of that name', async () => {
    const client = server.client();
    const signUp = await client.post('/api/auth/sign-up/email', {
      ...account('nina@example.test'),
      teamName: '  Yoga Circle  ',
    });
    expect(signUp.status).toBe(200);
    const me = await client.me();
    expect(me.teams).toEqual([expect.objectContaining({ teamName: 'Yoga Circle', teamOwner: true })]);
    const teamUID = me.teamUID as string;

    // Reading the user again (as every page load does) makes no second team or pipeline.
    await client.me();
    expect((await client.me()).teams).toHaveLength(1);
    const pipelines = await pipelinesOf(client, teamUID);
    expect(pipelines).toHaveLength(1);
    expect(pipelines[0]).toMatchObject({ nickName: 'Yoga Circle', isDefault: true });
    expect(pipelines[0]!.stages.map((stage) => stage.name)).toEqual([...STARTER_STAGES]);
    expect(new Set(pipelines[0]!.stages.map((stage) => stage.color)).size).toBe(STARTER_STAGES.length);

    // An ordinary pipeline: a stage can be added, and the team can still be renamed.
    const stage = await client.post(`/api/v1/teams/${teamUID}/pipelines/${pipelines[0]!.groupUID}/stages`, {
      name: 'Alumni',
    });
    expect(stage.status).toBe(201);
    expect((await client.patch(`/api/v1/teams/${teamUID}`, { name: 'Yoga Circle Berlin' })).status).toBe(200);
    expect((await client.me()).teams[0].teamName).toBe('Yoga Circle Berlin');
  });

  it.each([
    ['missing', undefined, 'the community or team name is required'],
    ['blank', '   ', 'the community or team name must not be empty'],
    [
      'too long',
      'x'.repeat(TEAM_NAME_MAX_LENGTH + 1),
      `the community or team name must be at most ${TEAM_NAME_MAX_LENGTH} characters`,
    ],
    ['not text', 42, 'the community or team name is required'],
  ])('refuses a %s team name with 400 naming the field, and creates no account', async (_, teamName, why) => {
    const email = `refused-${Math.random().toString(36).slice(2)}@example.test`;
    const refused = await server.client().post('/api/auth/sign-up/email', { ...account(email), teamName });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(`Invalid body.teamName: ${why}`);
    // Nothing was stored: the same email signs up once the name is given.
    const retried = await server
      .client()
      .post('/api/auth/sign-up/email', { ...account(email), teamName: 'Fine' });
    expect(retried.status).toBe(200);
  });

  it('makes no team of their own for someone signing up through an invitation', async () => {
    const team = await server.createTeam({ name: 'Olga Owner' });
    const invite = await team.owner.post(team.path('invitations'), {});
    expect(invite.status).toBe(201);
    const inviteCode = invite.body.data.inviteCode as string;
    const newcomer = server.client();
    const signUp = await newcomer.post('/api/auth/sign-up/email', {
      ...account('invited@example.test'),
      inviteCode,
    });
    expect(signUp.status).toBe(200);
    expect((await newcomer.post(`/api/v1/invitations/${inviteCode}/accept`)).status).toBe(200);
    expect((await newcomer.me()).teams).toEqual([expect.objectContaining({ teamUID: team.teamUID })]);

    const stale = await server.client().post('/api/auth/sign-up/email', {
      ...account('stale@example.test'),
      inviteCode: 'no-such-invitation',
    });
    expect(stale.status).toBeGreaterThanOrEqual(400);
    expect(stale.status).toBeLessThan(500);
  });
});
