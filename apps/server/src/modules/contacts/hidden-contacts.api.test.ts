import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../testing/event-stream';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';
import { HIDDEN_CONTACT_MESSAGE } from './contacts.service';

let server: TestServer;
let owner: TestClient;
let admin: TestClient;
let member: TestClient;
let teamUID: string;
let mine: { groupUID: string; stages: { stageUID: string }[] };
let hidden: { groupUID: string; stages: { stageUID: string }[] };

beforeAll(async () => {
  server = await startTestServer();
  const team = await server.createTeam({ name: 'Olga Owner', email: 'olga@hidden.test', extraSeats: 10 });
  ({ owner, teamUID } = team);
  mine = await server.createPipeline(team, 'Mine', ['New', 'Talking', 'Won']);
  hidden = await server.createPipeline(team, 'Hidden', ['Only']);
  ({ client: admin } = await server.joinAsMember(team, {
    role: 'admin',
    groupAccess: [],
    name: 'Ada Admin',
    email: 'ada@hidden.test',
  }));
  ({ client: member } = await server.joinAsMember(team, {
    role: 'member',
    groupAccess: [mine.groupUID],
    name: 'Milo Member',
    email: 'milo@hidden.test',
  }));
});
afterAll(async () => {
  await server.stop();
});

function base() {
  return `/api/v1/teams/${teamUID}`;
}

async function mailsTo(email: string) {
  const outbox = await server.server.context.mail.listOutbox({ limit: 100, to: email });
  return outbox.filter((mail) => mail.subject.includes('Milo Member tried to add'));
}

async function history(GTID: string) {
  return (await owner.get(`${base()}/contacts/${GTID}/activities`)).body.data.items as {
    type: string;
    action: string;
  }[];
}

/** Makes a change that is surely announced, and answers every event up to it. */
async function eventsUntilMarker(stream: Awaited<ReturnType<typeof openEventStream>>) {
  const marker = (
    await owner.post(`${base()}/contacts`, { name: 'Marker', pipeline: { pipelineId: mine.groupUID } })
  ).body.data.GTID as string;
  await stream.next((event) => event.entity === 'contact' && event.ids.includes(marker));
  return stream.received;
}

describe("a member's capture of someone they may not see", () => {
  it.each([
    ['email', { emailAddress: 'secret@hidden.test' }, { emailAddress: 'secret@hidden.test' }],
    [
      'platform profile id',
      { sources: [{ platform: 'instagram', profileId: 'ig-secret' }] },
      { sources: [{ platform: 'instagram', profileId: 'ig-secret' }] },
    ],
    [
      'platform username',
      { sources: [{ platform: 'tiktok', username: 'secret.one' }] },
      { sources: [{ platform: 'tiktok', username: 'SECRET.ONE' }] },
    ],
  ])(
    'found by %s answers 409 saying so, shows and changes nothing, and tells the managers once',
    async (_label, identity, again) => {
      const stored = (
        await owner.post(`${base()}/contacts`, {
          name: 'Sienna Secret',
          phoneNumber: '+1 555 010 7777',
          ...identity,
          pipeline: { pipelineId: hidden.groupUID },
        })
      ).body.data;
      const note = await owner.post(`${base()}/contacts/${stored.GTID}/notes`, {
        text: 'Private deal terms.',
      });
      expect(note.status).toBe(201);
      const before = (await owner.get(`${base()}/contacts/${stored.GTID}`)).body.data;
      const mailsBefore = (await mailsTo('olga@hidden.test')).length;

      const answer = await member.post(`${base()}/contacts`, {
        name: 'Renamed By Member',
        phoneNumber: '+1 555 010 0000',
        ...again,
        pipeline: { pipelineId: mine.groupUID },
      });
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ error: { code: 'contact-hidden', message: HIDDEN_CONTACT_MESSAGE } });
      expect(HIDDEN_CONTACT_MESSAGE).toContain('already in GroupTrack, in a pipeline you cannot see');
      expect(JSON.stringify(answer.body)).not.toMatch(/Sienna|7777|instagram|tiktok/);

      const after = (await owner.get(`${base()}/contacts/${stored.GTID}`)).body.data;
      expect(after).toEqual(before);
      expect(Object.keys(after.groupData)).toEqual([hidden.groupUID]);
      expect((await member.get(`${base()}/contacts/${stored.GTID}/notes`)).status).toBe(404);
      expect((await member.get(`${base()}/contacts/${stored.GTID}`)).status).toBe(404);

      // The same person captured again by the same member tells the managers no second time.
      expect(
        (await member.post(`${base()}/contacts`, { ...again, pipeline: { pipelineId: mine.groupUID } }))
          .status,
      ).toBe(409);
      for (const manager of ['olga@hidden.test', 'ada@hidden.test']) {
        const mails = (await mailsTo(manager)).filter((mail) => mail.text.includes(stored.GTID));
        expect(mails, manager).toHaveLength(1);
        expect(mails[0]!.text).toContain(`/contact/${stored.GTID}`);
      }
      expect((await mailsTo('olga@hidden.test')).length).toBe(mailsBefore + 1);
      expect(await mailsTo('milo@hidden.test')).toHaveLength(0);
    },
  );

  it('treats a contact in no pipeline as hidden from members, but not from admins', async () => {
    const loose = (
      await owner.post(`${base()}/contacts`, { name: 'Loose Lou', emailAddress: 'lou@hidden.test' })
    ).body.data;
    const refused = await member.post(`${base()}/contacts`, {
      emailAddress: 'lou@hidden.test',
      pipeline: { pipelineId: mine.groupUID },
    });
    expect(refused.status).toBe(409);
    expect((await owner.get(`${base()}/contacts/${loose.GTID}`)).body.data.groupData).toEqual({});

    const byAdmin = await admin.post(`${base()}/contacts`, {
      emailAddress: 'lou@hidden.test',
      pipeline: { pipelineId: mine.groupUID },
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ created: false, data: { GTID: loose.GTID, name: 'Loose Lou' } });
  });

  it('still updates a person the member sees, even when they are also in a hidden pipeline', async () => {
    const shared = (
      await owner.post(`${base()}/contacts`, {
        name: 'Shared Sam',
        emailAddress: 'sam@hidden.test',
        pipeline: { pipelineId: mine.groupUID },
      })
    ).body.data;
    await owner.put(`${base()}/contacts/${shared.GTID}/pipelines/${hidden.groupUID}`, {});
    const again = await member.post(`${base()}/contacts`, {
      emailAddress: 'sam@hidden.test',
      phoneNumber: '+1 555 010 1234',
      pipeline: { pipelineId: mine.groupUID },
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ GTID: shared.GTID, phoneNumber: '+15550101234' });
    expect(Object.keys(again.body.data.groupData)).toEqual([mine.groupUID]);
  });
});

