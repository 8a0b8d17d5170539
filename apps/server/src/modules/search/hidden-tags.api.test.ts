import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';

let server: TestServer;
let owner: TestClient;
let member: TestClient;
let teamUID: string;
let mine: { groupUID: string };
let hidden: { groupUID: string };

beforeAll(async () => {
  server = await startTestServer();
  const team = await server.createTeam();
  ({ owner, teamUID } = team);
  mine = await server.createPipeline(team, 'Mine', ['New']);
  hidden = await server.createPipeline(team, 'Hidden', ['New']);
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

describe('search hits for a member', () => {
  it('list only global tags and tags of pipelines the member sees', async () => {
    const globalTag = await tagIn(null, 'Everyone');
    const mineTag = await tagIn(mine.groupUID, 'Ours');
    const hiddenTag = await tagIn(hidden.groupUID, 'Secret');
    const { GTID } = (
      await owner.post(path('contacts'), {
        name: 'Tagged Twice',
        pipeline: { pipelineId: mine.groupUID },
        tagIds: [globalTag, mineTag],
      })
    ).body.data;
    await owner.put(path(`contacts/${GTID}/pipelines/${hidden.groupUID}`), {});
    await owner.put(path(`contacts/${GTID}/tags/${hiddenTag}`));

    const search = (client: TestClient, objectToFilter: Record<string, unknown> = {}) =>
      client.post('/search/v2', { teamUID, searchObj: 'Tagged Twice', objectToFilter, paging: { size: 5 } });
    const hitTags = async (client: TestClient, objectToFilter?: Record<string, unknown>) =>
      [...(await search(client, objectToFilter)).body.data.hits[0].tags].sort();

    expect(await hitTags(owner)).toEqual([globalTag, mineTag, hiddenTag].sort());
    expect(await hitTags(member)).toEqual([globalTag, mineTag].sort());
    expect(await hitTags(member, { pipelineId: mine.groupUID })).toEqual([globalTag, mineTag].sort());

    // Asking which visible contacts carry a hidden tag is refused as an unknown tag.
    const probe = await search(member, { tags: { ids: [hiddenTag] } });
    expect(probe.status).toBe(400);
    expect(probe.body.error.message).toBe(
      `Invalid objectToFilter.tags.ids: ${hiddenTag} is not a tag of this team.`,
    );
    expect((await search(owner, { tags: { ids: [hiddenTag] } })).body.data.total).toBe(1);
  });
});
