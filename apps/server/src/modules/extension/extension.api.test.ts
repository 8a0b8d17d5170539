import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';
import type { TestPipeline, TestTeam } from '../../testing/factories';
import { setSuperPermission } from '../users/users.repository';
import { loadCapturePacks, type StoredSelectorPack } from './default-packs';
import { MISS_REPORTS_PER_DAY } from './selectors.service';

let server: TestServer;
let team: TestTeam;
let operator: TestClient;
let member: TestClient;
let stranger: TestTeam;
let mine: TestPipeline;
let hidden: TestPipeline;
/** The packs bundled with the extension, by platform. */
let bundled: Record<string, StoredSelectorPack>;

beforeAll(async () => {
  bundled = Object.fromEntries((await loadCapturePacks()).defaults.map((pack) => [pack.platform, pack]));
  server = await startTestServer();
  team = await server.createTeam({ name: 'Olga Owner', email: 'olga@capture.test', extraSeats: 5 });
  mine = await server.createPipeline(team, 'Leads', ['New', 'Talking', 'Won']);
  hidden = await server.createPipeline(team, 'Partners', ['Intro']);
  ({ client: member } = await server.joinAsMember(team, {
    role: 'member',
    groupAccess: [mine.groupUID],
    name: 'Milo Member',
    email: 'milo@capture.test',
  }));
  stranger = await server.createTeam({ name: 'Sam Stranger', email: 'sam@capture.test' });
  operator = await server.signUp({ name: 'Otto Operator', email: 'otto@capture.test' });
  await setSuperPermission(server.databases.directory, 'otto@capture.test', true);
});
afterAll(async () => {
  await server.stop();
});

/** A default pack with another version, as an operator would publish a fix. */
function packOf(platform: string, version: number) {
  return { ...structuredClone(bundled[platform]!), version };
}

describe('selector packs', () => {
  it('serves a signed-in user one pack per platform, the bundled defaults at first', async () => {
    expect((await server.client().get('/api/v1/extension/selectors')).status).toBe(401);
    const answer = await member.get('/api/v1/extension/selectors');
    expect(answer.status).toBe(200);
    const packs = answer.body.data.packs as { platform: string; version: number }[];
    expect(packs.map((pack) => pack.platform).sort()).toEqual(Object.keys(bundled).sort());
    const instagram = packs.find((pack) => pack.platform === 'instagram');
    expect(instagram).toEqual(bundled.instagram);
  });

  it('serves a pack an operator publishes once its version is above the default, and refuses others', async () => {
    const current = bundled.tiktok!.version;
    const path = '/api/v1/admin/selector-packs';
    expect((await server.client().post(path, packOf('tiktok', current + 1))).status).toBe(401);
    const notSuper = await member.post(path, packOf('tiktok', current + 1));
    expect(notSuper.status).toBe(403);

    const same = await operator.post(path, packOf('tiktok', current));
    expect(same.status).toBe(409);
    expect(same.body.error.message).toBe(
      `The tiktok pack is at version ${current}: give this pack a version above ${current} (it has ${current}).`,
    );
    const noPlatform = await operator.post(path, { version: current + 1 });
    expect(noPlatform.status).toBe(400);
    expect(noPlatform.body.error.message).toMatch(
      /^Invalid selector pack: platform: must be one of instagram/,
    );
    const badVersion = await operator.post(path, { ...packOf('tiktok', 2), version: 'two' });
    expect(badVersion.body.error.message).toBe('Invalid selector pack: version: must be a whole number');
    // A pack the extension could not read is refused by the extension's own check.
    const unreadable = await operator.post(path, { ...packOf('tiktok', current + 1), pages: [] });
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.error.message).toMatch(/^Invalid selector pack: pages/);

    const base = packOf('tiktok', current + 1);
    const fixed = {
      ...base,
      reservedPaths: [...((base as Record<string, unknown>).reservedPaths as string[]), 'live-studio'],
    };
    const published = await operator.post(path, fixed);
    expect(published.status).toBe(201);
    expect(published.body.data).toEqual({ platform: 'tiktok', version: current + 1 });
    const served = (await member.get('/api/v1/extension/selectors')).body.data.packs as {
      platform: string;
    }[];
    expect(served.find((pack) => pack.platform === 'tiktok')).toEqual(fixed);
    expect(served).toHaveLength(Object.keys(bundled).length);

    const again = await operator.post(path, packOf('tiktok', current + 1));
    expect(again.status).toBe(409);
    const listed = await operator.get(path);
    expect(listed.body.data.current).toContainEqual({
      platform: 'tiktok',
      version: current + 1,
      source: 'operator',
      publishedAt: expect.any(String),
    });
    expect(listed.body.data.current).toContainEqual({
      platform: 'instagram',
      version: bundled.instagram!.version,
      source: 'default',
      publishedAt: null,
    });
    expect(listed.body.data.published[0]).toMatchObject({ platform: 'tiktok', version: current + 1 });
    expect((await member.get(path)).status).toBe(403);
  });
});

