import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { CHANGE_LOG_RETENTION_MS, pruneChangeLog } from './change-log-pruning';
import { teamEvents } from './team-schema';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

describe('the change log', () => {
  it('forgets events older than its retention and keeps the recent ones for replay', async () => {
    const owner = await server.signUp();
    const teamUID = (await owner.me()).teamUID;
    await owner.post(`/api/v1/teams/${teamUID}/contacts`, { name: 'Recent Change' });
    const db = server.databases.forTeam(teamUID);
    const events = () =>
      db.select({ id: teamEvents.id }).from(teamEvents).where(eq(teamEvents.teamId, teamUID));
    const recent = await events();
    expect(recent.length).toBeGreaterThan(0);
    const [old] = await db
      .insert(teamEvents)
      .values({
        teamId: teamUID,
        entity: 'contact',
        op: 'update',
        ids: ['old'],
        createdAt: new Date(Date.now() - CHANGE_LOG_RETENTION_MS - 60_000),
      })
      .returning({ id: teamEvents.id });

    expect(await pruneChangeLog(server.databases)).toBeGreaterThanOrEqual(1);
    expect(
      await db
        .select()
        .from(teamEvents)
        .where(and(eq(teamEvents.teamId, teamUID), eq(teamEvents.id, old!.id))),
    ).toEqual([]);
    expect(await events()).toEqual(recent);
  });
});
