import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestTeam } from '../../testing/factories';

let server: TestServer;
let team: TestTeam;
let sales: string;
let support: string;

beforeAll(async () => {
  server = await startTestServer();
  team = await server.createTeam({ extraSeats: 20 });
  sales = (await server.createPipeline(team, 'Sales', ['New'])).groupUID;
  support = (await server.createPipeline(team, 'Support', ['New'])).groupUID;
});
afterAll(async () => {
  await server.stop();
});

async function invite(body: Record<string, unknown>, client = team.owner) {
  return client.post(team.path('invitations'), body);
}

/** Pipeline ids the client sees in the team. */
async function seenPipelines(client: TestTeam['owner']) {
  const answer = (await client.get(team.path('pipelines'))).body.data;
  return (answer.pipelines as { groupUID: string }[]).map((pipeline) => pipeline.groupUID);
}

describe('an invitation that gives pipelines', () => {
  it('lists the pipelines it gives, and the newcomer sees exactly those once they join', async () => {
    const created = await invite({ groupAccess: [sales] });
    expect(created.status).toBe(201);
    const open = (await team.owner.get(team.path('invitations'))).body.data;
    expect(
      open.find((row: { inviteCode: string }) => row.inviteCode === created.body.data.inviteCode),
    ).toMatchObject({ groupAccess: [sales] });

    const joiner = await server.signUp({ name: 'Sam Sales' });
    expect((await joiner.post(`/api/v1/invitations/${created.body.data.inviteCode}/accept`)).status).toBe(
      200,
    );
    expect(await seenPipelines(joiner)).toEqual([sales]);
  });

  it('leaves out a pipeline deleted between the invitation and its acceptance', async () => {
    const doomed = (await server.createPipeline(team, 'Doomed', ['New'])).groupUID;
    const created = await invite({ groupAccess: [support, doomed] });
    expect((await team.owner.delete(team.path(`pipelines/${doomed}`))).status).toBe(204);
    const joiner = await server.signUp({ name: 'Pat Support' });
    await joiner.post(`/api/v1/invitations/${created.body.data.inviteCode}/accept`);
    expect(await seenPipelines(joiner)).toEqual([support]);
    const members = (await team.owner.get(team.path('members'))).body.data;
    expect(members.find((member: { name: string }) => member.name === 'Pat Support').groupAccess).toEqual([
      support,
    ]);
  });

  it("refuses an unknown pipeline or another team's by name, a signed-out caller and a plain member", async () => {
    const unknown = await invite({ groupAccess: ['nope'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('Invalid groupAccess: nope is not a pipeline of this team.');

    const other = await server.createTeam();
    const theirs = (await server.createPipeline(other, 'Theirs', ['New'])).groupUID;
    const foreign = await invite({ groupAccess: [theirs] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.message).toContain(theirs);
    // Another team's owner cannot invite into this team at all.
    expect((await invite({ groupAccess: [sales] }, other.owner)).status).toBe(404);

    expect((await invite({ groupAccess: [sales] }, server.client())).status).toBe(401);
    const { client: member } = await server.joinAsMember(team, { groupAccess: [sales] });
    const refused = await invite({ groupAccess: [sales] }, member);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Only the team owner or an admin can do this.');
  });
});
