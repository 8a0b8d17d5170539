import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';

let server: TestServer;
let owner: TestClient;
let member: TestClient;
let teamUID: string;
let seen: { groupUID: string };
let hidden: { groupUID: string };
let hot: string;
let cold: string;

beforeAll(async () => {
  server = await startTestServer();
  const team = await server.createTeam();
  ({ owner, teamUID } = team);
  ({ client: member } = await server.joinAsMember(team));
  seen = (await owner.post(path('pipelines'), { nickName: 'Seen', stages: [{ name: 'New' }] })).body.data;
  hidden = (await owner.post(path('pipelines'), { nickName: 'Hidden', stages: [{ name: 'New' }] })).body.data;
  await owner.patch(path(`members/${(await member.me()).uid}`), { groupAccess: [seen.groupUID] });
  await owner.post(path('status-labels'), { display: 'Hot', color: '#E8590C' });
  const labels = (await owner.post(path('status-labels'), { display: 'Cold', color: '#1C7EBB' })).body.data;
  [hot, cold] = labels.map((label: { labelUID: string }) => label.labelUID);
});
afterAll(async () => {
  await server.stop();
});

function path(rest: string) {
  return `/api/v1/teams/${teamUID}/${rest}`;
}

async function addContact(name: string, pipelineId: string): Promise<string> {
  return (await owner.post(path('contacts'), { name, pipeline: { pipelineId } })).body.data.GTID;
}

async function searchNames(client: TestClient, filter: Record<string, unknown>) {
  const answer = await client.post('/search/v2', {
    teamUID,
    objectToFilter: filter,
    paging: { from: 0, size: 50 },
    sort: { field: 'name' },
  });
  return answer.body.data.hits.map((hit: { name: string }) => hit.name);
}

