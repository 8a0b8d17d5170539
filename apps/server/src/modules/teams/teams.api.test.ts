import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../testing/event-stream';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';

let server: TestServer;
let owner: TestClient;
let teamUID: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, teamUID } = await server.createTeam({ name: 'Olive Owner', extraSeats: 100 }));
});
afterAll(async () => {
  await server.stop();
});

async function inviteAndJoin(role: 'admin' | 'member' = 'member', groupAccess: string[] = []) {
  const { client: joiner, uid } = await server.joinAsMember({ owner, teamUID }, { role, groupAccess });
  return { joiner, uid };
}

describe('invite links', () => {
  it('lets a new user join by code with the member role and makes that team current', async () => {
    const invite = await owner.post(`/api/v1/teams/${teamUID}/invitations`, {});
    expect(invite.body.data).toMatchObject({ role: 'member', email: null });
    expect(invite.body.data.link).toMatch(new RegExp(`/login/signup/${invite.body.data.inviteCode}$`));

    const preview = await server.client().get(`/api/v1/invitations/${invite.body.data.inviteCode}`);
    expect(preview.body.data).toMatchObject({ teamUID, teamName: "Olive Owner's team", role: 'member' });

    const joiner = await server.signUp({ name: 'Jo Joiner' });
    const accepted = await joiner.post(`/api/v1/invitations/${invite.body.data.inviteCode}/accept`);
    expect(accepted.body.data).toEqual({ teamUID, joined: true });
    const me = await joiner.me();
    expect(me.currentTeam).toEqual({ teamUID, teamOwner: false, role: 'member' });

    const members = await owner.get(`/api/v1/teams/${teamUID}/members`);
    expect(members.body.data.find((member: { name: string }) => member.name === 'Jo Joiner')).toMatchObject({
      role: 'member',
      teamOwner: false,
    });
  });

  it('does not create a second team for a user who joined by invitation before loading their profile', async () => {
    const invite = await owner.post(`/api/v1/teams/${teamUID}/invitations`, {});
    // Signing up through the link makes no team of their own either.
    const joiner = await server.signUp({ inviteCode: invite.body.data.inviteCode });
    await joiner.post(`/api/v1/invitations/${invite.body.data.inviteCode}/accept`);
    expect((await joiner.me()).teams).toHaveLength(1);
  });

  it('refuses a revoked or unknown code with a message, and a mail invitation used by someone else', async () => {
    const invite = await owner.post(`/api/v1/teams/${teamUID}/invitations`, {});
    const code = invite.body.data.inviteCode;
    expect((await owner.delete(`/api/v1/teams/${teamUID}/invitations/${code}`)).status).toBe(204);
    const joiner = await server.signUp();
    const refused = await joiner.post(`/api/v1/invitations/${code}/accept`);
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toBe('This invitation is no longer valid.');
    expect((await joiner.post('/api/v1/invitations/nope/accept')).status).toBe(404);

    const byMail = await owner.post(`/api/v1/teams/${teamUID}/invitations`, {
      email: 'Invited@Example.test',
    });
    expect(byMail.body.data.email).toBe('invited@example.test');
    const wrongPerson = await joiner.post(`/api/v1/invitations/${byMail.body.data.inviteCode}/accept`);
    expect(wrongPerson.status).toBe(403);
    // Whoever holds the code learns nothing of whom it was sent to.
    expect(wrongPerson.body.error.message).toBe(
      'This invitation was sent to another email address. Sign in with the address it was sent to.',
    );
    const preview = await server.client().get(`/api/v1/invitations/${byMail.body.data.inviteCode}`);
    expect(preview.body.data).toEqual({ teamUID, teamName: "Olive Owner's team", role: 'member' });
    expect(JSON.stringify(preview.body)).not.toContain('invited@');
  });

  it('sends an invitation by mail with the join link', async () => {
    const invite = await owner.post(`/api/v1/teams/${teamUID}/invitations`, { email: 'mailme@example.test' });
    const mail = await server.server.context.mail.listOutbox({ limit: 5, to: 'mailme@example.test' });
    expect(mail[0]?.text).toContain(invite.body.data.link);
  });

  it("refuses a new seat beyond the tier's limit with a message that names it, and keeps the team as it was", async () => {
    const small = await server.signUp();
    const smallTeam = (await small.me()).teamUID;
    // The basic tier includes one seat: the owner's.
    await server.setSubscription(smallTeam, { tier: 1 });
    const refused = await small.post(`/api/v1/teams/${smallTeam}/invitations`, {});
    expect(refused.status).toBe(402);
    expect(refused.body.error.message).toMatch(/1 seat/);
    const members = await small.get(`/api/v1/teams/${smallTeam}/members`);
    expect(members.body.data).toHaveLength(1);
  });
});

