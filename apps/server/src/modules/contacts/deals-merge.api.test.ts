import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';

let server: TestServer;
let owner: TestClient;
let teamUID: string;
let pipeline: { groupUID: string; stages: { stageUID: string }[] };
let second: { groupUID: string; stages: { stageUID: string }[] };
let tagIds: string[];

beforeAll(async () => {
  server = await startTestServer();
  const team = await server.createTeam();
  ({ owner, teamUID } = team);
  pipeline = await server.createPipeline(team, 'Deals', ['Open', 'Closed']);
  second = await server.createPipeline(team, 'Second', ['S']);
  tagIds = (await server.createTagSet(team, 'T', ['one', 'two'])).tags.map((tag) => tag.tagUID);
});
afterAll(async () => {
  await server.stop();
});

function base() {
  return `/api/v1/teams/${teamUID}`;
}

async function createContact(body: Record<string, unknown>) {
  return (await owner.post(`${base()}/contacts`, body)).body.data;
}

describe('deals', () => {
  it('adds, changes, wins and deletes a deal, each in the history', async () => {
    const { GTID } = await createContact({ name: 'Buyer', pipeline: { pipelineId: pipeline.groupUID } });
    const added = await owner.post(`${base()}/contacts/${GTID}/deals`, {
      name: 'Coaching',
      value: 1500.5,
      currency: 'EUR',
      pipelineId: pipeline.groupUID,
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({
      name: 'Coaching',
      value: 1500.5,
      currency: 'EUR',
      status: 'open',
      closedAt: null,
    });
    const dealUID = added.body.data.dealUID;
    const won = await owner.patch(`${base()}/contacts/${GTID}/deals/${dealUID}`, {
      status: 'won',
      value: 1800,
    });
    expect(won.body.data).toMatchObject({ status: 'won', value: 1800 });
    expect(won.body.data.closedAt).not.toBeNull();
    expect((await owner.get(`${base()}/contacts/${GTID}/deals`)).body.data).toHaveLength(1);
    const contact = (await owner.get(`${base()}/contacts/${GTID}`)).body.data;
    expect(contact.groupData[pipeline.groupUID].deals).toEqual([
      expect.objectContaining({ dealUID, status: 'won' }),
    ]);
    expect((await owner.delete(`${base()}/contacts/${GTID}/deals/${dealUID}`)).status).toBe(204);
    const kinds = (await owner.get(`${base()}/contacts/${GTID}/activities`)).body.data.items
      .filter((entry: { type: string }) => entry.type === 'deal')
      .map((entry: { action: string }) => entry.action);
    expect(kinds).toEqual(['deleted', 'won', 'added']);
  });

  it('refuses a deal without a value, with a bad currency, or on a missing contact', async () => {
    const { GTID } = await createContact({ name: 'Picky', pipeline: { pipelineId: pipeline.groupUID } });
    expect((await owner.post(`${base()}/contacts/${GTID}/deals`, { name: 'x' })).body.error.message).toMatch(
      /^Invalid body\.value/,
    );
    expect(
      (await owner.post(`${base()}/contacts/${GTID}/deals`, { name: 'x', value: 1, currency: 'euro' })).body
        .error.message,
    ).toMatch(/^Invalid body\.currency/);
    expect((await owner.post(`${base()}/contacts/nobody/deals`, { name: 'x', value: 1 })).status).toBe(404);
    expect((await server.client().get(`${base()}/contacts/${GTID}/deals`)).status).toBe(401);
  });
});

describe('merging two contacts', () => {
  it('keeps all history, tags, deals, notes and pipeline data on the survivor and fills its empty fields', async () => {
    const survivor = await createContact({
      name: 'Maria Lopez',
      sources: [{ platform: 'facebook', profileId: 'fb-1' }],
      pipeline: { pipelineId: pipeline.groupUID },
      tagIds: [tagIds[0]],
    });
    const duplicate = await createContact({
      name: 'Maria L',
      emailAddress: 'maria@example.test',
      sources: [{ platform: 'instagram', username: 'maria.l' }],
      pipeline: { pipelineId: second.groupUID },
      tagIds: [tagIds[0], tagIds[1]],
    });
    await owner.post(`${base()}/contacts/${duplicate.GTID}/notes`, { text: 'Met at the live call.' });
    await owner.post(`${base()}/contacts/${duplicate.GTID}/deals`, { name: 'Course', value: 99 });

    const merged = await owner.post(`${base()}/contacts/${survivor.GTID}/merge`, {
      otherGTID: duplicate.GTID,
    });
    expect(merged.status).toBe(200);
    const contact = merged.body.data;
    expect(contact).toMatchObject({ name: 'Maria Lopez', emailAddress: 'maria@example.test' });
    expect(Object.keys(contact.sources).sort()).toEqual(['facebook', 'instagram']);
    expect(Object.keys(contact.groupData).sort()).toEqual([pipeline.groupUID, second.groupUID].sort());
    expect(Object.values(contact.globalTagSets).flat().sort()).toEqual([...tagIds].sort());
    expect((await owner.get(`${base()}/contacts/${survivor.GTID}/notes`)).body.data[0].text).toBe(
      'Met at the live call.',
    );
    expect((await owner.get(`${base()}/contacts/${survivor.GTID}/deals`)).body.data[0].name).toBe('Course');
    const history = (await owner.get(`${base()}/contacts/${survivor.GTID}/activities?limit=200`)).body.data
      .items;
    expect(history[0]).toMatchObject({
      type: 'contact',
      action: 'merged',
      data: { mergedGTID: duplicate.GTID },
    });
    expect(
      history.filter(
        (entry: { type: string; action: string }) => entry.type === 'contact' && entry.action === 'created',
      ),
    ).toHaveLength(2);
    expect((await owner.get(`${base()}/contacts/${duplicate.GTID}`)).status).toBe(404);
    // The merged person is found again by the other contact's handle.
    const again = await owner.post(`${base()}/contacts`, {
      sources: [{ platform: 'instagram', username: 'MARIA.L' }],
    });
    expect(again.body.data.GTID).toBe(survivor.GTID);
  });

  it('refuses merging a contact with itself or with one the member cannot see', async () => {
    const a = await createContact({ name: 'Solo', pipeline: { pipelineId: pipeline.groupUID } });
    expect((await owner.post(`${base()}/contacts/${a.GTID}/merge`, { otherGTID: a.GTID })).status).toBe(400);
    const hidden = await createContact({ name: 'Hidden', pipeline: { pipelineId: second.groupUID } });
    const { client: member } = await server.joinAsMember(
      { owner, teamUID },
      { groupAccess: [pipeline.groupUID] },
    );
    expect((await member.post(`${base()}/contacts/${a.GTID}/merge`, { otherGTID: hidden.GTID })).status).toBe(
      404,
    );
    expect((await owner.get(`${base()}/contacts/${hidden.GTID}`)).status).toBe(200);
  });
});
