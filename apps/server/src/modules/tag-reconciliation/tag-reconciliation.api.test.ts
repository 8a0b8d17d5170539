import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamDb } from '../../platform/db/databases';
import { activities, contactTags, contacts, orphanedTags, tags } from '../../platform/db/team-schema';
import { openEventStream } from '../../testing/event-stream';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';

let server: TestServer;
let owner: TestClient;
let teamUID: string;
let pipeline: { groupUID: string; stages: { stageUID: string }[] };
let hidden: { groupUID: string; stages: { stageUID: string }[] };

const base = () => `/api/v1/teams/${teamUID}`;

beforeAll(async () => {
  server = await startTestServer();
  const team = await server.createTeam({ extraSeats: 20 });
  ({ owner, teamUID } = team);
  pipeline = await server.createPipeline(team, 'Open', ['New', 'Won']);
  hidden = await server.createPipeline(team, 'Hidden', ['H']);
});
afterAll(async () => {
  await server.stop();
});

/** Creates a tag set with tags; answers the tag ids by name. */
async function createTagSet(name: string, tagNames: string[], pipelineId: string | null = null) {
  const created = await server.createTagSet({ owner, teamUID }, name, tagNames, { pipelineId });
  return Object.fromEntries(created.tags.map((tag) => [tag.name, tag.tagUID])) as Record<string, string>;
}

async function createContact(name: string, pipelineId: string, tagIds: string[], tagNames: string[] = []) {
  const created = await owner.post(`${base()}/contacts`, {
    name,
    pipeline: { pipelineId },
    tagIds,
    tagNames,
  });
  expect(created.status).toBe(201);
  return created.body.data.GTID as string;
}

async function getReconciliation(client: TestClient = owner) {
  const response = await client.get(`${base()}/tag-reconciliation`);
  expect(response.status).toBe(200);
  return response.body.data as {
    orphanedTags: { key: string; name: string; contacts: number }[];
    duplicateGroups: {
      key: string;
      tags: {
        tagUID: string;
        name: string;
        tagSetName: string;
        pipelineName: string | null;
        contacts: number;
      }[];
    }[];
  };
}

async function countRows(db: TeamDb, tagId: string) {
  const [row] = await db
    .select({ value: count() })
    .from(contactTags)
    .where(and(eq(contactTags.teamId, teamUID), eq(contactTags.tagId, tagId)));
  return row!.value;
}