describe('selector misses', () => {
  const miss = {
    platform: 'instagram',
    pageKind: 'profile',
    selectorId: 'profile.name.ogTitle',
    extensionVersion: '0.1.0',
  };

  it('counts each report per platform, page kind, selector and version, and lists them newest first', async () => {
    const path = '/api/v1/extension/selector-misses';
    expect((await server.client().post(path, miss)).status).toBe(401);
    for (let index = 0; index < 3; index += 1) {
      const answer = await member.post(path, miss);
      expect(answer.status).toBe(202);
      expect(answer.body.data).toEqual({ counted: true });
    }
    await team.owner.post(path, { ...miss, extensionVersion: '0.2.0' });
    await team.owner.post(path, { ...miss, platform: 'skool', selectorId: 'profile.username.nextData' });

    const listed = await operator.get('/api/v1/admin/selector-misses');
    expect(listed.status).toBe(200);
    const rows = listed.body.data as (typeof miss & {
      count: number;
      firstSeenAt: string;
      lastSeenAt: string;
    })[];
    expect(rows[0]).toMatchObject({ platform: 'skool', selectorId: 'profile.username.nextData', count: 1 });
    expect(rows).toContainEqual({
      ...miss,
      count: 3,
      firstSeenAt: expect.any(String),
      lastSeenAt: expect.any(String),
    });
    expect(rows).toContainEqual(expect.objectContaining({ extensionVersion: '0.2.0', count: 1 }));
    const skoolOnly = await operator.get('/api/v1/admin/selector-misses?platform=skool');
    expect(skoolOnly.body.data).toHaveLength(1);
    expect((await member.get('/api/v1/admin/selector-misses')).status).toBe(403);
  });

  it.each([
    [{ ...miss, platform: 'myspace' }, /^Invalid body\.platform/],
    [{ ...miss, pageKind: '' }, /^Invalid body\.pageKind/],
    [{ ...miss, selectorId: 'x'.repeat(101) }, /^Invalid body\.selectorId/],
    [{ ...miss, selectorId: '<script>' }, /^Invalid body\.selectorId/],
    [{ ...miss, extensionVersion: 'latest' }, /^Invalid body\.extensionVersion: must be a version/],
    [{ ...miss, extra: 1 }, /^Invalid body/],
  ])('refuses a bad report %# with 400 naming the field', async (body, message) => {
    const answer = await member.post('/api/v1/extension/selector-misses', body);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(message);
  });

  it(`stops counting a user's reports after ${MISS_REPORTS_PER_DAY} a day`, async () => {
    const flooder = await server.signUp({ email: 'flood@capture.test' });
    const report = { ...miss, platform: 'pinterest', selectorId: 'profile.name.flood' };
    const { selectors } = server.server.context;
    const uid = (await flooder.me()).uid as string;
    for (let index = 0; index < MISS_REPORTS_PER_DAY; index += 1) {
      await selectors.recordMiss(uid, report);
    }
    const over = await flooder.post('/api/v1/extension/selector-misses', report);
    expect(over.status).toBe(202);
    expect(over.body.data).toEqual({ counted: false });
    const rows = (await operator.get('/api/v1/admin/selector-misses?platform=pinterest')).body.data;
    expect(rows[0].count).toBe(MISS_REPORTS_PER_DAY);
    // Another user's reports still count.
    expect((await member.post('/api/v1/extension/selector-misses', report)).body.data).toEqual({
      counted: true,
    });
  });
});

