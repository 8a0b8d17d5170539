import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../testing/event-stream';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';

let server: TestServer;
let owner: TestClient;
let member: TestClient;
let teamUID: string;
let mine: { groupUID: string; stages: { stageUID: string }[] };
let hidden: { groupUID: string; stages: { stageUID: string }[] };

beforeAll(async () => {
  server = await startTestServer();
  const team = await server.createTeam();
  ({ owner, teamUID } = team);
  mine = await server.createPipeline(team, 'Mine', ['New']);
  hidden = await server.createPipeline(team, 'Hidden', ['Secret stage']);
  ({ client: member } = await server.joinAsMember(team, { groupAccess: [mine.groupUID] }));
});
afterAll(async () => {
  await server.stop();
});

function path(rest: string) {
  return `/api/v1/teams/${teamUID}/${rest}`;
}

/** A tag set of one tag, both named `name`; answers the tag's id. */
async function tagIn(pipelineId: string | null, name: string) {
  return (await server.createTagSet({ owner, teamUID }, name, [name], { pipelineId })).tags[0]!.tagUID;
}

describe('saved views and pipelines a member cannot see', () => {
  it("show a member an admin's view without the hidden pipeline, its stages or its tags, and still apply it", async () => {
    const globalTag = await tagIn(null, 'Anyone');
    const hiddenTag = await tagIn(hidden.groupUID, 'Secret');
    const view = (
      await owner.post(path('filter-sets'), {
        name: 'Secret leads',
        filter: {
          pipelineId: hidden.groupUID,
          stageIds: [hidden.stages[0]!.stageUID],
          tags: { ids: [globalTag, hiddenTag], mode: 'any' },
          hasEmail: true,
        },
      })
    ).body.data.filterSetUID;
    const asOwner = (await owner.get(path('filter-sets'))).body.data;
    expect(asOwner[0].filter.pipelineId).toBe(hidden.groupUID);

    const asMember = (await member.get(path('filter-sets'))).body.data;
    expect(asMember).toEqual([
      {
        filterSetUID: view,
        name: 'Secret leads',
        filter: { tags: { ids: [globalTag], mode: 'any' }, hasEmail: true },
        ownerUID: (await owner.me()).uid,
      },
    ]);
    expect(JSON.stringify(asMember)).not.toMatch(
      new RegExp(`${hidden.groupUID}|${hiddenTag}|${hidden.stages[0]!.stageUID}`),
    );
    const applied = await member.post('/search/v2', { teamUID, objectToFilter: { filterSetId: view } });
    expect(applied.status).toBe(200);
  });

  it("refuses a member's view naming a pipeline, stage or tag they cannot see, naming the field", async () => {
    const hiddenTag = await tagIn(hidden.groupUID, 'Secret two');
    const cases = [
      [
        { pipelineId: hidden.groupUID },
        `Invalid filter.pipelineId: ${hidden.groupUID} is not a pipeline of this team.`,
      ],
      [
        { pipelineId: mine.groupUID, stageIds: [hidden.stages[0]!.stageUID] },
        `Invalid filter.stageIds: ${hidden.stages[0]!.stageUID} is not a stage of this pipeline.`,
      ],
      [{ tags: { ids: [hiddenTag] } }, `Invalid filter.tags.ids: ${hiddenTag} is not a tag of this team.`],
    ] as const;
    for (const [filter, message] of cases) {
      const refused = await member.post(path('filter-sets'), { name: 'Mine', filter });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe(message);
    }
    expect(
      (await member.post(path('filter-sets'), { name: 'Mine', filter: { pipelineId: mine.groupUID } }))
        .status,
    ).toBe(201);
  });

  it("refuses another team's pipeline, stage or tag ids in a view", async () => {
    const stranger = await server.signUp();
    const theirTeam = (await stranger.me()).teamUID;
    const theirs = (
      await stranger.post(`/api/v1/teams/${theirTeam}/pipelines`, {
        nickName: 'Theirs',
        stages: [{ name: 'T' }],
      })
    ).body.data;
    const theirTag = (
      await stranger.post(`/api/v1/teams/${theirTeam}/tag-sets`, { name: 'Their set', tags: ['theirs'] })
    ).body.data.tags[0].tagUID;
    const cases = [
      [{ pipelineId: theirs.groupUID }, 'filter.pipelineId'],
      [{ stageIds: [theirs.stages[0].stageUID] }, 'filter.stageIds'],
      [{ tags: { ids: [theirTag] } }, 'filter.tags.ids'],
    ] as const;
    for (const [filter, field] of cases) {
      const refused = await owner.post(path('filter-sets'), { name: 'Foreign', filter });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toMatch(new RegExp(`^Invalid ${field.replace('.', '\\.')}: `));
    }
    expect(
      (await owner.get(path('filter-sets'))).body.data.map((view: { name: string }) => view.name),
    ).not.toContain('Foreign');
  });
});

