import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../platform/db/team-schema';
import { openEventStream } from '../../testing/event-stream';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';
import { countContacts } from './contacts.repository';

let server: TestServer;
let owner: TestClient;
let teamUID: string;
let pipeline: { groupUID: string; stages: { stageUID: string; name: string }[] };
let other: { groupUID: string; stages: { stageUID: string }[] };
let tagSet: { tagSetUID: string; tags: { tagUID: string; name: string }[] };

beforeAll(async () => {
  server = await startTestServer();
  const team = await server.createTeam({ name: 'Owen Owner', extraSeats: 50 });
  ({ owner, teamUID } = team);
  pipeline = await server.createPipeline(team, 'Main Group', ['New', 'Talking', 'Client'], {
    questions: ['Why did you join?'],
  });
  other = await server.createPipeline(team, 'Private Group', ['Only']);
  tagSet = await server.createTagSet(team, 'Interests', ['Fitness', 'Mindset']);
});
afterAll(async () => {
  await server.stop();
});

function base() {
  return `/api/v1/teams/${teamUID}`;
}

async function capture(client: TestClient, body: Record<string, unknown>) {
  return client.post(`${base()}/contacts`, body);
}

const joinAsMember = async (groupAccess: string[]) =>
  (await server.joinAsMember({ owner, teamUID }, { groupAccess, name: 'Mona Member' })).client;

describe('capturing contacts', () => {
  it('creates a contact in the first stage with answers, tags and a backdated history', async () => {
    const response = await capture(owner, {
      name: 'Jane Q Doe',
      emailAddress: 'Jane@Example.test',
      phoneNumber: '+1 (555) 010-0000',
      sources: [
        {
          platform: 'facebook',
          profileId: '1000123',
          username: 'jane.doe',
          url: 'https://facebook.com/jane.doe',
        },
      ],
      pipeline: {
        pipelineId: pipeline.groupUID,
        questions: [{ question: 'Why did you join?', answer: 'To get fit' }],
      },
      tagIds: [tagSet.tags[0]!.tagUID],
    });
    expect(response.status).toBe(201);
    const contact = response.body.data;
    expect(contact).toMatchObject({
      firstName: 'Jane',
      lastName: 'Q Doe',
      name: 'Jane Q Doe',
      emailAddress: 'jane@example.test',
      phoneNumber: '+15550100000',
      sources: { facebook: { profileID: '1000123', username: 'jane.doe' } },
      globalTagSets: { [tagSet.tagSetUID]: [tagSet.tags[0]!.tagUID] },
    });
    expect(contact.GTID).toMatch(/^[a-z]+-[a-z]+-\d{13}$/);
    const placed = contact.groupData[pipeline.groupUID];
    expect(placed).toMatchObject({
      stage: pipeline.stages[0]!.stageUID,
      questions: [{ question: 'Why did you join?', answer: 'To get fit' }],
    });
    expect(placed.stagesHistory).toHaveLength(1);

    const history = (await owner.get(`${base()}/contacts/${contact.GTID}/activities`)).body.data.items;
    const kinds = history.map((entry: { type: string; action: string }) => `${entry.type}:${entry.action}`);
    expect(kinds).toEqual(['tag:added', 'pipeline:added', 'contact:created']);
    const created = history.find((entry: { type: string }) => entry.type === 'contact');
    const added = history.find((entry: { type: string }) => entry.type === 'pipeline');
    const now = Date.now();
    expect(now - Date.parse(created.createdAt)).toBeGreaterThanOrEqual(120_000 - 5000);
    expect(now - Date.parse(added.createdAt)).toBeGreaterThanOrEqual(60_000 - 5000);
    expect(created.createdBy).toBe('Owen Owner');
  });

  it.each([
    ['the same platform profile id', { sources: [{ platform: 'instagram', profileId: 'ig-77' }] }],
    [
      'the same platform username, in another case',
      { sources: [{ platform: 'instagram', username: 'SAMSMITH' }] },
    ],
    ['the same email', { emailAddress: 'SAM@example.test' }],
  ])(
    'finds the same person again by %s and updates them instead of creating another',
    async (_label, again) => {
      const email = `sam-${Math.random().toString(36).slice(2)}@example.test`;
      const first = await capture(owner, {
        name: 'Sam Smith',
        emailAddress: 'emailAddress' in again ? 'sam@example.test' : email,
        sources: [{ platform: 'instagram', profileId: 'ig-77', username: 'samsmith' }],
      });
      const second = await capture(owner, { ...again, phoneNumber: '+44 20 7946 0000' });
      expect(second.status).toBe(200);
      expect(second.body.created).toBe(false);
      expect(second.body.data.GTID).toBe(first.body.data.GTID);
      expect(second.body.data.phoneNumber).toBe('+442079460000');
      await owner.delete(`${base()}/contacts/${first.body.data.GTID}`);
    },
  );

  it('refuses a contact beyond the plan with a message naming the limit, and stores nothing', async () => {
    const small = await server.signUp();
    const smallTeam = (await small.me()).teamUID;
    await server.setSubscription(smallTeam, { tier: 1 });
    const db = server.databases.forTeam(smallTeam);
    await db.insert(contacts).values(
      Array.from({ length: 5000 }, (_, index) => ({
        teamId: smallTeam,
        id: `filler-${index}`,
        name: `Filler ${index}`,
      })),
    );
    const refused = await small.post(`/api/v1/teams/${smallTeam}/contacts`, { name: 'One Too Many' });
    expect(refused.status).toBe(402);
    expect(refused.body.error.message).toMatch(/5,000 contacts/);
    expect(await countContacts(db, smallTeam)).toBe(5000);
    expect((await small.me()).subscription.contactCount).toBe(5000);
  });
});

