// The team route helper checks the input first (400), then who asks: signed out (401), not a member
// of the path's team (404), then a role the service refuses (403). Renaming the team is the probe: it
// validates a body and needs a role a plain member lacks.
import { PERMISSION_REFUSALS } from '@grouptrack/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';

let server: TestServer;
let owner: TestClient;
let teamUID: string;
let member: TestClient;
let outsider: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, teamUID } = await server.createTeam({ name: 'Rita Route', extraSeats: 5 }));
  ({ client: member } = await server.joinAsMember({ owner, teamUID }));
  ({ owner: outsider } = await server.createTeam({ name: 'Otto Outside' }));
});
afterAll(async () => {
  await server.stop();
});

const teamName = async () => (await owner.get(`/api/v1/teams/${teamUID}`)).body.data.name;

describe('a team route', () => {
  it('answers a signed-out request 401, once its input is valid', async () => {
    const signedOut = server.client();
    expect((await signedOut.patch(`/api/v1/teams/${teamUID}`, { name: 'Anonymous' })).status).toBe(401);
    expect((await signedOut.patch(`/api/v1/teams/${teamUID}`, { name: '' })).status).toBe(400);
  });

  it('answers 400 naming the field before it looks at membership', async () => {
    const answer = await outsider.patch(`/api/v1/teams/${teamUID}`, { name: '' });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(/^Invalid body\.name/);
  });

  it("answers another team's id exactly like an unknown one", async () => {
    const another = await outsider.patch(`/api/v1/teams/${teamUID}`, { name: 'Taken over' });
    const unknown = await outsider.patch('/api/v1/teams/no-such-team', { name: 'Taken over' });
    expect(another.status).toBe(404);
    expect(another.body).toEqual(unknown.body);
    expect(another.body.error.message).toBe('Team not found.');
    expect(await teamName()).toBe("Rita Route's team");
  });

  it("hands the member's role to the service, which refuses what the role may not do", async () => {
    const answer = await member.patch(`/api/v1/teams/${teamUID}`, { name: 'Renamed by a member' });
    expect(answer.status).toBe(403);
    expect(answer.body.error.message).toBe(PERMISSION_REFUSALS['manage-members'].members);
    expect(await teamName()).toBe("Rita Route's team");
  });

  it('lets the owner rename the team and answers the team as its owner sees it', async () => {
    const answer = await owner.patch(`/api/v1/teams/${teamUID}`, { name: 'Route Runners' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ teamUID, name: 'Route Runners', role: 'owner' });
  });
});