describe('list changes that change nothing', () => {
  it('write nothing and tell nobody', async () => {
    const label = (await owner.post(path('status-labels'), { display: 'Calm', color: '#2F9E44' })).body
      .data[0];
    const post = (
      await owner.post(path('saved-tag-posts'), {
        platform: 'facebook',
        url: 'https://facebook.test/p/1',
        title: 'P',
      })
    ).body.data.postUID;
    const stream = await openEventStream(owner, teamUID);
    expect((await owner.patch(path(`status-labels/${label.labelUID}`), {})).status).toBe(200);
    expect((await owner.patch(path(`status-labels/${label.labelUID}`), { display: 'Calm' })).status).toBe(
      200,
    );
    expect((await owner.patch(path(`saved-tag-posts/${post}`), {})).status).toBeLessThan(300);
    const same = await owner.patch(path(`saved-tag-posts/${post}`), {
      platform: 'facebook',
      url: 'https://facebook.test/p/1',
      title: 'P',
      tagIds: [],
    });
    expect(same.status).toBeLessThan(300);
    expect((await owner.patch(path('saved-tag-posts/nope'), {})).status).toBe(404);
    // A real change, whose event is the first update the stream may hear. (On PostgreSQL the two
    // creations above may still be on their way to the stream when it opens: they are not updates.)
    await owner.patch(path(`status-labels/${label.labelUID}`), { display: 'Busy' });
    await stream.next((event) => event.op === 'update');
    const updates = stream.received.filter((event) => event.op === 'update');
    expect(updates).toEqual([expect.objectContaining({ entity: 'status_label', ids: [label.labelUID] })]);
    stream.close();
  });
});

describe('saved posts and pipelines a member cannot see', () => {
  it("show a member none of a hidden pipeline's tags, and refuse them on a member's post", async () => {
    const globalTag = await tagIn(null, 'Commenters');
    const hiddenTag = await tagIn(hidden.groupUID, 'Secret commenters');
    const saved = await owner.post(path('saved-tag-posts'), {
      platform: 'facebook',
      url: 'https://facebook.test/p/secret',
      tagIds: [globalTag, hiddenTag],
    });
    expect(saved.status).toBe(201);
    const asMember = (await member.get(path('saved-tag-posts'))).body.data;
    expect(
      asMember.find((post: { url: string }) => post.url === 'https://facebook.test/p/secret').tagIds,
    ).toEqual([globalTag]);
    const refused = await member.post(path('saved-tag-posts'), {
      platform: 'facebook',
      url: 'https://facebook.test/p/mine',
      tagIds: [hiddenTag],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(`Invalid tagIds: ${hiddenTag} is not a tag of this team.`);
  });

  it("keep the hidden pipeline's tags on a post when a member saves it with the tags they see", async () => {
    const globalTag = await tagIn(null, 'Everyone');
    const hiddenTag = await tagIn(hidden.groupUID, 'Secret likers');
    const mineTag = await tagIn(mine.groupUID, 'My likers');
    const post = (
      await owner.post(path('saved-tag-posts'), {
        platform: 'facebook',
        url: 'https://facebook.test/p/shared',
        tagIds: [globalTag, hiddenTag],
      })
    ).body.data.postUID;
    const tagsOf = async (client: TestClient) =>
      (await client.get(path('saved-tag-posts'))).body.data.find(
        (saved: { postUID: string }) => saved.postUID === post,
      ).tagIds;
    expect(await tagsOf(member)).toEqual([globalTag]);
    const edited = await member.patch(path(`saved-tag-posts/${post}`), {
      title: 'Shared',
      tagIds: [globalTag, mineTag],
    });
    expect(edited.status).toBe(204);
    expect(new Set(await tagsOf(owner))).toEqual(new Set([globalTag, mineTag, hiddenTag]));
    expect(new Set(await tagsOf(member))).toEqual(new Set([globalTag, mineTag]));
    expect((await member.patch(path(`saved-tag-posts/${post}`), { tagIds: [] })).status).toBe(204);
    expect(await tagsOf(owner)).toEqual([hiddenTag]);
    expect(await tagsOf(member)).toEqual([]);
  });
});
