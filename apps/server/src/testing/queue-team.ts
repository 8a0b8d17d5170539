import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { selectRows, textArray } from '../platform/db/raw';
import { contactSources } from '../platform/db/team-schema';
import type { TestPipeline, TestTeam } from './factories';
import type { TestClient } from './test-client';
import type { TestServer } from './test-server';
import type { TeamActor } from '../modules/teams/teams.service';
import type { QueueClock } from '../modules/message-queue/message-queue.service';

const ALL_DAY = Array.from({ length: 7 }, () => [{ start: '00:00', end: '00:00' }]);

/** A quick pace for tests: 10 s between messages, no breaks, all day, 500 a day. */
export const QUICK = {
  minGapSeconds: 10,
  maxGapSeconds: 10,
  breakAfterMessages: null,
  breakMinutes: 10,
  workingHours: ALL_DAY,
  dailyMax: 500,
  timeZone: 'UTC',
};

/** A clock a test moves by hand; draws are always the middle of the range. */
export function clockAt(start: number) {
  const clock = { at: start, now: () => new Date(clock.at), random: () => 0.5 };
  return clock satisfies QueueClock & { at: number };
}

export type QueueTeam = Awaited<ReturnType<typeof setUpQueueTeam>>;

/**
 * A team whose members each get a queue of their own: `queueOf` makes a member with quick settings
 * and `count` people with Facebook profiles queued in their queue through the bulk action.
 */
export async function setUpQueueTeam(server: TestServer, domain: string) {
  const team: TestTeam = await server.createTeam({
    name: 'Lea Lease',
    email: `lea@${domain}`,
    extraSeats: 5,
  });
  const owner: TestClient = team.owner;
  const leads: TestPipeline = await server.createPipeline(team, 'Leads', ['New']);
  const template = await owner.post(team.path('message-templates'), {
    name: 'Welcome',
    text: 'Hi {name|there}, glad you joined {pipeline}!',
  });
  expect(template.status).toBe(201);
  const templateId = template.body.data.templateUID as string;

  /** A member of the team as the services see them. */
  async function actorOf(client: TestClient): Promise<TeamActor> {
    const me = await client.me();
    return server.server.context.teams.requireMember(
      { userId: me.uid, email: me.email, name: me.name, isSuper: false, impersonatedBy: null },
      team.teamUID,
    );
  }

  async function queueOf(name: string, count: number) {
    const { client } = await server.joinAsMember(team, {
      role: 'member',
      groupAccess: [leads.groupUID],
      name,
      email: `${name.toLowerCase()}@${domain}`,
    });
    expect((await client.put(team.path('queue-settings/facebook'), QUICK)).status).toBe(200);
    const GTIDs = await server.insertContacts(team.teamUID, {
      prefix: name.toLowerCase(),
      total: count,
      pipelineId: leads.groupUID,
      stageId: leads.stages[0]!.stageUID,
    });
    const db = server.databases.forTeam(team.teamUID);
    for (let from = 0; from < count; from += 500) {
      await db.insert(contactSources).values(
        GTIDs.slice(from, from + 500).map((GTID) => ({
          teamId: team.teamUID,
          contactId: GTID,
          platform: 'facebook',
          username: `fb.${GTID}`,
          url: `https://www.facebook.com/fb.${GTID}`,
        })),
      );
    }
    const started = await client.post('/search/v2/bulk', {
      teamUID: team.teamUID,
      action: { type: 'queueMessage', templateId, platform: 'facebook' },
      target: { GTIDs },
    });
    expect(started.status).toBe(202);
    await server.waitForJob(
      client,
      team.teamUID,
      { bulkJobId: started.body.data.jobId },
      { timeout: 60_000 },
    );
    return { client, actor: await actorOf(client), GTIDs };
  }

  async function itemStatuses(GTIDs: string[]) {
    return selectRows<{ contactId: string; status: string; attempts: number; sentAt: string | Date | null }>(
      server.databases.forTeam(team.teamUID),
      sql`select contact_id as "contactId", status, attempts, sent_at as "sentAt" from message_queue_items
        where team_id = ${team.teamUID} and contact_id = any(${textArray(GTIDs)}) order by sent_at`,
    );
  }

  return { team, owner, leads, queueOf, itemStatuses };
}
