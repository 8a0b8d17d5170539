import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../testing/test-client';
import type { TestPipeline } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/test-server';

// A card dropped next to another keeps that place: the server ranks it between its new neighbours.
let server: TestServer;
let owner: TestClient;
let teamUID: string;
let path: (rest: string) => string;
let pipeline: TestPipeline;
let hidden: TestPipeline;

beforeAll(async () => {
  server = await startTestServer();
  const team = await server.createTeam({ extraSeats: 3 });
  ({ owner, teamUID } = team);
  path = (rest) => team.path(rest);
  pipeline = await server.createPipeline(team, 'Main', ['New', 'Welcomed']);
  hidden = await server.createPipeline(team, 'Hidden', ['Only']);
});
afterAll(async () => {
  await server.stop();
});

const stage = (index: number) => pipeline.stages[index]!.stageUID;

/** A column's cards in the board's order, read again from the server. */
async function column(stageIndex: number) {
  const response = await owner.post('/search/v2', {
    teamUID,
    objectToFilter: { pipelineId: pipeline.groupUID, stageIds: [stage(stageIndex)] },
    sort: { field: 'rank', order: 'asc' },
    paging: { from: 0, size: 50 },
  });
  return (response.body.data.hits as { GTID: string }[]).map((hit) => hit.GTID);
}

const move = (
  client: TestClient,
  GTID: string,
  body: Record<string, unknown>,
  pipelineId = pipeline.groupUID,
) => client.put(path(`contacts/${GTID}/pipelines/${pipelineId}`), body);

describe('dropping a card next to another', () => {
  it('keeps the place between two cards of another stage, and within a stage', async () => {
    const news = await server.seedContacts({ owner, teamUID }, 3, {
      prefix: 'New',
      pipelineId: pipeline.groupUID,
    });
    const welcomed = await server.seedContacts({ owner, teamUID }, 3, {
      prefix: 'Welcomed',
      pipelineId: pipeline.groupUID,
      stageId: stage(1),
    });

    // Onto the second slot of Welcomed: after its first card, before its second.
    expect((await move(owner, news[2]!, { stageId: stage(1), after: welcomed[0] })).status).toBe(200);
    expect(await column(1)).toEqual([welcomed[0], news[2], welcomed[1], welcomed[2]]);
    expect(await column(0)).toEqual([news[0], news[1]]);

    // Before the first card of a column, and within the same column.
    expect((await move(owner, welcomed[2]!, { stageId: stage(1), before: welcomed[0] })).status).toBe(200);
    expect(await column(1)).toEqual([welcomed[2], welcomed[0], news[2], welcomed[1]]);
    expect((await move(owner, welcomed[2]!, { stageId: stage(1), after: welcomed[1] })).status).toBe(200);
    expect(await column(1)).toEqual([welcomed[0], news[2], welcomed[1], welcomed[2]]);

    // Between the same two cards again and again: each drop still lands there.
    for (const GTID of [news[0]!, news[1]!]) {
      expect((await move(owner, GTID, { stageId: stage(1), before: welcomed[1] })).status).toBe(200);
    }
    expect(await column(1)).toEqual([welcomed[0], news[2], news[0], news[1], welcomed[1], welcomed[2]]);
  });

  it('refuses a neighbour outside the stage, or several places at once, naming the problem', async () => {
    const [a, b] = await server.seedContacts({ owner, teamUID }, 2, {
      prefix: 'Odd',
      pipelineId: pipeline.groupUID,
    });
    const before = await column(0);
    const outside = await move(owner, a!, { stageId: stage(1), after: b });
    expect(outside.status).toBe(400);
    expect(outside.body.error.message).toBe(`Invalid after: ${b} is not a card of this stage.`);
    const both = await move(owner, a!, { stageId: stage(0), after: b, before: b });
    expect(both.status).toBe(400);
    expect(both.body.error.message).toMatch(/one of rank, after and before/);
    expect(await column(0)).toEqual(before);
  });

  it('answers 401 signed out, 404 to another team, and hides a pipeline the member cannot see', async () => {
    const [a, b] = await server.seedContacts({ owner, teamUID }, 2, {
      prefix: 'Guard',
      pipelineId: hidden.groupUID,
    });
    const body = { stageId: hidden.stages[0]!.stageUID, before: a };
    expect((await server.client().put(path(`contacts/${b}/pipelines/${hidden.groupUID}`), body)).status).toBe(
      401,
    );
    const stranger = await server.createTeam();
    const foreign = await stranger.owner.put(
      `/teams/${stranger.teamUID}/contacts/${b}/pipelines/${hidden.groupUID}`,
      body,
    );
    expect(foreign.status).toBe(404);
    const { client: member } = await server.joinAsMember(
      { owner, teamUID },
      { groupAccess: [pipeline.groupUID] },
    );
    const outsider = await move(member, b!, body, hidden.groupUID);
    expect(outsider.status).toBe(404);
  });
});