describe('GET /tag-reconciliation', () => {
  it('finds orphaned tag names and tags that differ only in case or spaces, with their contact counts', async () => {
    const global = await createTagSet('Status', ['Lead Magnet', 'Big  Spender']);
    const local = await createTagSet(
      'Open tags',
      ['lead magnet', 'big spender', 'Unique'],
      pipeline.groupUID,
    );
    await createContact('Ann', pipeline.groupUID, [global['Lead Magnet']!], ['Mystery Tag']);
    await createContact(
      'Bob',
      pipeline.groupUID,
      [global['Lead Magnet']!, local['lead magnet']!],
      ['mystery  tag'],
    );
    await createContact('Cy', pipeline.groupUID, [local['big spender']!]);

    const found = await getReconciliation();
    expect(found.orphanedTags).toEqual([{ key: 'mystery tag', name: expect.any(String), contacts: 2 }]);
    const groups = Object.fromEntries(found.duplicateGroups.map((group) => [group.key, group.tags]));
    expect(groups['lead magnet']).toEqual([
      expect.objectContaining({ name: 'Lead Magnet', tagSetName: 'Status', pipelineName: null, contacts: 2 }),
      expect.objectContaining({
        name: 'lead magnet',
        tagSetName: 'Open tags',
        pipelineName: 'Open',
        contacts: 1,
      }),
    ]);
    expect(groups['big spender']!.map((tag) => [tag.name, tag.contacts])).toEqual([
      ['Big  Spender', 0],
      ['big spender', 1],
    ]);
    expect(groups['unique']).toBeUndefined();
  });

  it("stops counting the orphaned names of a deleted contact, and carries a merged one's to the survivor", async () => {
    const orphanCount = async (key: string) =>
      (await getReconciliation()).orphanedTags.find((orphan) => orphan.key === key)?.contacts ?? 0;
    const rowsOf = async (GTID: string) =>
      (
        await server.databases
          .forTeam(teamUID)
          .select({ key: orphanedTags.key })
          .from(orphanedTags)
          .where(and(eq(orphanedTags.teamId, teamUID), eq(orphanedTags.contactId, GTID)))
      ).map((row) => row.key);
    const gone = await createContact('Dee', pipeline.groupUID, [], ['Stray Label']);
    const merged = await createContact('Eve', pipeline.groupUID, [], ['stray label', 'Other Stray']);
    const survivor = await createContact('Eve Again', pipeline.groupUID, [], ['Stray label']);
    expect(await orphanCount('stray label')).toBe(3);

    // A deleted contact keeps its names for a restore, and no longer counts.
    expect((await owner.delete(`${base()}/contacts/${gone}`)).status).toBe(204);
    expect(await rowsOf(gone)).toEqual(['stray label']);
    expect(await orphanCount('stray label')).toBe(2);
    expect(
      (await owner.post(`${base()}/contacts/${survivor}/merge`, { otherGTID: merged })).status,
    ).toBeLessThan(300);
    expect(await rowsOf(merged)).toEqual([]);
    expect((await rowsOf(survivor)).sort()).toEqual(['other stray', 'stray label']);
    expect(await orphanCount('stray label')).toBe(1);
  });

  it('never lets a member outside a pipeline learn about its contacts', async () => {
    const global = await createTagSet('Levels', ['Gold']);
    const secret = await createTagSet('Hidden tags', ['gold'], hidden.groupUID);
    await createContact('Seen', pipeline.groupUID, [global['Gold']!]);
    await createContact('Unseen', hidden.groupUID, [global['Gold']!, secret['gold']!], ['Secret Orphan']);
    const invite = await owner.post(`${base()}/invitations`, { groupAccess: [pipeline.groupUID] });
    const member = await server.signUp();
    await member.post(`/api/v1/invitations/${invite.body.data.inviteCode}/accept`);

    const asOwner = await getReconciliation();
    const ownerGold = asOwner.duplicateGroups.find((group) => group.key === 'gold')!.tags;
    expect(ownerGold.map((tag) => tag.contacts)).toEqual([2, 1]);

    // The hidden pipeline's tag and set are not named to the member: 'Gold' alone is no duplicate.
    const asMember = await getReconciliation(member);
    expect(asMember.duplicateGroups.find((group) => group.key === 'gold')).toBeUndefined();
    expect(JSON.stringify(asMember)).not.toMatch(/Hidden tags|Secret Orphan/);
    expect(JSON.stringify(asMember)).not.toContain(secret['gold']);
    expect(asMember.orphanedTags.find((orphan) => orphan.key === 'secret orphan')).toBeUndefined();

    const merge = await member.post(`${base()}/tag-reconciliation/merge`, {
      sourceTagIds: [secret['gold']],
      targetTagId: global['Gold'],
    });
    expect(merge.status).toBe(403);
    expect(merge.body.error.message).toBe('Only the team owner or an admin can reconcile tags.');
    const rename = await member.post(`${base()}/tag-reconciliation/rename`, {
      tagId: global['Gold'],
      name: 'Golden',
    });
    expect(rename.status).toBe(403);
  });
});

