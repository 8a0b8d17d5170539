import { formatShardName, selectShard } from '@grouptrack/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../testing/event-stream';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';
import { openDatabases } from './databases';
import { teamEvents } from './team-schema';

let server: TestServer;
const teams: { client: TestClient; teamUID: string }[] = [];

beforeAll(async () => {
  server = await startTestServer({ shards: 3 });
  for (let index = 0; index < 9; index += 1) {
    const client = await server.signUp();
    teams.push({ client, teamUID: (await client.me()).teamUID });
  }
  for (const { client, teamUID } of teams)
    await client.patch(`/api/v1/teams/${teamUID}`, { name: `Team ${teamUID}` });
});
afterAll(async () => {
  await server.stop();
});

describe('team shards', () => {
  it("writes each team's data to the shard its id hashes to, and nowhere else", async () => {
    const shards = server.databases.shards;
    expect(shards.map((shard) => shard.name)).toEqual(['S1', 'S2', 'S3']);
    for (const [index, shard] of shards.entries()) {
      const rows = await shard.db.selectDistinct({ teamId: teamEvents.teamId }).from(teamEvents);
      const expected = teams
        .filter(({ teamUID }) => selectShard(teamUID, 3) === index)
        .map(({ teamUID }) => teamUID);
      expect(rows.map((row) => row.teamId).sort(), formatShardName(index)).toEqual(expected.sort());
    }
    // Nine teams over three shards: more than one shard is in use.
    expect(new Set(teams.map(({ teamUID }) => selectShard(teamUID, 3))).size).toBeGreaterThan(1);
  });

  it("never replays or streams another team's changes, even from the same shard", async () => {
    const [a, b] = teams;
    const stream = await openEventStream(a!.client, a!.teamUID, 0);
    await b!.client.patch(`/api/v1/teams/${b!.teamUID}`, { name: 'Only B' });
    await a!.client.patch(`/api/v1/teams/${a!.teamUID}`, { name: 'Only A' });
    await stream.next((event) => event.data?.name === 'Only A');
    expect(stream.received.every((event) => event.ids.includes(a!.teamUID) || event.entity !== 'team')).toBe(
      true,
    );
    expect(stream.received.some((event) => event.data?.name === 'Only B')).toBe(false);
    stream.close();
  });
});

describe('openDatabases', () => {
  it('opens one database per shard location and routes a team to the same shard every time', async () => {
    const databases = await openDatabases({ directory: 'memory://', shards: ['memory://', 'memory://'] });
    try {
      expect(new Set(databases.shards.map((shard) => shard.engine)).size).toBe(2);
      expect(databases.shards[0]!.engine).not.toBe(databases.directoryEngine);
      expect(databases.shardFor('team-x').name).toBe(databases.shardFor('team-x').name);
    } finally {
      await databases.close();
    }
  });
});