describe('members', () => {
  it('lets the owner set a member’s role and pipeline access, and the member sees it in their profile', async () => {
    const { joiner, uid } = await inviteAndJoin();
    const [p1, p2] = await Promise.all(
      ['Access one', 'Access two'].map(
        async (nickName) =>
          (await owner.post(`/api/v1/teams/${teamUID}/pipelines`, { nickName, stages: [{ name: 'S' }] })).body
            .data.groupUID as string,
      ),
    );
    const changed = await owner.patch(`/api/v1/teams/${teamUID}/members/${uid}`, {
      groupAccess: [p1, p2],
    });
    expect(changed.status).toBe(200);
    expect((await joiner.me()).groupAccess[teamUID]).toEqual([p1, p2]);
    await owner.patch(`/api/v1/teams/${teamUID}/members/${uid}`, { role: 'admin' });
    expect((await joiner.me()).currentTeam.role).toBe('admin');
  });

  it('refuses changes by a member, to the owner, and an admin making admins', async () => {
    const { joiner: member, uid: memberUid } = await inviteAndJoin();
    const { joiner: admin } = await inviteAndJoin('admin');
    const ownerUid = (await owner.me()).uid;
    expect(
      (await member.patch(`/api/v1/teams/${teamUID}/members/${memberUid}`, { role: 'admin' })).status,
    ).toBe(403);
    expect((await member.post(`/api/v1/teams/${teamUID}/invitations`, {})).status).toBe(403);
    expect(
      (await owner.patch(`/api/v1/teams/${teamUID}/members/${ownerUid}`, { role: 'member' })).status,
    ).toBe(403);
    const promote = await admin.patch(`/api/v1/teams/${teamUID}/members/${memberUid}`, { role: 'admin' });
    expect(promote.status).toBe(403);
    expect((await admin.post(`/api/v1/teams/${teamUID}/invitations`, { role: 'member' })).status).toBe(201);
    expect((await admin.post(`/api/v1/teams/${teamUID}/invitations`, { role: 'admin' })).status).toBe(403);
  });

  it('lets a member leave, and the owner remove a member, but never the owner', async () => {
    const { joiner, uid } = await inviteAndJoin();
    expect((await joiner.delete(`/api/v1/teams/${teamUID}/members/${uid}`)).status).toBe(204);
    const me = await joiner.me();
    expect(me.teams.map((team: { teamUID: string }) => team.teamUID)).not.toContain(teamUID);

    const second = await inviteAndJoin();
    expect((await owner.delete(`/api/v1/teams/${teamUID}/members/${second.uid}`)).status).toBe(204);
    const ownerUid = (await owner.me()).uid;
    expect((await second.joiner.delete(`/api/v1/teams/${teamUID}/members/${ownerUid}`)).status).toBe(404);
    expect((await owner.delete(`/api/v1/teams/${teamUID}/members/${ownerUid}`)).status).toBe(403);
  });

  it('renames the team for owners and admins only', async () => {
    const { joiner } = await inviteAndJoin();
    expect((await joiner.patch(`/api/v1/teams/${teamUID}`, { name: 'Nope' })).status).toBe(403);
    const renamed = await owner.patch(`/api/v1/teams/${teamUID}`, { name: 'Growth Circle' });
    expect(renamed.body.data).toMatchObject({ name: 'Growth Circle', role: 'owner' });
  });
});