describe('working a contact', () => {
  it('moves a contact between stages with history, edits fields, tags, notes and removes from a pipeline', async () => {
    const { GTID } = (await capture(owner, { name: 'Move Me', pipeline: { pipelineId: pipeline.groupUID } }))
      .body.data;
    const moved = await owner.put(`${base()}/contacts/${GTID}/pipelines/${pipeline.groupUID}`, {
      stageId: pipeline.stages[2]!.stageUID,
    });
    expect(moved.body.data.groupData[pipeline.groupUID].stage).toBe(pipeline.stages[2]!.stageUID);
    expect(moved.body.data.groupData[pipeline.groupUID].stagesHistory).toHaveLength(2);

    const edited = await owner.patch(`${base()}/contacts/${GTID}`, {
      firstName: 'Moved',
      lastName: 'Person',
      emailAddress: 'moved@example.test',
    });
    expect(edited.body.data).toMatchObject({ name: 'Moved Person', emailAddress: 'moved@example.test' });

    expect((await owner.put(`${base()}/contacts/${GTID}/tags/${tagSet.tags[1]!.tagUID}`)).status).toBe(204);
    expect((await owner.delete(`${base()}/contacts/${GTID}/tags/${tagSet.tags[1]!.tagUID}`)).status).toBe(
      204,
    );

    const note = await owner.post(`${base()}/contacts/${GTID}/notes`, { text: 'Asked about pricing.' });
    expect(note.status).toBe(201);
    await owner.patch(`${base()}/contacts/${GTID}/notes/${note.body.data.noteUID}`, {
      text: 'Asked about the annual plan.',
    });
    expect((await owner.get(`${base()}/contacts/${GTID}/notes`)).body.data[0].text).toBe(
      'Asked about the annual plan.',
    );

    expect((await owner.delete(`${base()}/contacts/${GTID}/pipelines/${pipeline.groupUID}`)).status).toBe(
      204,
    );
    const kinds = (await owner.get(`${base()}/contacts/${GTID}/activities`)).body.data.items.map(
      (entry: { type: string; action: string }) => `${entry.type}:${entry.action}`,
    );
    expect(kinds.slice(0, 7)).toEqual([
      'pipeline:removed',
      'note:updated',
      'note:added',
      'tag:removed',
      'tag:added',
      'info:updated',
      'stage:changed',
    ]);
  });

  it('adds, changes and removes platform profiles; a removed one no longer finds the person', async () => {
    const { GTID } = (
      await capture(owner, {
        name: 'Sofia Sources',
        sources: [{ platform: 'instagram', username: 'sofia.s' }],
        pipeline: { pipelineId: pipeline.groupUID },
      })
    ).body.data;
    const contact = `${base()}/contacts/${GTID}`;
    const changed = await owner.patch(contact, {
      sources: [
        { platform: 'instagram', url: 'https://instagram.com/sofia.s' },
        { platform: 'tiktok', username: 'sofiamoves' },
      ],
    });
    expect(changed.body.data.sources).toMatchObject({
      instagram: { username: 'sofia.s', url: 'https://instagram.com/sofia.s' },
      tiktok: { username: 'sofiamoves' },
    });
    const removed = await owner.delete(`${contact}/sources/instagram`);
    expect(removed.status).toBe(200);
    expect(Object.keys(removed.body.data.sources)).toEqual(['tiktok']);
    expect((await owner.post('/search/v2', { teamUID, searchObj: 'sofia.s' })).body.data.total).toBe(0);
    expect((await owner.post('/search/v2', { teamUID, searchObj: 'sofiamoves' })).body.data.total).toBe(1);
    const again = await owner.delete(`${contact}/sources/instagram`);
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe('This contact has no instagram profile.');
    expect((await owner.delete(`${contact}/sources/myspace`)).status).toBe(400);
    const history = (await owner.get(`${contact}/activities`)).body.data.items;
    expect(history[0]).toMatchObject({ type: 'info', action: 'updated', data: { fields: ['sources'] } });
  });

  it('pages the history with a cursor', async () => {
    const { GTID } = (await capture(owner, { name: 'Paged', pipeline: { pipelineId: pipeline.groupUID } }))
      .body.data;
    for (let index = 0; index < 5; index += 1)
      await owner.post(`${base()}/contacts/${GTID}/notes`, { text: `Note ${index}` });
    const first = (await owner.get(`${base()}/contacts/${GTID}/activities?limit=3`)).body.data;
    expect(first.items).toHaveLength(3);
    const second = (
      await owner.get(`${base()}/contacts/${GTID}/activities?limit=3&before=${first.nextCursor}`)
    ).body.data;
    const third = (
      await owner.get(`${base()}/contacts/${GTID}/activities?limit=3&before=${second.nextCursor}`)
    ).body.data;
    const all = [...first.items, ...second.items, ...third.items].map(
      (entry: { activityUID: string }) => entry.activityUID,
    );
    expect(new Set(all).size).toBe(7);
    expect(third.nextCursor).toBeNull();
    expect((await owner.get(`${base()}/contacts/${GTID}/activities?before=garbage`)).status).toBe(400);
  });

  it('refuses bad input naming the field, and keeps the contact as it was', async () => {
    const { GTID } = (await capture(owner, { name: 'Stable', emailAddress: 'stable@example.test' })).body
      .data;
    const badEmail = await owner.patch(`${base()}/contacts/${GTID}`, { emailAddress: 'not-an-email' });
    expect(badEmail.body.error.message).toMatch(/^Invalid body\.emailAddress/);
    const badPlatform = await owner.patch(`${base()}/contacts/${GTID}`, {
      sources: [{ platform: 'myspace', username: 'x' }],
    });
    expect(badPlatform.body.error.message).toMatch(/^Invalid body\.sources\.0\.platform/);
    const badStage = await owner.put(`${base()}/contacts/${GTID}/pipelines/${pipeline.groupUID}`, {
      stageId: other.stages[0]!.stageUID,
    });
    expect(badStage.status).toBe(400);
    const badTag = await owner.post(`${base()}/contacts`, { name: 'x', tagIds: ['nope'] });
    expect(badTag.body.error.message).toMatch(/^Invalid tagIds/);
    const contact = (await owner.get(`${base()}/contacts/${GTID}`)).body.data;
    expect(contact).toMatchObject({ name: 'Stable', emailAddress: 'stable@example.test', groupData: {} });
  });
});