describe('POST /tag-reconciliation/merge', () => {
  it('moves every contact to the kept tag without duplicates, in batches with progress, then deletes the others', async () => {
    const global = await createTagSet('Tiers', ['VIP']);
    const other = await createTagSet('More tiers', ['vip', 'V I P']);
    const db = server.databases.forTeam(teamUID);
    // 4,500 contacts: a third carry the kept tag too, so the batches must not tag anyone twice.
    await server.insertContacts(teamUID, {
      prefix: 'merge',
      total: 4500,
      pipelineId: pipeline.groupUID,
      stageId: pipeline.stages[0]!.stageUID,
      tagIdsOf: (index) => (index % 3 === 0 ? [other['vip']!, global['VIP']!] : [other['vip']!]),
    });
    const stream = await openEventStream(owner, teamUID);

    const started = await owner.post(`${base()}/tag-reconciliation/merge`, {
      sourceTagIds: [other['vip']],
      targetTagId: global['VIP'],
    });
    expect(started.status).toBe(202);
    expect(started.body.data.total).toBe(4500);
    const job = await server.waitForJob(owner, teamUID, { bulkJobId: started.body.data.jobId });
    expect(job).toMatchObject({ processed: 4500, total: 4500 });

    const done = await stream.next(
      (event) =>
        event.entity === 'bulk_job' &&
        event.ids.includes(started.body.data.jobId) &&
        event.data?.status === 'completed',
    );
    expect(done.data).toMatchObject({ processed: 4500, total: 4500, type: 'mergeTags' });
    const running = stream.received.filter(
      (event) =>
        event.entity === 'bulk_job' &&
        event.ids.includes(started.body.data.jobId) &&
        event.data?.status === 'running',
    );
    expect(running.map((event) => event.data?.processed)).toEqual([2000, 4000, 4500]);
    expect(
      stream.received.some(
        (event) => event.entity === 'tag' && event.op === 'delete' && event.ids.includes(other['vip']!),
      ),
    ).toBe(true);
    expect(
      stream.received.some(
        (event) =>
          event.entity === 'contact' &&
          event.pipelineId === pipeline.groupUID &&
          event.ids.includes('merge-1'),
      ),
    ).toBe(true);
    stream.close();

    expect(await countRows(db, global['VIP']!)).toBe(4500);
    expect(await countRows(db, other['vip']!)).toBe(0);
    expect(
      await db
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.teamId, teamUID), inArray(tags.id, [other['vip']!, other['V I P']!]))),
    ).toEqual([{ id: other['V I P'] }]);

    // The contact's history says what happened, and search finds them by the kept tag.
    const history = (await owner.get(`${base()}/contacts/merge-1/activities`)).body.data.items;
    expect(
      history.map((item: { type: string; action: string; data: { tag: string } }) => [
        item.action,
        item.data.tag,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['removed', 'vip'],
        ['added', 'VIP'],
      ]),
    );
    const [added] = await db
      .select({ value: count() })
      .from(activities)
      .where(
        and(
          eq(activities.teamId, teamUID),
          eq(activities.action, 'added'),
          sql`${activities.data}->>'mergeJobId' = ${started.body.data.jobId}`,
        ),
      );
    expect(added!.value).toBe(3000);
    const searched = await owner.post('/search/v2', {
      teamUID,
      objectToFilter: { tags: { ids: [global['VIP']!] } },
    });
    expect(searched.body.data.total).toBe(4500);

    // The group is gone: only "V I P" is left, which is not the same name.
    const after = await getReconciliation();
    expect(after.duplicateGroups.find((group) => group.key === 'vip')).toBeUndefined();

    // Running the finished job again changes nothing.
    await server.server.context.tagReconciliation.mergeTagsJob.handle({
      teamUID,
      jobId: started.body.data.jobId,
    });
    expect(await countRows(db, global['VIP']!)).toBe(4500);
  });

  it('refuses bad input, unknown tags and a pipeline tag as the kept tag for global ones', async () => {
    const global = await createTagSet('Checks', ['Alpha']);
    const local = await createTagSet('Open checks', ['alpha'], pipeline.groupUID);
    const post = (body: unknown) => owner.post(`${base()}/tag-reconciliation/merge`, body);

    const empty = await post({ sourceTagIds: [], targetTagId: global['Alpha'] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toMatch(/^Invalid body\.sourceTagIds/);
    expect((await post({ sourceTagIds: [global['Alpha']], targetTagId: global['Alpha'] })).status).toBe(400);
    const unknown = await post({ sourceTagIds: ['nope'], targetTagId: global['Alpha'] });
    expect(unknown.body.error.message).toBe('Invalid sourceTagIds: nope is not a tag of this team.');
    expect((await post({ sourceTagIds: [local['alpha']], targetTagId: 'nope' })).status).toBe(404);
    const intoPipeline = await post({ sourceTagIds: [global['Alpha']], targetTagId: local['alpha'] });
    expect(intoPipeline.status).toBe(400);
    expect(intoPipeline.body.error.message).toMatch(/^Invalid targetTagId: "alpha" belongs to one pipeline/);
  });

  it('answers 401 signed out and 404 for another team', async () => {
    const body = { sourceTagIds: ['a'], targetTagId: 'b' };
    expect((await server.client().post(`${base()}/tag-reconciliation/merge`, body)).status).toBe(401);
    expect((await server.client().get(`${base()}/tag-reconciliation`)).status).toBe(401);
    const stranger = await server.signUp();
    expect((await stranger.post(`${base()}/tag-reconciliation/merge`, body)).status).toBe(404);
    expect((await stranger.get(`${base()}/tag-reconciliation`)).status).toBe(404);
    expect(
      (await stranger.post(`${base()}/tag-reconciliation/rename`, { tagId: 'a', name: 'b' })).status,
    ).toBe(404);
  });
});

