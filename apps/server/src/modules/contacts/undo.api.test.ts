import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../testing/test-client';
import type { TestPipeline } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
let owner: TestClient;
let teamUID: string;
let path: (rest: string) => string;
let pipeline: TestPipeline;

beforeAll(async () => {
  server = await startTestServer();
  const team = await server.createTeam({ extraSeats: 3 });
  ({ owner, teamUID } = team);
  path = (rest) => team.path(rest);
  pipeline = await server.createPipeline(team, 'Main', ['New', 'Won']);
});
afterAll(async () => {
  await server.stop();
});

const [first, second] = [0, 1];

async function column(stageIndex: number) {
  const response = await owner.post('/search/v2', {
    teamUID,
    objectToFilter: { pipelineId: pipeline.groupUID, stageIds: [pipeline.stages[stageIndex]!.stageUID] },
    paging: { from: 0, size: 50 },
  });
  return (response.body.data.hits as { GTID: string; rank: string }[]).map((hit) => hit.GTID);
}

describe('undoing a card move', () => {
  it('puts the card back in its stage and place with the rank it had', async () => {
    const ids = await server.seedContacts({ owner, teamUID }, 3, {
      prefix: 'Card',
      pipelineId: pipeline.groupUID,
    });
    const before = await owner.post('/search/v2', {
      teamUID,
      objectToFilter: { pipelineId: pipeline.groupUID },
      paging: { from: 0, size: 50 },
    });
    const middle = (before.body.data.hits as { GTID: string; rank: string }[]).find(
      (hit) => hit.GTID === ids[1],
    )!;

    const moved = await owner.put(path(`contacts/${ids[1]}/pipelines/${pipeline.groupUID}`), {
      stageId: pipeline.stages[second]!.stageUID,
    });
    expect(moved.status).toBe(200);
    expect(await column(first)).toEqual([ids[0], ids[2]]);

    const undone = await owner.put(path(`contacts/${ids[1]}/pipelines/${pipeline.groupUID}`), {
      stageId: pipeline.stages[first]!.stageUID,
      rank: middle.rank,
    });
    expect(undone.status).toBe(200);
    expect(await column(first)).toEqual(ids);
    expect(await column(second)).toEqual([]);
  });

  it('refuses a rank that is not one, naming the field', async () => {
    const [GTID] = await server.seedContacts({ owner, teamUID }, 1, { pipelineId: pipeline.groupUID });
    const response = await owner.put(path(`contacts/${GTID}/pipelines/${pipeline.groupUID}`), {
      stageId: pipeline.stages[first]!.stageUID,
      rank: 'not a rank!',
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(/body\.rank/);
  });
});

describe('POST …/contacts/:GTID/notes/:noteID/restore', () => {
  it('brings a deleted note back with its id, text and date, once', async () => {
    const [GTID] = await server.seedContacts({ owner, teamUID }, 1, { pipelineId: pipeline.groupUID });
    const note = (await owner.post(path(`contacts/${GTID}/notes`), { text: 'Met at the meetup' })).body.data;
    expect((await owner.delete(path(`contacts/${GTID}/notes/${note.noteUID}`))).status).toBe(204);
    expect((await owner.get(path(`contacts/${GTID}/notes`))).body.data).toEqual([]);

    const restored = await owner.post(path(`contacts/${GTID}/notes/${note.noteUID}/restore`));
    expect(restored.status).toBe(200);
    expect((await owner.get(path(`contacts/${GTID}/notes`))).body.data).toEqual([note]);
    expect((await owner.post(path(`contacts/${GTID}/notes/${note.noteUID}/restore`))).status).toBe(409);
  });

  it('answers 400, 401, 404 to another team or a member outside the pipeline, and 403 to a member who did not write it', async () => {
    const team = { owner, teamUID };
    const [GTID] = await server.seedContacts(team, 1, { pipelineId: pipeline.groupUID });
    const note = (await owner.post(path(`contacts/${GTID}/notes`), { text: 'Owner only' })).body.data;
    await owner.delete(path(`contacts/${GTID}/notes/${note.noteUID}`));
    const restore = path(`contacts/${GTID}/notes/${note.noteUID}/restore`);

    const bad = await owner.post(path(`contacts/${GTID}/notes/note%00x/restore`));
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/noteID/);
    expect((await server.client().post(restore)).status).toBe(401);
    expect((await (await server.createTeam()).owner.post(restore)).status).toBe(404);
    const outside = await server.joinAsMember(team, { role: 'member', groupAccess: [] });
    expect((await outside.client.post(restore)).status).toBe(404);
    const inside = await server.joinAsMember(team, { role: 'member', groupAccess: [pipeline.groupUID] });
    const refused = await inside.client.post(restore);
    expect(refused.status).toBe(403);
    expect((await owner.get(path(`contacts/${GTID}/notes`))).body.data).toEqual([]);
    expect((await owner.post(path(`contacts/${GTID}/notes/note_unknown/restore`))).status).toBe(404);
  });
});
