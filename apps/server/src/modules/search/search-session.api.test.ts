import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../platform/db/directory-schema';
import type { TestClient } from '../../testing/test-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

// A search remembers its session and membership between requests (platform/session-cache.ts). These
// tests change what a remembered session may do and check that the next searches see the change.
// On PostgreSQL the change is announced on a connection of its own, so it shows within moments
// rather than strictly on the next request: the checks poll for a second.

let server: TestServer;
let owner: TestClient;
let teamUID: string;
let pipelineId: string;

const searchPipeline = (client: TestClient) =>
  client.post('/search/v2', { teamUID, objectToFilter: { pipelineId }, paging: { from: 0, size: 0 } });
/** What a search of the pipeline answers: 'ok', or the error's message. */
const outcome = async (client: TestClient) => {
  const response = await searchPipeline(client);
  return response.status === 200 ? 'ok' : (response.body.error.message as string);
};

async function joinAsMember(groupAccess: string[]) {
  const invite = await owner.post(`/api/v1/teams/${teamUID}/invitations`, { groupAccess });
  const member = await server.signUp();
  await member.post(`/api/v1/invitations/${invite.body.data.inviteCode}/accept`);
  return { member, uid: (await member.me()).uid as string };
}

const soon = { timeout: 1000, interval: 20 };

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.signUp();
  teamUID = (await owner.me()).teamUID;
  pipelineId = (
    await owner.post(`/api/v1/teams/${teamUID}/pipelines`, { nickName: 'Members', stages: [{ name: 'New' }] })
  ).body.data.groupUID;
});

afterAll(() => server.stop());

describe('a remembered session', () => {
  it('loses a pipeline as soon as the member loses access to it, and the team when removed', async () => {
    const { member, uid } = await joinAsMember([pipelineId]);
    expect(await outcome(member)).toBe('ok');
    expect(await outcome(member)).toBe('ok');

    await owner.patch(`/api/v1/teams/${teamUID}/members/${uid}`, { groupAccess: [] });
    await expect.poll(() => outcome(member), soon).toBe('Pipeline not found.');

    await owner.patch(`/api/v1/teams/${teamUID}/members/${uid}`, { groupAccess: [pipelineId] });
    await expect.poll(() => outcome(member), soon).toBe('ok');

    await owner.delete(`/api/v1/teams/${teamUID}/members/${uid}`);
    await expect.poll(() => outcome(member), soon).not.toBe('ok');
    expect((await searchPipeline(member)).status).toBe(404);
  });

  it('stops working as soon as the session is revoked', async () => {
    const { member, uid } = await joinAsMember([pipelineId]);
    expect((await searchPipeline(member)).status).toBe(200);
    await server.databases.directory.delete(sessions).where(eq(sessions.userId, uid));
    await expect
      .poll(async () => (await searchPipeline(member)).body.error, soon)
      .toEqual({ code: 'permission-denied', message: 'Unauthorized: Invalid token' });
  });
});