describe('POST /tag-reconciliation/rename', () => {
  it('renames one tag and refuses a name its set already has, ignoring case and spaces', async () => {
    const set = await createTagSet('Names', ['Warm  Lead', 'Cold']);
    const renamed = await owner.post(`${base()}/tag-reconciliation/rename`, {
      tagId: set['Cold'],
      name: ' Frozen ',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toEqual({ tagUID: set['Cold'], name: 'Frozen' });

    const clash = await owner.post(`${base()}/tag-reconciliation/rename`, {
      tagId: set['Cold'],
      name: 'warm lead',
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toBe(
      'The tag set "Names" already has a tag named "Warm  Lead". Choose another name, or merge the two tags.',
    );
    // Tidying its own spelling is fine.
    const tidy = await owner.post(`${base()}/tag-reconciliation/rename`, {
      tagId: set['Warm  Lead'],
      name: 'Warm Lead',
    });
    expect(tidy.body.data.name).toBe('Warm Lead');

    // The name it already has is no change: nothing is announced.
    const stream = await openEventStream(owner, teamUID);
    const same = await owner.post(`${base()}/tag-reconciliation/rename`, {
      tagId: set['Cold'],
      name: 'Frozen',
    });
    expect(same.body.data).toEqual({ tagUID: set['Cold'], name: 'Frozen' });
    await owner.post(`${base()}/tag-reconciliation/rename`, { tagId: set['Cold'], name: 'Icy' });
    expect(await stream.next(() => true)).toMatchObject({ entity: 'tag', ids: [set['Cold']] });
    expect(stream.received).toHaveLength(1);
    stream.close();

    const blank = await owner.post(`${base()}/tag-reconciliation/rename`, { tagId: set['Cold'], name: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toMatch(/^Invalid body\.name/);
    expect(
      (await owner.post(`${base()}/tag-reconciliation/rename`, { tagId: 'nope', name: 'X' })).status,
    ).toBe(404);
  });
});

describe('a merge job that crashes', () => {
  it('resumes where its last batch ended and never repeats a change', async () => {
    // A server without workers, so the test runs the job by hand and makes it fail between batches.
    const apiOnly = await startTestServer({ env: { ROLE: 'api' } });
    try {
      const admin = await apiOnly.signUp();
      const team = (await admin.me()).teamUID as string;
      const path = `/api/v1/teams/${team}`;
      const tagOf = async (name: string, tag: string) =>
        (await admin.post(`${path}/tag-sets`, { name, tags: [tag] })).body.data.tags[0].tagUID as string;
      const keep = await tagOf('Crash', 'Keep');
      const drop = await tagOf('Crash two', 'KEEP');
      const db = apiOnly.databases.forTeam(team);
      const ids = Array.from({ length: 4100 }, (_, index) => `crash-${index}`);
      for (let start = 0; start < ids.length; start += 1000) {
        const slice = ids.slice(start, start + 1000);
        await db.insert(contacts).values(slice.map((id) => ({ teamId: team, id, name: id })));
        await db
          .insert(contactTags)
          .values(slice.map((id) => ({ teamId: team, contactId: id, tagId: drop })));
      }
      const started = await admin.post(`${path}/tag-reconciliation/merge`, {
        sourceTagIds: [drop],
        targetTagId: keep,
      });
      expect(started.status).toBe(202);
      const jobId = started.body.data.jobId as string;
      // Asking again for the same merge answers the same job.
      const again = await admin.post(`${path}/tag-reconciliation/merge`, {
        sourceTagIds: [drop],
        targetTagId: keep,
      });
      expect(again.body.data.jobId).toBe(jobId);

      const job = apiOnly.server.context.tagReconciliation.mergeTagsJob;
      const transaction = db.transaction.bind(db);
      let calls = 0;
      db.transaction = ((work: Parameters<typeof transaction>[0]) => {
        calls += 1;
        if (calls === 2) return Promise.reject(new Error('worker crashed'));
        return transaction(work);
      }) as typeof db.transaction;
      await expect(job.handle({ teamUID: team, jobId })).rejects.toThrow('worker crashed');
      db.transaction = transaction;

      const halfway = (await admin.get(`${path}/bulk-jobs/${jobId}`)).body.data;
      expect(halfway).toMatchObject({ status: 'running', processed: 2000, total: 4100 });
      expect(halfway.error).toBe('The merge was interrupted; it will carry on by itself shortly.');

      await job.handle({ teamUID: team, jobId });
      const finished = (await admin.get(`${path}/bulk-jobs/${jobId}`)).body.data;
      expect(finished).toMatchObject({ status: 'completed', processed: 4100, total: 4100, error: null });
      const [kept] = await db
        .select({ value: count() })
        .from(contactTags)
        .where(and(eq(contactTags.teamId, team), eq(contactTags.tagId, keep)));
      expect(kept!.value).toBe(4100);
      const [history] = await db
        .select({ value: count() })
        .from(activities)
        .where(and(eq(activities.teamId, team), eq(activities.type, 'tag')));
      expect(history!.value).toBe(8200);
    } finally {
      await apiOnly.stop();
    }
  });
});