describe("a profile that is already another contact's", () => {
  it('stays theirs: adding it to a contact is refused, without showing a hidden owner', async () => {
    await owner.post(`${base()}/contacts`, {
      name: 'Hidden Owner',
      sources: [{ platform: 'youtube', username: 'taken.hidden' }],
      pipeline: { pipelineId: hidden.groupUID },
    });
    const visibleOwner = (
      await owner.post(`${base()}/contacts`, {
        name: 'Visible Owner',
        sources: [{ platform: 'tiktok', username: 'taken.visible' }],
        pipeline: { pipelineId: mine.groupUID },
      })
    ).body.data;
    const { GTID } = (
      await member.post(`${base()}/contacts`, {
        name: 'Edited Eve',
        emailAddress: 'eve@hidden.test',
        pipeline: { pipelineId: mine.groupUID },
      })
    ).body.data;

    const toHidden = await member.patch(`${base()}/contacts/${GTID}`, {
      sources: [{ platform: 'youtube', username: 'TAKEN.hidden' }],
    });
    expect(toHidden.status).toBe(409);
    expect(toHidden.body.error).toEqual({ code: 'contact-hidden', message: HIDDEN_CONTACT_MESSAGE });
    const toVisible = await member.patch(`${base()}/contacts/${GTID}`, {
      sources: [{ platform: 'tiktok', username: 'taken.visible' }],
    });
    expect(toVisible.status).toBe(409);
    expect(toVisible.body.error.message).toBe(
      `Invalid sources: this tiktok profile is already on another contact (${visibleOwner.GTID}); merge the two contacts instead.`,
    );

    const free = await member.patch(`${base()}/contacts/${GTID}`, {
      sources: [{ platform: 'instagram', username: 'eve.free' }],
    });
    expect(free.status).toBe(200);
    expect(Object.keys(free.body.data.sources)).toEqual(['instagram']);
  });
});

describe('sources', () => {
  it('refuses a platform given twice, naming it, on capture and on a change', async () => {
    const twice = [
      { platform: 'instagram', username: 'one.account' },
      { platform: 'instagram', username: 'other.account' },
    ];
    const captured = await owner.post(`${base()}/contacts`, { name: 'Twice', sources: twice });
    expect(captured.status).toBe(400);
    expect(captured.body.error.message).toBe(
      'Invalid sources: instagram is given twice; give each platform once.',
    );
    const { GTID } = (await owner.post(`${base()}/contacts`, { name: 'Once' })).body.data;
    const changed = await owner.patch(`${base()}/contacts/${GTID}`, { sources: twice });
    expect(changed.status).toBe(400);
    expect((await owner.get(`${base()}/contacts/${GTID}`)).body.data.sources).toEqual({});
  });
});

