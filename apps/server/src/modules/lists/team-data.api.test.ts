import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';

let server: TestServer;
let owner: TestClient;
let member: TestClient;
let teamUID: string;
let pipeline: { groupUID: string };

beforeAll(async () => {
  server = await startTestServer();
  const team = await server.createTeam();
  ({ owner, teamUID } = team);
  pipeline = await server.createPipeline(team, 'Group', ['New']);
  ({ client: member } = await server.joinAsMember(team, { groupAccess: [pipeline.groupUID] }));
});
afterAll(async () => {
  await server.stop();
});

function path(rest: string) {
  return `/api/v1/teams/${teamUID}/${rest}`;
}

describe('membership questions and answers', () => {
  it('pulls email and phone out of a captured member’s answers, preferring the marked question', async () => {
    await owner.post(path('questions'), { text: 'Best email for the guide?', answerField: 'email' });
    const captured = await member.post(path('contacts'), {
      name: 'Quinn Q',
      pipeline: {
        pipelineId: pipeline.groupUID,
        questions: [
          { question: 'Why join?', answer: 'My friend old@example.test sent me; text me at +1 555 010 9999' },
          { question: 'Best email for the guide?', answer: 'Quinn@Example.test' },
        ],
      },
    });
    expect(captured.status).toBe(201);
    expect(captured.body.data).toMatchObject({
      emailAddress: 'quinn@example.test',
      phoneNumber: '+15550109999',
    });
  });

  it('keeps questions unique, shows what samples capture, and keeps them to owners and admins', async () => {
    expect(
      (await owner.post(path('questions'), { text: 'best EMAIL for the guide?', answerField: 'none' }))
        .status,
    ).toBe(409);
    expect((await member.post(path('questions'), { text: 'Phone?', answerField: 'phone' })).status).toBe(403);
    const samples = await owner.post(path('test-questions'), {
      question: 'Best email for the guide?',
      answer: 'sure, it is a.b@c.io',
    });
    expect(samples.status).toBe(201);
    expect(samples.body.data[0]).toMatchObject({ captured: { emailAddress: 'a.b@c.io' } });
    expect((await member.get(path('test-questions'))).body.data).toHaveLength(1);
    expect((await owner.delete(path(`test-questions/${samples.body.data[0].testQuestionUID}`))).status).toBe(
      204,
    );
    expect(
      (await owner.post(path('questions'), { text: 'x', answerField: 'address' })).body.error.message,
    ).toMatch(/^Invalid body\.answerField/);
  });
});

describe('orphaned tags', () => {
  it('tags known names, keeps unknown ones for reconciliation, and resolves them onto every contact', async () => {
    const set = (await owner.post(path('tag-sets'), { name: 'Interests', tags: ['Yoga'] })).body.data;
    const first = (
      await owner.post(path('contacts'), { name: 'Tina', tagNames: ['Interests: yoga', 'Pilates'] })
    ).body.data;
    const second = (
      await owner.post(path('contacts'), { name: 'Tom', tagNames: ['pilates ', 'Unknown: Thing'] })
    ).body.data;
    expect(first.globalTagSets[set.tagSetUID]).toEqual([set.tags[0].tagUID]);
    const orphans = (await owner.get(path('orphaned-tags'))).body.data;
    expect(orphans).toEqual([
      { key: 'pilates', name: 'Pilates', contacts: 2 },
      { key: 'unknown: thing', name: 'Unknown: Thing', contacts: 1 },
    ]);
    expect((await member.get(path('orphaned-tags'))).status).toBe(403);

    const pilates = (await owner.post(path(`tag-sets/${set.tagSetUID}/tags`), { name: 'Pilates' })).body.data
      .tagUID;
    const resolved = await owner.post(path('orphaned-tags/resolve'), { key: 'Pilates', tagId: pilates });
    expect(resolved.body.data).toEqual({ contacts: 2, tagged: 2 });
    for (const GTID of [first.GTID, second.GTID]) {
      expect((await owner.get(path(`contacts/${GTID}`))).body.data.globalTagSets[set.tagSetUID]).toContain(
        pilates,
      );
    }
    expect(
      (await owner.post(path('orphaned-tags/resolve'), { key: 'unknown: thing', tagId: null })).body.data,
    ).toEqual({ contacts: 1, tagged: 0 });
    expect((await owner.get(path('orphaned-tags'))).body.data).toEqual([]);
    expect((await owner.post(path('orphaned-tags/resolve'), { key: 'gone', tagId: null })).status).toBe(404);
  });
});

describe('saved tag posts', () => {
  it('saves a post once per address with its tags, changes and forgets it', async () => {
    const set = (await owner.post(path('tag-sets'), { name: 'Posts', tags: ['Commented'] })).body.data;
    const body = {
      platform: 'facebook',
      url: 'https://facebook.com/groups/1/posts/2',
      title: 'Free workout',
      tagIds: [set.tags[0].tagUID],
    };
    const saved = await member.post(path('saved-tag-posts'), body);
    expect(saved.status).toBe(201);
    expect((await member.post(path('saved-tag-posts'), body)).status).toBe(409);
    expect(
      (await member.post(path('saved-tag-posts'), { ...body, url: 'https://x.test/p', tagIds: ['nope'] }))
        .status,
    ).toBe(400);
    await member.patch(path(`saved-tag-posts/${saved.body.data.postUID}`), { title: 'Free workout (June)' });
    expect((await owner.get(path('saved-tag-posts'))).body.data).toEqual([
      { postUID: saved.body.data.postUID, ...body, title: 'Free workout (June)' },
    ]);
    expect((await member.delete(path(`saved-tag-posts/${saved.body.data.postUID}`))).status).toBe(204);
  });

  it('answers 401 signed out and 404 to another team on every route', async () => {
    const stranger = await server.signUp();
    for (const rest of ['questions', 'test-questions', 'orphaned-tags', 'saved-tag-posts']) {
      expect((await server.client().get(path(rest))).status).toBe(401);
      expect((await stranger.get(path(rest))).status).toBe(404);
    }
  });
});
