import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';
import { HIDDEN_CONTACT_MESSAGE } from './contacts.service';

// Adding a contact by hand: the form first asks who already looks like this person, then creates
// them without ever changing someone found again.

let server: TestServer;
let owner: TestClient;
let member: TestClient;
let stranger: TestClient;
let teamUID: string;
let strangerTeamUID: string;
let mine: { groupUID: string; stages: { stageUID: string }[] };
let hidden: { groupUID: string; stages: { stageUID: string }[] };
let jane: string;
let secret: string;

beforeAll(async () => {
  server = await startTestServer();
  const team = await server.createTeam({ name: 'Olga Owner', email: 'olga@create.test', extraSeats: 5 });
  ({ owner, teamUID } = team);
  mine = await server.createPipeline(team, 'Mine', ['New', 'Talking', 'Won']);
  hidden = await server.createPipeline(team, 'Hidden', ['Only']);
  ({ client: member } = await server.joinAsMember(team, {
    role: 'member',
    groupAccess: [mine.groupUID],
    name: 'Milo Member',
    email: 'milo@create.test',
  }));
  const other = await server.createTeam({ name: 'Sam Stranger', email: 'sam@create.test' });
  ({ owner: stranger, teamUID: strangerTeamUID } = other);

  jane = (
    await owner.post(`${base()}/contacts`, {
      name: 'Jane Doe',
      emailAddress: 'jane@create.test',
      phoneNumber: '+15551234567',
      sources: [{ platform: 'instagram', username: 'jane.doe', url: 'https://www.instagram.com/jane.doe/' }],
      pipeline: { pipelineId: mine.groupUID, stageId: mine.stages[1]!.stageUID },
    })
  ).body.data.GTID as string;
  secret = (
    await owner.post(`${base()}/contacts`, {
      name: 'Sid Secret',
      emailAddress: 'sid@create.test',
      sources: [{ platform: 'tiktok', username: 'sid.secret' }],
      pipeline: { pipelineId: hidden.groupUID },
    })
  ).body.data.GTID as string;
  // Another team's person with the same name and email is theirs alone.
  await stranger.post(`/api/v1/teams/${strangerTeamUID}/contacts`, {
    name: 'Jane Doe',
    emailAddress: 'jane@create.test',
  });
});
afterAll(async () => {
  await server.stop();
});

function base() {
  return `/api/v1/teams/${teamUID}`;
}

function matches(client: TestClient, query: Record<string, string>) {
  return client.get(`${base()}/contacts/matches?${new URLSearchParams(query).toString()}`);
}