describe("a contact's status label", () => {
  it('is set and cleared on the contact, with its history, and searched and counted', async () => {
    const ada = await addContact('Ada Label', seen.groupUID);
    await addContact('Bo Unlabelled', seen.groupUID);
    const set = await member.patch(path(`contacts/${ada}`), { statusLabelId: hot });
    expect(set.status).toBe(200);
    expect(set.body.data.statusLabelId).toBe(hot);
    const history = (await owner.get(path(`contacts/${ada}/activities`))).body.data.items;
    expect(history[0]).toMatchObject({ type: 'status_label', action: 'set', data: { label: 'Hot' } });

    expect(await searchNames(owner, { statusLabelIds: [hot] })).toEqual(['Ada Label']);
    expect(await searchNames(owner, { pipelineId: seen.groupUID, statusLabelIds: [hot, cold] })).toEqual([
      'Ada Label',
    ]);
    const board = await owner.post('/search/v2', {
      teamUID,
      objectToFilter: { pipelineId: seen.groupUID, statusLabelIds: [hot] },
      isPipelineInitial: true,
      paging: { from: 0, size: 20 },
    });
    expect(board.body.data.stages[0].hits).toMatchObject([{ name: 'Ada Label', statusLabelId: hot }]);

    const labels = (await owner.get(path('status-labels'))).body.data;
    expect(labels.map((label: { contactCount: number }) => label.contactCount)).toEqual([1, 0]);

    const cleared = await member.patch(path(`contacts/${ada}`), { statusLabelId: null });
    expect(cleared.body.data.statusLabelId).toBeNull();
    expect(await searchNames(owner, { statusLabelIds: [hot] })).toEqual([]);
  });

  it('counts for a member only the contacts they may see', async () => {
    const seenOne = await addContact('Cy Seen', seen.groupUID);
    const hiddenOne = await addContact('Di Hidden', hidden.groupUID);
    await owner.patch(path(`contacts/${seenOne}`), { statusLabelId: cold });
    await owner.patch(path(`contacts/${hiddenOne}`), { statusLabelId: cold });
    const count = async (client: TestClient) =>
      (await client.get(path('status-labels'))).body.data.find(
        (label: { labelUID: string }) => label.labelUID === cold,
      ).contactCount;
    expect(await count(owner)).toBe(2);
    expect(await count(member)).toBe(1);
    expect(await searchNames(member, { statusLabelIds: [cold] })).toEqual(['Cy Seen']);
  });

  it('is taken off every contact when the label is deleted', async () => {
    const label = (await owner.post(path('status-labels'), { display: 'Gone soon', color: '#2F9E44' })).body
      .data[2].labelUID;
    const one = await addContact('Ed Gone', seen.groupUID);
    const two = await addContact('Fay Gone', hidden.groupUID);
    await owner.patch(path(`contacts/${one}`), { statusLabelId: label });
    await owner.patch(path(`contacts/${two}`), { statusLabelId: label });
    const before = (await owner.get(path(`contacts/${one}`))).body.data.updatedAt;
    expect((await owner.delete(path(`status-labels/${label}`))).status).toBe(204);
    expect((await owner.get(path(`contacts/${one}`))).body.data).toMatchObject({
      statusLabelId: null,
      updatedAt: before,
    });
    expect((await owner.get(path(`contacts/${two}`))).body.data.statusLabelId).toBeNull();
    expect(await searchNames(owner, { statusLabelIds: [label] })).toEqual([]);
    expect((await owner.delete(path(`status-labels/${label}`))).status).toBe(404);
  });

  it('refuses the signed out, another team, a member outside the pipeline and an unknown label', async () => {
    const kept = await addContact('Gil Kept', hidden.groupUID);
    const visible = await addContact('Hal Visible', seen.groupUID);
    const stranger = await server.signUp();
    expect((await server.client().patch(path(`contacts/${kept}`), { statusLabelId: hot })).status).toBe(401);
    expect((await stranger.patch(path(`contacts/${kept}`), { statusLabelId: hot })).status).toBe(404);
    expect((await member.patch(path(`contacts/${kept}`), { statusLabelId: hot })).status).toBe(404);
    const unknown = await member.patch(path(`contacts/${visible}`), { statusLabelId: 'lbl_nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe(
      'Invalid statusLabelId: lbl_nope is not a status label of this team.',
    );
    expect((await member.patch(path(`contacts/${visible}`), { statusLabelId: 42 })).status).toBe(400);
    // Another team's label is no label of this one.
    const otherTeam = await server.createTeam();
    const theirs = (
      await otherTeam.owner.post(`/api/v1/teams/${otherTeam.teamUID}/status-labels`, {
        display: 'Theirs',
        color: '#000000',
      })
    ).body.data[0].labelUID;
    expect((await owner.patch(path(`contacts/${visible}`), { statusLabelId: theirs })).status).toBe(400);
    expect((await owner.get(path(`contacts/${kept}`))).body.data.statusLabelId).toBeNull();
    expect(
      (await owner.post('/search/v2', { teamUID, objectToFilter: { statusLabelIds: 'hot' } })).status,
    ).toBe(400);
  });

  it('is given to, or cleared from, many contacts by a bulk action, only those the member may see', async () => {
    const seenIds = [await addContact('Ivy Bulk', seen.groupUID), await addContact('Jo Bulk', seen.groupUID)];
    const hiddenId = await addContact('Kai Bulk', hidden.groupUID);
    const startBulk = (client: TestClient, action: Record<string, unknown>, GTIDs: string[]) =>
      client.post('/search/v2/bulk', { teamUID, action, target: { GTIDs } });
    const waitForJob = (jobId: string) => server.waitForJob(member, teamUID, { bulkJobId: jobId });

    const started = await startBulk(member, { type: 'setStatusLabel', labelId: hot }, [...seenIds, hiddenId]);
    expect(started.status).toBe(202);
    expect(started.body.data.matched).toBe(2);
    await waitForJob(started.body.data.jobId);
    expect(await searchNames(owner, { statusLabelIds: [hot] })).toEqual(['Ivy Bulk', 'Jo Bulk']);
    const history = (await owner.get(path(`contacts/${seenIds[0]}/activities`))).body.data.items;
    expect(history[0]).toMatchObject({ type: 'status_label', action: 'set', data: { label: 'Hot' } });

    const cleared = await startBulk(member, { type: 'setStatusLabel', labelId: null }, seenIds);
    await waitForJob(cleared.body.data.jobId);
    expect(await searchNames(owner, { statusLabelIds: [hot] })).toEqual([]);

    const unknown = await startBulk(member, { type: 'setStatusLabel', labelId: 'lbl_nope' }, seenIds);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe(
      'Invalid action.labelId: lbl_nope is not a status label of this team.',
    );
    expect((await startBulk(member, { type: 'setStatusLabel' }, seenIds)).status).toBe(400);
    expect(
      (
        await server.client().post('/search/v2/bulk', {
          teamUID,
          action: { type: 'setStatusLabel', labelId: hot },
          target: { GTIDs: seenIds },
        })
      ).status,
    ).toBe(401);
    const stranger = await server.signUp();
    expect((await startBulk(stranger, { type: 'setStatusLabel', labelId: hot }, seenIds)).status).toBe(404);
  });
});
