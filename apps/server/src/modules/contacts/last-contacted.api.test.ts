import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../testing/test-client';
import type { TestPipeline } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/test-server';

// "Last contacted" is the last note added or message, not the last change: a bulk tag leaves it.
let server: TestServer;
let owner: TestClient;
let teamUID: string;
let path: (rest: string) => string;
let pipeline: TestPipeline;
let tagId: string;

beforeAll(async () => {
  server = await startTestServer();
  const team = await server.createTeam();
  ({ owner, teamUID } = team);
  path = (rest) => team.path(rest);
  pipeline = await server.createPipeline(team, 'Main', ['New']);
  tagId = (await server.createTagSet(team, 'Interest', ['Yoga'])).tags[0]!.tagUID;
});
afterAll(async () => {
  await server.stop();
});

/** When the contact was last contacted, as their page and their board card say it. */
async function lastContacted(GTID: string) {
  const page = (await owner.get(path(`contacts/${GTID}`))).body.data as { lastContactedAt: string | null };
  const board = await owner.post('/search/v2', {
    teamUID,
    objectToFilter: { pipelineId: pipeline.groupUID },
    paging: { from: 0, size: 50 },
  });
  const card = (board.body.data.hits as { GTID: string; lastContactedAt: string | null }[]).find(
    (hit) => hit.GTID === GTID,
  )!;
  expect(card.lastContactedAt).toBe(page.lastContactedAt);
  return page.lastContactedAt;
}

describe('last contacted', () => {
  it('is set by a note added or a message copied, with or without a template, and kept through a bulk tag', async () => {
    const [GTID, untouched, writtenTo] = await server.seedContacts({ owner, teamUID }, 3, {
      prefix: 'Lead',
      pipelineId: pipeline.groupUID,
    });
    expect(await lastContacted(GTID!)).toBeNull();

    const note = await owner.post(path(`contacts/${GTID}/notes`), { text: 'Called, call back Friday.' });
    expect(note.status).toBe(201);
    const noted = await lastContacted(GTID!);
    expect(Date.parse(noted!)).toBeGreaterThan(Date.now() - 60_000);

    // A bulk tag changes both contacts, and contacts neither.
    const started = await owner.post('/search/v2/bulk', {
      teamUID,
      action: { type: 'addTags', tagIds: [tagId] },
      target: { GTIDs: [GTID, untouched] },
    });
    expect(started.status).toBe(202);
    await server.waitForJob(owner, teamUID, { bulkJobId: started.body.data.jobId });
    expect(await lastContacted(GTID!)).toBe(noted);
    expect(await lastContacted(untouched!)).toBeNull();

    // A message copied from a template is a contact made too.
    const template = await owner.post(path('message-templates'), { name: 'Hello', text: 'Hi {firstName}' });
    const copied = await owner.post(path(`message-templates/${template.body.data.templateUID}/copies`), {
      GTID: untouched,
      text: 'Hi Lead',
    });
    expect(copied.status).toBe(201);
    expect(await lastContacted(untouched!)).not.toBeNull();

    // And so is a message written without a template.
    expect(await lastContacted(writtenTo!)).toBeNull();
    const written = await owner.post(path(`contacts/${writtenTo}/messages/copies`), { text: 'Hi there' });
    expect(written.status).toBe(201);
    expect(await lastContacted(writtenTo!)).not.toBeNull();
  });
});