describe('who already looks like the person being added', () => {
  it('finds the same person by a profile address, as capture would', async () => {
    const response = await matches(owner, { profile: 'https://instagram.com/Jane.Doe?igsh=x' });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      hidden: false,
      matches: [
        {
          GTID: jane,
          name: 'Jane Doe',
          emailAddress: 'jane@create.test',
          phoneNumber: '+15551234567',
          photoURL: null,
          pipelines: [{ pipelineID: mine.groupUID, stageUID: mine.stages[1]!.stageUID }],
          matchedBy: ['profile'],
          samePerson: true,
        },
      ],
    });
  });

  it('finds them by a handle on the platform given, and by email whatever its case', async () => {
    const byHandle = await matches(owner, { profile: '@jane.doe', platform: 'instagram' });
    expect(byHandle.body.data.matches).toMatchObject([{ GTID: jane, matchedBy: ['profile'] }]);
    const byEmail = await matches(owner, { email: 'JANE@create.test' });
    expect(byEmail.body.data.matches).toMatchObject([{ GTID: jane, matchedBy: ['email'], samePerson: true }]);
  });

  it('suggests someone with the same name or phone number, without calling them the same person', async () => {
    const byName = await matches(owner, { name: '  jane   DOE ' });
    expect(byName.body.data.matches).toMatchObject([{ GTID: jane, matchedBy: ['name'], samePerson: false }]);
    const byPhone = await matches(owner, { phone: '+1 (555) 123-4567' });
    expect(byPhone.body.data.matches).toMatchObject([
      { GTID: jane, matchedBy: ['phone'], samePerson: false },
    ]);
  });

  it('names every way one contact matched, and nobody when nothing does', async () => {
    const all = await matches(owner, {
      name: 'Jane Doe',
      profile: 'instagram.com/jane.doe',
      email: 'jane@create.test',
      phone: '+15551234567',
    });
    expect(all.body.data.matches).toHaveLength(1);
    expect(all.body.data.matches[0].matchedBy).toEqual(['profile', 'email', 'name', 'phone']);
    const none = await matches(owner, { name: 'Nobody Here', email: 'nobody@create.test' });
    expect(none.body.data).toEqual({ matches: [], hidden: false });
  });

  it('refuses what is not a profile address or a handle with its platform, naming the field', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ profile: 'https://example.com/jane' }, 'Invalid querystring.profile: Paste a profile address from'],
      [
        { profile: 'https://www.facebook.com/groups/12345' },
        'Invalid querystring.profile: This Facebook address',
      ],
      [{ profile: '@jane' }, 'Invalid querystring.profile: Choose the platform of this handle'],
      [{ profile: 'jane', platform: 'myspace' }, 'querystring.platform'],
      [{ email: 'not-an-email' }, 'querystring.email'],
      [{ name: 'x'.repeat(101) }, 'querystring.name'],
    ];
    for (const [query, message] of cases) {
      const response = await matches(owner, query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body.error.message).toContain(message);
    }
  });

  it('shows a member no one outside their pipelines, and says only that the same person exists', async () => {
    const byEmail = await matches(member, { email: 'sid@create.test', name: 'Sid Secret' });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.data).toEqual({ matches: [], hidden: true });
    expect(JSON.stringify(byEmail.body)).not.toContain(secret);
    // A name alone says nothing about who exists elsewhere.
    const byName = await matches(member, { name: 'Sid Secret' });
    expect(byName.body.data).toEqual({ matches: [], hidden: false });
    // Their own pipeline's contacts they see, as anyone would.
    const mineToo = await matches(member, { name: 'Jane Doe' });
    expect(mineToo.body.data.matches).toMatchObject([{ GTID: jane, samePerson: false }]);
  });

  it('answers 401 signed out and 404 to another team, and never mixes teams', async () => {
    expect((await server.client().get(`${base()}/contacts/matches?name=Jane%20Doe`)).status).toBe(401);
    expect((await stranger.get(`${base()}/contacts/matches?name=Jane%20Doe`)).status).toBe(404);
    const theirs = await stranger.get(
      `/api/v1/teams/${strangerTeamUID}/contacts/matches?email=jane%40create.test`,
    );
    expect(theirs.body.data.matches).toHaveLength(1);
    expect(theirs.body.data.matches[0].GTID).not.toBe(jane);
  });
});

