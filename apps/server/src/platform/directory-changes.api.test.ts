import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestClient } from '../testing/test-client';
import { startTestServer, type TestServer } from '../testing/test-server';
import { teamChangeOutbox } from './db/directory-schema';
import { teamEvents } from './db/team-schema';

// The team lives on a shard of its own, so its change log is in another database than the directory.
let server: TestServer;
let owner: TestClient;
let teamUID: string;

beforeAll(async () => {
  server = await startTestServer({ shards: 1 });
  owner = await server.signUp();
  teamUID = (await owner.me()).teamUID;
});

afterAll(() => server.stop());

const loggedChanges = async () =>
  (
    await server.databases
      .forTeam(teamUID)
      .select({ entity: teamEvents.entity, op: teamEvents.op, data: teamEvents.data })
      .from(teamEvents)
      .where(eq(teamEvents.teamId, teamUID))
      .orderBy(asc(teamEvents.id))
  ).filter((change) => change.entity === 'team' || change.entity === 'invitation');

const waiting = () =>
  server.databases.directory.select().from(teamChangeOutbox).where(eq(teamChangeOutbox.teamId, teamUID));

describe('directory changes and the team change log', () => {
  it("keeps a directory change's event while the team's shard cannot take it, and logs it in order once it can", async () => {
    const { events, directoryChanges } = server.server.context;
    const shardAway = vi.spyOn(events, 'record').mockRejectedValue(new Error('the shard is away'));
    try {
      const renamed = await owner.patch(`/api/v1/teams/${teamUID}`, { name: 'Garden Club' });
      expect(renamed.status).toBe(200);
      const invited = await owner.post(`/api/v1/teams/${teamUID}/invitations`, { role: 'member' });
      expect(invited.status).toBe(201);
      expect((await owner.get(`/api/v1/teams/${teamUID}`)).body.data.name).toBe('Garden Club');
      expect(await loggedChanges()).toEqual([]);
      expect(await waiting()).toHaveLength(2);
    } finally {
      shardAway.mockRestore();
    }

    await directoryChanges.deliverWaiting(0);
    expect(await loggedChanges()).toEqual([
      { entity: 'team', op: 'update', data: { name: 'Garden Club' } },
      { entity: 'invitation', op: 'create', data: null },
    ]);
    expect(await waiting()).toEqual([]);

    // With the shard there, a change reaches the log at once and waits nowhere.
    await owner.patch(`/api/v1/teams/${teamUID}`, { name: 'Garden Club North' });
    expect((await loggedChanges()).at(-1)).toEqual({
      entity: 'team',
      op: 'update',
      data: { name: 'Garden Club North' },
    });
    expect(await waiting()).toEqual([]);
  });
});