describe('access', () => {
  it('lets a member capture and work contacts only in their pipelines', async () => {
    const member = await joinAsMember([pipeline.groupUID]);
    const inOther = (
      await capture(owner, { name: 'Private Person', pipeline: { pipelineId: other.groupUID } })
    ).body.data;
    expect((await member.get(`${base()}/contacts/${inOther.GTID}`)).status).toBe(404);
    expect((await member.patch(`${base()}/contacts/${inOther.GTID}`, { name: 'Hacked' })).status).toBe(404);
    expect((await member.delete(`${base()}/contacts/${inOther.GTID}/sources/facebook`)).status).toBe(404);
    expect((await capture(member, { name: 'Nowhere' })).status).toBe(400);
    expect((await capture(member, { name: 'Sneaky', pipeline: { pipelineId: other.groupUID } })).status).toBe(
      404,
    );

    const mine = await capture(member, { name: 'Member Lead', pipeline: { pipelineId: pipeline.groupUID } });
    expect(mine.status).toBe(201);
    const GTID = mine.body.data.GTID;
    await owner.put(`${base()}/contacts/${GTID}/pipelines/${other.groupUID}`, {});
    const seen = (await member.get(`${base()}/contacts/${GTID}`)).body.data;
    expect(Object.keys(seen.groupData)).toEqual([pipeline.groupUID]);
    expect((await member.delete(`${base()}/contacts/${GTID}`)).status).toBe(403);
    expect((await member.delete(`${base()}/contacts/${GTID}/pipelines/${other.groupUID}`)).status).toBe(404);
  });

  it('streams a contact change to members of its pipeline only', async () => {
    const member = await joinAsMember([pipeline.groupUID]);
    const stream = await openEventStream(member, teamUID);
    const hidden = (await capture(owner, { name: 'Hidden Stream', pipeline: { pipelineId: other.groupUID } }))
      .body.data;
    const shown = (
      await capture(owner, { name: 'Shown Stream', pipeline: { pipelineId: pipeline.groupUID } })
    ).body.data;
    await stream.next((event) => event.entity === 'contact' && event.ids.includes(shown.GTID));
    expect(stream.received.some((event) => event.ids.includes(hidden.GTID))).toBe(false);
    stream.close();
  });

  it('answers 401 signed out and 404 to another team on every route', async () => {
    const stranger = await server.signUp();
    const { GTID } = (await capture(owner, { name: 'Guarded', pipeline: { pipelineId: pipeline.groupUID } }))
      .body.data;
    const contact = `${base()}/contacts/${GTID}`;
    const routes = [
      ['POST', `${base()}/contacts`, { name: 'x' }],
      ['GET', contact],
      ['PATCH', contact, { name: 'x' }],
      ['DELETE', contact],
      ['PUT', `${contact}/pipelines/${pipeline.groupUID}`, {}],
      ['DELETE', `${contact}/pipelines/${pipeline.groupUID}`],
      ['PUT', `${contact}/tags/${tagSet.tags[0]!.tagUID}`],
      ['DELETE', `${contact}/tags/${tagSet.tags[0]!.tagUID}`],
      ['GET', `${contact}/activities`],
      ['GET', `${contact}/notes`],
      ['POST', `${contact}/notes`, { text: 'x' }],
      ['PATCH', `${contact}/notes/x`, { text: 'x' }],
      ['DELETE', `${contact}/notes/x`],
      ['DELETE', `${contact}/sources/facebook`],
    ] as const;
    for (const [method, path, body] of routes) {
      expect((await server.client().request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await stranger.request(method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    expect((await owner.get(contact)).body.data.name).toBe('Guarded');
  });
});