describe('creating a contact by hand', () => {
  async function historyOf(GTID: string) {
    return (await owner.get(`${base()}/contacts/${GTID}/activities`)).body.data.items as unknown[];
  }

  it('creates them in the stage chosen, with their profile, email, phone and tags', async () => {
    const tagSet = await server.createTagSet({ owner, teamUID }, 'Interest', ['Coaching'], {
      pipelineId: mine.groupUID,
    });
    const response = await member.post(`${base()}/contacts`, {
      name: 'Nina New',
      emailAddress: 'nina@create.test',
      phoneNumber: '+15557654321',
      sources: [{ platform: 'tiktok', username: 'nina.new', url: 'https://www.tiktok.com/@nina.new' }],
      pipeline: { pipelineId: mine.groupUID, stageId: mine.stages[2]!.stageUID },
      tagIds: [tagSet.tags[0]!.tagUID],
      createOnly: true,
    });
    expect(response.status).toBe(201);
    expect(response.body.created).toBe(true);
    const contact = response.body.data;
    expect(contact).toMatchObject({
      name: 'Nina New',
      firstName: 'Nina',
      lastName: 'New',
      emailAddress: 'nina@create.test',
      phoneNumber: '+15557654321',
      sources: { tiktok: { username: 'nina.new', url: 'https://www.tiktok.com/@nina.new' } },
    });
    expect(contact.groupData[mine.groupUID].stage).toBe(mine.stages[2]!.stageUID);
    expect(contact.groupData[mine.groupUID].tagSets[tagSet.tagSetUID]).toEqual([tagSet.tags[0]!.tagUID]);
  });

  it('refuses the same person found by profile or email, changing nothing, and names them', async () => {
    const before = await historyOf(jane);
    for (const identity of [
      { sources: [{ platform: 'instagram', username: 'JANE.DOE' }] },
      { emailAddress: 'jane@create.test' },
    ]) {
      const response = await owner.post(`${base()}/contacts`, {
        name: 'Janet Different',
        phoneNumber: '+15550000000',
        pipeline: { pipelineId: mine.groupUID, stageId: mine.stages[0]!.stageUID },
        ...identity,
        createOnly: true,
      });
      expect(response.status).toBe(409);
      expect(response.body.error.code).toBe('contact-exists');
      expect(response.body.error.message).toMatch(
        /^Jane Doe is already in GroupTrack with this (profile|email address)\. Open them instead\.$/,
      );
      expect(response.body.error.details).toMatchObject({ GTID: jane, name: 'Jane Doe' });
    }
    const after = (await owner.get(`${base()}/contacts/${jane}`)).body.data;
    expect(after).toMatchObject({ name: 'Jane Doe', phoneNumber: '+15551234567' });
    expect(after.groupData[mine.groupUID].stage).toBe(mine.stages[1]!.stageUID);
    expect(await historyOf(jane)).toEqual(before);
  });

  it('creates a different person with the same name when asked to', async () => {
    const response = await owner.post(`${base()}/contacts`, {
      name: 'Jane Doe',
      emailAddress: 'jane.other@create.test',
      pipeline: { pipelineId: mine.groupUID },
      createOnly: true,
    });
    expect(response.status).toBe(201);
    expect(response.body.data.GTID).not.toBe(jane);
    const byName = await matches(owner, { name: 'Jane Doe' });
    expect(byName.body.data.matches).toHaveLength(2);
  });

  it('tells a member that someone outside their pipelines exists, and changes nothing', async () => {
    const response = await member.post(`${base()}/contacts`, {
      name: 'Sid Again',
      sources: [{ platform: 'tiktok', username: 'sid.secret' }],
      pipeline: { pipelineId: mine.groupUID },
      createOnly: true,
    });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({ code: 'contact-hidden', message: HIDDEN_CONTACT_MESSAGE });
    const sid = (await owner.get(`${base()}/contacts/${secret}`)).body.data;
    expect(sid.name).toBe('Sid Secret');
    expect(Object.keys(sid.groupData)).toEqual([hidden.groupUID]);
  });

  it("refuses a member's contact in a pipeline they cannot see, or in none", async () => {
    const outside = await member.post(`${base()}/contacts`, {
      name: 'Out Side',
      pipeline: { pipelineId: hidden.groupUID },
      createOnly: true,
    });
    expect(outside.status).toBe(404);
    const nowhere = await member.post(`${base()}/contacts`, { name: 'No Where', createOnly: true });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.error.message).toContain('Invalid pipeline');
    expect((await matches(owner, { name: 'Out Side' })).body.data.matches).toEqual([]);
  });

  it('refuses bad input naming the field, and answers 401 signed out and 404 to another team', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'Ok', createOnly: 'yes' }, 'body.createOnly'],
      [{ name: 'Ok', emailAddress: 'nope' }, 'body.emailAddress'],
      [{ name: 'Ok', sources: [{ platform: 'myspace', username: 'x' }] }, 'body.sources'],
      [
        { name: 'Ok', pipeline: { pipelineId: mine.groupUID, stageId: hidden.stages[0]!.stageUID } },
        'stageId',
      ],
    ];
    for (const [body, field] of cases) {
      const response = await owner.post(`${base()}/contacts`, { createOnly: true, ...body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.message).toContain(field);
    }
    const body = { name: 'Ok', pipeline: { pipelineId: mine.groupUID }, createOnly: true };
    expect((await server.client().post(`${base()}/contacts`, body)).status).toBe(401);
    expect((await stranger.post(`${base()}/contacts`, body)).status).toBe(404);
    expect((await matches(owner, { name: 'Ok' })).body.data.matches).toEqual([]);
  });
});