describe('the person on screen (getCoreData)', () => {
  let GTID: string;
  const path = () => team.path('contacts/core-data');

  beforeAll(async () => {
    const tagSet = await server.createTagSet(team, 'Interest', ['Hot', 'Cold']);
    const secretTags = await server.createTagSet(team, 'Partner tier', ['Gold'], {
      pipelineId: hidden.groupUID,
    });
    const created = await team.owner.post(team.path('contacts'), {
      name: 'Ines Insta',
      photoURL: 'https://scontent.cdninstagram.com/ines.jpg',
      sources: [{ platform: 'instagram', profileId: '4242', username: 'ines.insta' }],
      pipeline: { pipelineId: mine.groupUID, stageId: mine.stages[1]!.stageUID },
      tagIds: [tagSet.tags.find((tag) => tag.name === 'Hot')!.tagUID],
    });
    GTID = created.body.data.GTID;
    await team.owner.put(team.path(`contacts/${GTID}/pipelines/${hidden.groupUID}`), {});
    await team.owner.put(team.path(`contacts/${GTID}/tags/${secretTags.tags[0]!.tagUID}`), {});
    for (let index = 1; index <= 6; index += 1) {
      await team.owner.post(team.path(`contacts/${GTID}/notes`), { text: `Note ${index}` });
    }
    for (const [name, pipelineId] of [
      ['Coaching', mine.groupUID],
      ['Partnership', hidden.groupUID],
    ]) {
      const deal = await team.owner.post(team.path(`contacts/${GTID}/deals`), {
        name,
        value: 500,
        pipelineId,
      });
      expect(deal.status).toBe(201);
    }
    const task = await team.owner.post(team.path('tasks'), {
      taskName: 'Send the programme',
      GTID,
      dueDate: '2030-01-15',
    });
    expect(task.status).toBe(201);
  });

  it('finds the person by profile id, username in any case, or profile address', async () => {
    for (const contact of [
      { profileId: '4242' },
      { username: 'INES.insta' },
      { url: 'https://www.instagram.com/ines.insta/' },
    ]) {
      const answer = await team.owner.post(path(), { platform: 'instagram', contact });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ found: true, hidden: false, contact: { GTID } });
    }
  });

  it('shows the owner their pipelines and stages, tags, deals, the latest 5 notes, open tasks and last activity', async () => {
    const { data } = (
      await team.owner.post(path(), { platform: 'instagram', contact: { profileId: '4242' } })
    ).body;
    expect(data.contact).toMatchObject({
      name: 'Ines Insta',
      photoURL: 'https://scontent.cdninstagram.com/ines.jpg',
    });
    expect(data.pipelines).toEqual(
      expect.arrayContaining([
        {
          pipelineUID: mine.groupUID,
          name: 'Leads',
          stage: { id: mine.stages[1]!.stageUID, name: 'Talking', color: mine.stages[1]!.color },
        },
        expect.objectContaining({ pipelineUID: hidden.groupUID, name: 'Partners' }),
      ]),
    );
    expect(data.tags.map((tag: { name: string }) => tag.name).sort()).toEqual(['Gold', 'Hot']);
    expect(data.deals.map((deal: { name: string }) => deal.name).sort()).toEqual(['Coaching', 'Partnership']);
    expect(data.notes.map((note: { text: string }) => note.text)).toEqual([
      'Note 6',
      'Note 5',
      'Note 4',
      'Note 3',
      'Note 2',
    ]);
    expect(data.openTasks).toEqual([expect.objectContaining({ taskName: 'Send the programme', GTID })]);
    expect(data.lastActivity).toMatchObject({ type: expect.any(String), createdByUID: expect.any(String) });
  });

  it('shows a member only what their pipeline access allows', async () => {
    const { data } = (
      await member.post(path(), { platform: 'instagram', contact: { username: 'ines.insta' } })
    ).body;
    expect(data.found).toBe(true);
    expect(data.pipelines.map((item: { name: string }) => item.name)).toEqual(['Leads']);
    expect(Object.keys(data.contact.groupData)).toEqual([mine.groupUID]);
    expect(data.tags.map((tag: { name: string }) => tag.name)).toEqual(['Hot']);
    expect(data.deals.map((deal: { name: string }) => deal.name)).toEqual(['Coaching']);
    expect(JSON.stringify(data)).not.toContain('Partners');
    expect(JSON.stringify(data)).not.toContain('Gold');
  });

  it('answers hidden, and nothing of them, for a person only in pipelines the member cannot see', async () => {
    await team.owner.post(team.path('contacts'), {
      name: 'Paula Partner',
      sources: [{ platform: 'linkedin', username: 'paula-partner' }],
      pipeline: { pipelineId: hidden.groupUID },
    });
    const answer = await member.post(path(), {
      platform: 'linkedin',
      contact: { username: 'paula-partner' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ found: true, hidden: true });
    const owner = await team.owner.post(path(), {
      platform: 'linkedin',
      contact: { username: 'paula-partner' },
    });
    expect(owner.body.data.contact.name).toBe('Paula Partner');
  });

  it('answers not found for someone not in GroupTrack, or on another platform', async () => {
    for (const body of [
      { platform: 'instagram', contact: { username: 'nobody.here' } },
      { platform: 'tiktok', contact: { username: 'ines.insta' } },
    ]) {
      const answer = await team.owner.post(path(), body);
      expect(answer.body.data).toEqual({ found: false });
    }
  });

  it('answers 401 signed out and 404 for another team', async () => {
    const body = { platform: 'instagram', contact: { profileId: '4242' } };
    const signedOut = await server.client().post(path(), body);
    expect(signedOut.status).toBe(401);
    const other = await stranger.owner.post(path(), body);
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe('Team not found.');
    // Their own team does not have the person either.
    expect((await stranger.owner.post(stranger.path('contacts/core-data'), body)).body.data).toEqual({
      found: false,
    });
  });

  it.each([
    [
      { platform: 'instagram', contact: {} },
      'Invalid body.contact: give the profileId, username or url of the person.',
    ],
    [{ platform: 'myspace', contact: { username: 'x' } }, /^Invalid body\.platform/],
    [{ platform: 'instagram', contact: { username: '' } }, /^Invalid body\.contact\.username/],
    [
      { platform: 'instagram', contact: { url: 'https://www.tiktok.com/@ines' } },
      'Invalid body.contact.url: this is a tiktok address, not instagram.',
    ],
    [
      { platform: 'instagram', contact: { url: 'https://example.com/ines' } },
      /^Invalid body\.contact\.url: Paste a profile address from/,
    ],
    [{ platform: 'instagram', contact: { username: 'x', email: 'x@y.z' } }, /^Invalid body\.contact/],
  ])('refuses bad input %# with 400 naming the problem', async (body, message) => {
    const answer = await member.post(path(), body);
    expect(answer.status).toBe(400);
    if (typeof message === 'string') expect(answer.body.error.message).toBe(message);
    else expect(answer.body.error.message).toMatch(message);
  });
});
