import { OVERLAY_LOOKUP_MAX } from '@grouptrack/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../testing/test-client';
import type { TestPipeline, TestTeam } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
let team: TestTeam;
let member: TestClient;
let stranger: TestTeam;
let leads: TestPipeline;
let partners: TestPipeline;
let ines: string;
let paula: string;

const path = () => team.path('contacts/known');

/** A person of a list page, keyed by their row. */
const row = (key: string, profileId: string | null, username: string | null) => ({
  key,
  profileId,
  username,
});

async function createContact(body: Record<string, unknown>): Promise<string> {
  const created = await team.owner.post(team.path('contacts'), body);
  expect(created.status).toBe(201);
  return created.body.data.GTID as string;
}

beforeAll(async () => {
  server = await startTestServer();
  team = await server.createTeam({ name: 'Olga Owner', email: 'olga@overlay.test', extraSeats: 2 });
  leads = await server.createPipeline(team, 'Leads', ['New', 'Talking', 'Won']);
  partners = await server.createPipeline(team, 'Partners', ['Intro']);
  ({ client: member } = await server.joinAsMember(team, {
    role: 'member',
    groupAccess: [leads.groupUID],
    name: 'Milo Member',
    email: 'milo@overlay.test',
  }));
  stranger = await server.createTeam({ name: 'Sam Stranger', email: 'sam@overlay.test' });

  ines = await createContact({
    name: 'Ines Insta',
    sources: [{ platform: 'instagram', profileId: '4242', username: 'ines.insta' }],
    pipeline: { pipelineId: leads.groupUID, stageId: leads.stages[1]!.stageUID },
  });
  // Placed in Partners after Leads: the newest place, which only the owner may see.
  const placed = await team.owner.put(team.path(`contacts/${ines}/pipelines/${partners.groupUID}`), {});
  expect(placed.status).toBe(200);
  paula = await createContact({
    name: 'Paula Partner',
    sources: [{ platform: 'instagram', username: 'Paula.Partner' }],
    pipeline: { pipelineId: partners.groupUID },
  });
  await createContact({
    name: 'Nico Nowhere',
    sources: [{ platform: 'instagram', profileId: '7777', username: 'nico.nowhere' }],
  });
  const dora = await createContact({
    name: 'Dora Deleted',
    sources: [{ platform: 'instagram', username: 'dora.deleted' }],
    pipeline: { pipelineId: leads.groupUID },
  });
  expect((await team.owner.delete(team.path(`contacts/${dora}`))).status).toBe(204);
});
afterAll(async () => {
  await server.stop();
});

describe('the overlay’s known people', () => {
  it('gives a badge for a person found by profile id, and by username in any case, echoing each key', async () => {
    const answer = await team.owner.post(path(), {
      platform: 'instagram',
      people: [
        row('by-id', '4242', null),
        row('by-name', null, 'INES.insta'),
        row('paula', null, 'paula.partner'),
      ],
    });
    expect(answer.status).toBe(200);
    const intro = partners.stages[0]!;
    expect(answer.body.data.badges).toEqual([
      {
        key: 'by-id',
        GTID: ines,
        name: 'Ines Insta',
        stageName: 'Intro',
        color: intro.color,
        fontColor: intro.fontColor,
        pipelineName: 'Partners',
      },
      expect.objectContaining({ key: 'by-name', GTID: ines, stageName: 'Intro' }),
      expect.objectContaining({ key: 'paula', GTID: paula, pipelineName: 'Partners' }),
    ]);
  });

  it('gives no badge to people not in GroupTrack, on another platform, deleted, or in no pipeline', async () => {
    const unknown = await team.owner.post(path(), {
      platform: 'instagram',
      people: [
        row('stranger', '9999', 'nobody.here'),
        row('deleted', null, 'dora.deleted'),
        row('nowhere', '7777', 'nico.nowhere'),
      ],
    });
    expect(unknown.body.data).toEqual({ badges: [] });
    const elsewhere = await team.owner.post(path(), {
      platform: 'tiktok',
      people: [row('ines', '4242', 'ines.insta')],
    });
    expect(elsewhere.body.data).toEqual({ badges: [] });
  });

  it('shows a member the stage of a pipeline they may see, and no badge for a person only in others', async () => {
    const answer = await member.post(path(), {
      platform: 'instagram',
      people: [row('ines', '4242', 'ines.insta'), row('paula', null, 'paula.partner')],
    });
    expect(answer.status).toBe(200);
    const talking = leads.stages[1]!;
    expect(answer.body.data.badges).toEqual([
      {
        key: 'ines',
        GTID: ines,
        name: 'Ines Insta',
        stageName: 'Talking',
        color: talking.color,
        fontColor: talking.fontColor,
        pipelineName: 'Leads',
      },
    ]);
    expect(JSON.stringify(answer.body)).not.toContain('Partner');
  });

  it('follows the pipeline the person was last moved in', async () => {
    const won = leads.stages[2]!;
    const moved = await team.owner.put(team.path(`contacts/${ines}/pipelines/${leads.groupUID}`), {
      stageId: won.stageUID,
    });
    expect(moved.status).toBe(200);
    const answer = await team.owner.post(path(), {
      platform: 'instagram',
      people: [row('ines', '4242', null)],
    });
    expect(answer.body.data.badges).toEqual([
      expect.objectContaining({ key: 'ines', stageName: 'Won', color: won.color, pipelineName: 'Leads' }),
    ]);
  });

  it('answers a whole page of people at once', async () => {
    const people = Array.from({ length: OVERLAY_LOOKUP_MAX }, (_, index) =>
      index === 150
        ? row('row-150', null, 'ines.insta')
        : row(`row-${index}`, `id-${index}`, `user.${index}`),
    );
    const answer = await member.post(path(), { platform: 'instagram', people });
    expect(answer.status).toBe(200);
    expect(answer.body.data.badges).toEqual([expect.objectContaining({ key: 'row-150', GTID: ines })]);
  });

  it('answers 401 signed out and 404 for another team', async () => {
    const body = { platform: 'instagram', people: [row('ines', '4242', null)] };
    expect((await server.client().post(path(), body)).status).toBe(401);
    const other = await stranger.owner.post(path(), body);
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe('Team not found.');
    // Their own team does not have the person either.
    const own = await stranger.owner.post(stranger.path('contacts/known'), body);
    expect(own.body.data).toEqual({ badges: [] });
  });

  it.each([
    [
      {
        platform: 'instagram',
        people: Array.from({ length: OVERLAY_LOOKUP_MAX + 1 }, (_, index) =>
          row(`r${index}`, `${index}`, null),
        ),
      },
      /^Invalid body\.people/,
    ],
    [{ platform: 'myspace', people: [row('a', '1', null)] }, /^Invalid body\.platform/],
    [{ platform: 'instagram', people: [] }, /^Invalid body\.people/],
    [{ platform: 'instagram', people: [row('', '1', null)] }, /^Invalid body\.people\.0\.key/],
    [{ platform: 'instagram', people: [{ key: 'a', profileId: '1' }] }, /^Invalid body\.people\.0\.username/],
  ])('refuses bad input %# with 400 naming the field', async (body, message) => {
    const answer = await member.post(path(), body);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(message);
  });
});