describe('team routes guard every team', () => {
  const routes = (team: string) =>
    [
      ['GET', `/api/v1/teams/${team}`],
      ['PATCH', `/api/v1/teams/${team}`, { name: 'x' }],
      ['GET', `/api/v1/teams/${team}/members`],
      ['PATCH', `/api/v1/teams/${team}/members/someone`, { role: 'member' }],
      ['DELETE', `/api/v1/teams/${team}/members/someone`],
      ['GET', `/api/v1/teams/${team}/invitations`],
      ['POST', `/api/v1/teams/${team}/invitations`, {}],
      ['DELETE', `/api/v1/teams/${team}/invitations/code`],
      ['GET', `/api/v1/teams/${team}/events`],
    ] as const;

  it('answers 401 to a signed-out client', async () => {
    for (const [method, path, body] of routes(teamUID)) {
      const response = await server.client().request(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it('answers 404 to a member of another team, as if the team did not exist', async () => {
    const stranger = await server.signUp();
    for (const [method, path, body] of routes(teamUID)) {
      const response = await stranger.request(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body.error.message).toBe('Team not found.');
    }
  });

  it('answers 400 naming the field for bad input, and changes nothing', async () => {
    const badRole = await owner.post(`/api/v1/teams/${teamUID}/invitations`, { role: 'owner' });
    expect(badRole.status).toBe(400);
    expect(badRole.body.error.message).toMatch(/^Invalid body\.role/);
    const badEmail = await owner.post(`/api/v1/teams/${teamUID}/invitations`, { email: 'not-an-email' });
    expect(badEmail.body.error.message).toMatch(/^Invalid body\.email/);
    const emptyName = await owner.patch(`/api/v1/teams/${teamUID}`, { name: '   ' });
    expect(emptyName.status).toBe(400);
    const nothing = await owner.patch(`/api/v1/teams/${teamUID}/members/x`, {});
    expect(nothing.status).toBe(400);
    const team = await owner.get(`/api/v1/teams/${teamUID}`);
    expect(team.body.data.name).not.toBe('');
  });
});

describe("another team's pipelines as pipeline access", () => {
  it('are refused on an invitation and on a member, naming the field', async () => {
    const stranger = await server.signUp();
    const theirTeam = (await stranger.me()).teamUID;
    const theirs = (
      await stranger.post(`/api/v1/teams/${theirTeam}/pipelines`, {
        nickName: 'Theirs',
        stages: [{ name: 'T' }],
      })
    ).body.data.groupUID as string;
    const message = `Invalid groupAccess: ${theirs} is not a pipeline of this team.`;
    const invite = await owner.post(`/api/v1/teams/${teamUID}/invitations`, { groupAccess: [theirs] });
    expect(invite.status).toBe(400);
    expect(invite.body.error.message).toBe(message);
    const open = (await owner.get(`/api/v1/teams/${teamUID}/invitations`)).body.data;
    expect(JSON.stringify(open)).not.toContain(theirs);

    const { uid } = await inviteAndJoin();
    const changed = await owner.patch(`/api/v1/teams/${teamUID}/members/${uid}`, { groupAccess: [theirs] });
    expect(changed.status).toBe(400);
    expect(changed.body.error.message).toBe(message);
    const members = (await owner.get(`/api/v1/teams/${teamUID}/members`)).body.data;
    expect(members.find((row: { uid: string }) => row.uid === uid).groupAccess).toEqual([]);
  });
});

describe("teammates' pipeline access", () => {
  it('shows a member only the pipelines they see, in the members list and in change events', async () => {
    const [seen = '', hidden = ''] = await Promise.all(
      ['Seen by both', 'Seen by one'].map(
        async (nickName) =>
          (await owner.post(`/api/v1/teams/${teamUID}/pipelines`, { nickName, stages: [{ name: 'S' }] })).body
            .data.groupUID as string,
      ),
    );
    const { joiner: reader } = await inviteAndJoin('member', [seen]);
    const { uid: other } = await inviteAndJoin('member', [seen, hidden]);
    const stream = await openEventStream(reader, teamUID);
    await owner.patch(`/api/v1/teams/${teamUID}/members/${other}`, { groupAccess: [hidden, seen] });
    const event = await stream.next((e) => e.entity === 'team_member' && e.op === 'update');
    expect(JSON.stringify(event)).not.toContain(hidden);
    stream.close();

    const asReader = (await reader.get(`/api/v1/teams/${teamUID}/members`)).body.data;
    expect(asReader.find((row: { uid: string }) => row.uid === other).groupAccess).toEqual([seen]);
    expect(JSON.stringify(asReader)).not.toContain(hidden);
    const asOwner = (await owner.get(`/api/v1/teams/${teamUID}/members`)).body.data;
    expect(asOwner.find((row: { uid: string }) => row.uid === other).groupAccess).toEqual([hidden, seen]);
  });
});