describe('a change that changes nothing', () => {
  it('capturing the same person again with the same data answers 200 and writes nothing', async () => {
    const person = {
      name: 'Rita Repeat',
      emailAddress: 'rita@repeat.test',
      phoneNumber: '+44 20 7946 0999',
      sources: [
        {
          platform: 'facebook',
          profileId: 'fb-rita',
          username: 'rita.r',
          url: 'https://facebook.com/rita.r',
        },
      ],
      pipeline: {
        pipelineId: mine.groupUID,
        stageId: mine.stages[1]!.stageUID,
        questions: [{ question: 'Why?', answer: 'Because' }],
      },
    };
    // The stream is open before the person is first captured, so that capture's own event (which on
    // PostgreSQL may reach the server a moment after its answer) is not taken for a later one.
    const stream = await openEventStream(owner, teamUID);
    const first = await member.post(`${base()}/contacts`, person);
    expect(first.status).toBe(201);
    const GTID = first.body.data.GTID as string;
    await stream.next((event) => event.entity === 'contact' && event.ids.includes(GTID));
    const seenBefore = stream.received.length;
    const kept = await history(GTID);

    const second = await member.post(`${base()}/contacts`, person);
    expect(second.status).toBe(200);
    expect(second.body.created).toBe(false);
    expect(second.body.data).toEqual(first.body.data);
    // Without a stage, capturing again leaves the person where they are.
    const third = await member.post(`${base()}/contacts`, {
      ...person,
      pipeline: { pipelineId: mine.groupUID },
    });
    expect(third.status).toBe(200);
    expect(third.body.data.groupData[mine.groupUID].stage).toBe(mine.stages[1]!.stageUID);

    expect(await history(GTID)).toEqual(kept);
    const events = (await eventsUntilMarker(stream)).slice(seenBefore);
    expect(events.filter((event) => event.ids.includes(GTID))).toEqual([]);
    stream.close();
  });

  it('PUT of a pipeline with {} and PATCH with nothing new keep the contact and its history as they are', async () => {
    const { GTID } = (
      await owner.post(`${base()}/contacts`, {
        name: 'Pat Put',
        emailAddress: 'pat@repeat.test',
        pipeline: { pipelineId: mine.groupUID, stageId: mine.stages[2]!.stageUID },
      })
    ).body.data;
    const before = (await owner.get(`${base()}/contacts/${GTID}`)).body.data;
    const kept = await history(GTID);
    const stream = await openEventStream(owner, teamUID);

    const put = await owner.put(`${base()}/contacts/${GTID}/pipelines/${mine.groupUID}`, {});
    expect(put.status).toBe(200);
    expect(put.body.data).toEqual(before);
    expect((await owner.patch(`${base()}/contacts/${GTID}`, {})).body.data).toEqual(before);
    const same = await owner.patch(`${base()}/contacts/${GTID}`, {
      name: 'Pat Put',
      emailAddress: 'PAT@repeat.test',
    });
    expect(same.status).toBe(200);
    expect(same.body.data).toEqual(before);

    const deal = (await owner.post(`${base()}/contacts/${GTID}/deals`, { name: 'Plan', value: 100 })).body
      .data;
    const note = (await owner.post(`${base()}/contacts/${GTID}/notes`, { text: 'Same' })).body.data;
    const afterAdding = await history(GTID);
    expect((await owner.patch(`${base()}/contacts/${GTID}/deals/${deal.dealUID}`, {})).body.data).toEqual(
      deal,
    );
    expect(
      (await owner.patch(`${base()}/contacts/${GTID}/deals/${deal.dealUID}`, { value: 100 })).status,
    ).toBe(200);
    expect(
      (await owner.patch(`${base()}/contacts/${GTID}/notes/${note.noteUID}`, { text: 'Same' })).status,
    ).toBe(204);

    expect(afterAdding.slice(2)).toEqual(kept);
    expect(await history(GTID)).toEqual(afterAdding);
    const events = (await eventsUntilMarker(stream)).filter((event) => event.ids.includes(GTID));
    // Only adding the deal and the note were changes.
    expect(events).toHaveLength(2);
    stream.close();
  });
});

describe('references to another team', () => {
  it("refuses another team's or a hidden pipeline as a deal's pipelineId, naming the field", async () => {
    const stranger = await server.signUp();
    const strangerTeam = (await stranger.me()).teamUID;
    const theirs = (
      await stranger.post(`/api/v1/teams/${strangerTeam}/pipelines`, {
        nickName: 'Theirs',
        stages: [{ name: 'A' }],
      })
    ).body.data;
    const { GTID } = (
      await member.post(`${base()}/contacts`, { name: 'Deal Dan', pipeline: { pipelineId: mine.groupUID } })
    ).body.data;
    for (const [client, pipelineId] of [
      [owner, theirs.groupUID],
      [member, hidden.groupUID],
    ] as const) {
      const refused = await client.post(`${base()}/contacts/${GTID}/deals`, {
        name: 'X',
        value: 1,
        pipelineId,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe(
        `Invalid pipelineId: ${pipelineId} is not a pipeline of this team.`,
      );
    }
    expect((await owner.get(`${base()}/contacts/${GTID}/deals`)).body.data).toEqual([]);
    const ok = await member.post(`${base()}/contacts/${GTID}/deals`, {
      name: 'Y',
      value: 1,
      pipelineId: mine.groupUID,
    });
    expect(ok.status).toBe(201);
  });
});
