import { MESSAGES } from '@grouptrack/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extensionSessions, users } from '../../platform/db/directory-schema';
import { EXTENSION_ONLY_MESSAGE, EXTENSION_SIGNED_OUT_MESSAGE } from '../../platform/http/extension-auth';
import type { TestTeam } from '../../testing/factories';
import type { TestClient } from '../../testing/test-client';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { setSuperPermission } from '../users/users.repository';

/** The GroupTrack extension's id on this server (EXTENSION_IDS), and another extension's. */
const OUR_EXTENSION = 'abcdefghijklmnopabcdefghijklmnop';
const OTHER_EXTENSION = 'ponmlkjihgfedcbaponmlkjihgfedcba';
const EXTENSION_ORIGIN = `chrome-extension://${OUR_EXTENSION}`;
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const DAY_MS = 24 * 60 * 60 * 1000;

let server: TestServer;
let team: TestTeam;

beforeAll(async () => {
  server = await startTestServer({ env: { EXTENSION_IDS: OUR_EXTENSION } });
  team = await server.createTeam({ email: 'owner@example.test' });
});
afterAll(() => server.stop());

interface CallOptions {
  /** The Origin header, none when null; unless given, as Chromium sends it for the extension. */
  origin?: string | null;
  /** The Sec-Fetch-Site header, none when null; `none` unless given, as Chromium sends it. */
  fetchSite?: string | null;
  body?: unknown;
  cookie?: string;
}

/**
 * A call as the extension's service worker makes it in Chromium (156): a bearer token, no cookie,
 * `Sec-Fetch-Site: none`, and its origin on writes but no Origin at all on reads.
 */
async function call(token: string, method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'user-agent': CHROME };
  const isRead = method === 'GET' || method === 'HEAD';
  const origin = options.origin === undefined ? (isRead ? null : EXTENSION_ORIGIN) : options.origin;
  const fetchSite = options.fetchSite === undefined ? 'none' : options.fetchSite;
  if (origin !== null) headers.origin = origin;
  if (fetchSite !== null) headers['sec-fetch-site'] = fetchSite;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  // Tests read answers by shape: JSON.parse's `any` keeps them short.
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/** Signs the extension in as `user` through /authorize's code, as the extension does. */
async function signInExtension(user: TestClient) {
  const issued = await user.post('/api/v1/authorize/extension');
  expect(issued.status).toBe(200);
  const exchanged = await server.client().post(
    '/api/v1/authorize/extension/exchange',
    { code: issued.body.data.code },
    {
      origin: EXTENSION_ORIGIN,
      'user-agent': CHROME,
    },
  );
  expect(exchanged.status).toBe(200);
  return exchanged.body.data as { token: string; expiresAt: string; user: { id: string; email: string } };
}

async function sessionRow(token: string) {
  const listed = await call(token, 'GET', '/api/v1/me/browser-sessions');
  const id = (listed.body.data as { id: string; isCurrent: boolean }[]).find((row) => row.isCurrent)!.id;
  const [row] = await server.databases.directory
    .select()
    .from(extensionSessions)
    .where(eq(extensionSessions.id, id));
  return row!;
}

describe("the extension's sign-in", () => {
  it('gives the extension a token of its own for a one-time code, and no cookie', async () => {
    const issued = await team.owner.post('/api/v1/authorize/extension');
    const extension = server.client();
    const exchanged = await extension.post(
      '/api/v1/authorize/extension/exchange',
      { code: issued.body.data.code },
      { origin: EXTENSION_ORIGIN },
    );
    expect(exchanged.status).toBe(200);
    expect(exchanged.headers.getSetCookie()).toEqual([]);
    const { token, expiresAt, user } = exchanged.body.data;
    expect(token).toMatch(/^gtx_[-\w]{43}$/);
    expect(team.owner.cookieHeader()).not.toContain(token);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(29.9 * DAY_MS);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(30 * DAY_MS);
    expect(user).toEqual({ id: team.ownerUID, name: expect.any(String), email: 'owner@example.test' });
    // The extension's client holds no cookie: without its token it is signed out.
    expect((await extension.get('/api/v1/me')).status).toBe(401);
    expect((await call(token, 'GET', '/api/v1/me')).body.data.email).toBe('owner@example.test');
  });

  it('exchanges a code once only', async () => {
    const issued = await team.owner.post('/api/v1/authorize/extension');
    const code = issued.body.data.code as string;
    const first = await server.client().post('/api/v1/authorize/extension/exchange', { code });
    expect(first.status).toBe(200);
    const again = await server.client().post('/api/v1/authorize/extension/exchange', { code });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(
      'This sign-in code is invalid or has expired. Start again from the extension.',
    );
  });

  it("keeps better-auth's own code endpoints closed, which would hand out the web session", async () => {
    const issued = await team.owner.post('/api/v1/authorize/extension');
    const verify = await server
      .client()
      .post('/api/auth/one-time-token/verify', { token: issued.body.data.code });
    expect(verify.status).toBe(404);
    expect(verify.headers.getSetCookie()).toEqual([]);
    expect((await team.owner.get('/api/auth/one-time-token/generate')).status).toBe(404);
    // The code was not used up by the refused call.
    const exchanged = await server
      .client()
      .post('/api/v1/authorize/extension/exchange', { code: issued.body.data.code });
    expect(exchanged.status).toBe(200);
  });

  it('refuses bad input, a made-up code and a signed-out request for a code', async () => {
    const client = server.client();
    const missing = await client.post('/api/v1/authorize/extension/exchange', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/code/);
    const long = await client.post('/api/v1/authorize/extension/exchange', { code: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    expect((await client.post('/api/v1/authorize/extension/exchange', { code: 'made-up' })).status).toBe(400);
    expect((await client.post('/api/v1/authorize/extension')).status).toBe(401);
  });

  it('gives no code to the extension itself: a code is handed over by a web session', async () => {
    const { token } = await signInExtension(team.owner);
    const asked = await call(token, 'POST', '/api/v1/authorize/extension', { body: {} });
    expect(asked.status).toBe(403);
  });

  it('gives no code while a super user is signed in as someone else to help them', async () => {
    await server.signUp({ email: 'helped@example.test' });
    const operator = await server.signUp({ email: 'helper@example.test' });
    await setSuperPermission(server.databases.directory, 'helper@example.test', true);
    const started = await operator.post('/api/v1/admin/impersonations', {
      email: 'helped@example.test',
      reason: 'Cannot find her pipeline',
    });
    expect(started.status).toBe(200);
    const asked = await operator.post('/api/v1/authorize/extension');
    expect(asked.status).toBe(403);
    expect(asked.body.error.message).toMatch(/signed in as another user/);
  });

  it('signs every browser out when the password is reset', async () => {
    const user = await server.signUp({ email: 'reset-me@example.test' });
    const { token } = await signInExtension(user);
    expect((await call(token, 'GET', '/api/v1/me')).status).toBe(200);
    await server.client().post('/api/auth/request-password-reset', {
      email: 'reset-me@example.test',
      redirectTo: '/password-reset',
    });
    let text = '';
    for (let attempt = 0; attempt < 100 && !text; attempt += 1) {
      const [mail] = await server.server.context.mail.listOutbox({ limit: 1, to: 'reset-me@example.test' });
      if (mail && mail.status !== 'queued') text = mail.text;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const resetToken = decodeURIComponent(/password-reset\?token=([^\s]+)/.exec(text)![1]!);
    const reset = await server
      .client()
      .post('/api/auth/reset-password', { newPassword: 'a-new-password-1', token: resetToken });
    expect(reset.status).toBe(200);
    expect((await call(token, 'GET', '/api/v1/me')).status).toBe(401);
  });
});

describe("the extension's token", () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await signInExtension(team.owner));
  });

  it('acts as its user on team routes and on search, from the extension origin', async () => {
    const pipeline = await server.createPipeline(team, 'Token Leads', ['New', 'Won']);
    const created = await call(token, 'POST', team.path('contacts'), {
      body: { name: 'Tina Tokenfield', pipeline: { pipelineId: pipeline.groupUID } },
    });
    expect(created.status).toBe(201);
    const pipelines = await call(token, 'GET', team.path('pipelines'));
    expect(pipelines.status).toBe(200);
    expect(JSON.stringify(pipelines.body.data)).toContain('Token Leads');
    const found = await call(token, 'POST', '/search/v2', {
      body: { teamUID: team.teamUID, searchObj: { text: 'Tokenfield' }, paging: { from: 0, size: 5 } },
    });
    expect(found.status).toBe(200);
    expect(found.body.data.hits.map((hit: { name: string }) => hit.name)).toEqual(['Tina Tokenfield']);
  });

  it('acts as its user on reads that carry its origin as well', async () => {
    const me = await call(token, 'GET', '/api/v1/me', { origin: EXTENSION_ORIGIN });
    expect(me.body.data.email).toBe('owner@example.test');
  });

  it.each([
    ["the app's own page", 'http://localhost:3000', 'same-origin'],
    ['another site', 'https://evil.example', 'cross-site'],
    ['another extension', `chrome-extension://${OTHER_EXTENSION}`, 'none'],
    ["a Firefox extension's origin", `moz-extension://${OUR_EXTENSION}`, 'none'],
    ['a page of another site that sends no Origin', null, 'cross-site'],
    ['a client that says nothing of where it is', null, null],
  ])('is refused from %s, saying it is for the extension only', async (_case, origin, fetchSite) => {
    const me = await call(token, 'GET', '/api/v1/me', { origin, fetchSite });
    expect(me.status).toBe(401);
    expect(me.body.error.message).toBe(EXTENSION_ONLY_MESSAGE);
    const search = await call(token, 'POST', '/search/v2', {
      origin,
      fetchSite,
      body: { teamUID: team.teamUID, searchObj: { text: 'Tokenfield' } },
    });
    expect(search.status).toBe(401);
    expect(search.body.error.message).toBe(EXTENSION_ONLY_MESSAGE);
  });

  it('refuses a write without Origin, which the extension always sends on one', async () => {
    const search = await call(token, 'POST', '/search/v2', {
      origin: null,
      body: { teamUID: team.teamUID, searchObj: { text: 'Tokenfield' } },
    });
    expect(search.status).toBe(401);
    expect(search.body.error.message).toBe(EXTENSION_ONLY_MESSAGE);
  });

  it('ignores the web cookie beside a bearer: the token alone decides who calls', async () => {
    const other = await server.signUp({ email: 'cookie-holder@example.test' });
    const me = await call(token, 'GET', '/api/v1/me', { cookie: other.cookieHeader() });
    expect(me.body.data.email).toBe('owner@example.test');
    const refused = await call(token, 'GET', '/api/v1/me', {
      origin: 'http://localhost:3000',
      fetchSite: 'same-origin',
      cookie: other.cookieHeader(),
    });
    expect(refused.status).toBe(401);
  });

  it("does not take a web session's token as a bearer", async () => {
    const cookie = /better-auth\.session_token=([^;]+)/.exec(team.owner.cookieHeader())![1]!;
    const signed = decodeURIComponent(cookie);
    for (const webToken of [signed, signed.split('.')[0]!]) {
      const me = await call(webToken, 'GET', '/api/v1/me');
      expect(me.status).toBe(401);
      expect(me.body.error.message).toBe(EXTENSION_SIGNED_OUT_MESSAGE);
      const search = await call(webToken, 'POST', '/search/v2', {
        body: { teamUID: team.teamUID, searchObj: { text: 'Tokenfield' } },
      });
      expect(search.status).toBe(401);
      expect(search.body.error.message).toBe(MESSAGES.invalidToken);
    }
  });

  it("answers 404 for another team's routes, as the web session does", async () => {
    const other = await server.createTeam();
    const pipelines = await call(token, 'GET', other.path('pipelines'));
    expect(pipelines.status).toBe(404);
    expect((await team.owner.get(other.path('pipelines'))).status).toBe(404);
    const search = await call(token, 'POST', '/search/v2', {
      body: { teamUID: other.teamUID, searchObj: { text: 'Tokenfield' } },
    });
    expect(search.status).toBe(404);
  });

  it("shows a member's extension only the pipelines the member may see", async () => {
    const open = await server.createPipeline(team, 'Open To Mia', ['New']);
    const closed = await server.createPipeline(team, 'Closed To Mia', ['New']);
    await server.seedContacts(team, 1, { prefix: 'Visible Vera', pipelineId: open.groupUID });
    await server.seedContacts(team, 1, { prefix: 'Hidden Hugo', pipelineId: closed.groupUID });
    const mia = await server.joinAsMember(team, { groupAccess: [open.groupUID], name: 'Mia Member' });
    const { token: miaToken } = await signInExtension(mia.client);
    const hidden = await call(miaToken, 'POST', '/search/v2', {
      body: { teamUID: team.teamUID, searchObj: { text: 'Hidden Hugo' }, paging: { from: 0, size: 10 } },
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body.data.hits).toEqual([]);
    const visible = await call(miaToken, 'POST', '/search/v2', {
      body: { teamUID: team.teamUID, searchObj: { text: 'Visible Vera' }, paging: { from: 0, size: 10 } },
    });
    expect(visible.body.data.hits.map((hit: { name: string }) => hit.name)).toEqual(['Visible Vera 0']);
    const pipelines = await call(miaToken, 'GET', team.path('pipelines'));
    const names = pipelines.body.data.pipelines.map((pipeline: { nickName: string }) => pipeline.nickName);
    expect(names).toContain('Open To Mia');
    expect(names).not.toContain('Closed To Mia');
  });

  it('is renewed on use, like the web session', async () => {
    const { token: renewed } = await signInExtension(team.owner);
    const row = await sessionRow(renewed);
    const soon = new Date(Date.now() + DAY_MS);
    await server.databases.directory
      .update(extensionSessions)
      .set({ lastUsedAt: new Date(Date.now() - 10 * 60_000), expiresAt: soon })
      .where(eq(extensionSessions.id, row.id));
    expect((await call(renewed, 'GET', '/api/v1/me')).status).toBe(200);
    const after = await sessionRow(renewed);
    expect(after.expiresAt.getTime() - Date.now()).toBeGreaterThan(29.9 * DAY_MS);
    expect(Date.now() - after.lastUsedAt.getTime()).toBeLessThan(60_000);
  });

  it('answers 401 while its user is banned', async () => {
    const user = await server.signUp({ email: 'banned@example.test' });
    const { token: banned } = await signInExtension(user);
    const ban = (until: Date | null) =>
      server.databases.directory
        .update(users)
        .set({ banned: true, banExpires: until })
        .where(eq(users.email, 'banned@example.test'));
    await ban(null);
    expect((await call(banned, 'GET', '/api/v1/me')).status).toBe(401);
    // A ban that has run out lets the browser back in.
    await ban(new Date(Date.now() - 1000));
    expect((await call(banned, 'GET', '/api/v1/me')).status).toBe(200);
  });

  it('answers 401 once it expired', async () => {
    const { token: expiring } = await signInExtension(team.owner);
    const row = await sessionRow(expiring);
    await server.databases.directory
      .update(extensionSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(extensionSessions.id, row.id));
    const me = await call(expiring, 'GET', '/api/v1/me');
    expect(me.status).toBe(401);
    expect(me.body.error.message).toBe(EXTENSION_SIGNED_OUT_MESSAGE);
    expect((await call(expiring, 'GET', team.path('pipelines'))).status).toBe(401);
    const search = await call(expiring, 'POST', '/search/v2', {
      body: { teamUID: team.teamUID, searchObj: { text: 'Tokenfield' } },
    });
    expect(search.status).toBe(401);
    expect(search.body.error.message).toBe(MESSAGES.invalidToken);
    const listed = await team.owner.get('/api/v1/me/browser-sessions');
    expect(listed.body.data.map((session: { id: string }) => session.id)).not.toContain(row.id);
  });
});

describe('signed-in browsers', () => {
  it("lists the user's own browsers, marking the calling one", async () => {
    const user = await server.signUp({ email: 'two-browsers@example.test' });
    const first = await signInExtension(user);
    const second = await signInExtension(user);
    const someoneElse = await signInExtension(await server.signUp());
    const fromWeb = await user.get('/api/v1/me/browser-sessions');
    expect(fromWeb.status).toBe(200);
    expect(fromWeb.body.data).toHaveLength(2);
    for (const session of fromWeb.body.data) {
      expect(session).toEqual({
        id: expect.stringMatching(/^exs_/),
        userAgent: CHROME,
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
        expiresAt: expect.any(String),
        isCurrent: false,
      });
    }
    const fromSecond = await call(second.token, 'GET', '/api/v1/me/browser-sessions');
    const current = fromSecond.body.data.filter((session: { isCurrent: boolean }) => session.isCurrent);
    expect(current).toHaveLength(1);
    // Newest first: the second browser heads the list.
    expect(fromSecond.body.data[0].id).toBe(current[0].id);
    const othersId = (await sessionRow(someoneElse.token)).id;
    expect(fromWeb.body.data.map((session: { id: string }) => session.id)).not.toContain(othersId);
    expect((await call(first.token, 'GET', '/api/v1/me')).status).toBe(200);
  });

  it('signs one browser out: its next call answers 401, the others keep working', async () => {
    const user = await server.signUp({ email: 'sign-one-out@example.test' });
    const kept = await signInExtension(user);
    const ended = await signInExtension(user);
    const endedId = (await sessionRow(ended.token)).id;
    const revoked = await user.delete(`/api/v1/me/browser-sessions/${endedId}`);
    expect(revoked.status).toBe(204);
    const me = await call(ended.token, 'GET', '/api/v1/me');
    expect(me.status).toBe(401);
    expect(me.body.error.message).toBe(EXTENSION_SIGNED_OUT_MESSAGE);
    expect((await call(kept.token, 'GET', '/api/v1/me')).status).toBe(200);
    const listed = await user.get('/api/v1/me/browser-sessions');
    expect(listed.body.data.map((session: { id: string }) => session.id)).not.toContain(endedId);
    expect((await user.delete(`/api/v1/me/browser-sessions/${endedId}`)).status).toBe(404);
  });

  it('lets the extension sign itself out', async () => {
    const { token } = await signInExtension(team.owner);
    const id = (await sessionRow(token)).id;
    expect((await call(token, 'DELETE', `/api/v1/me/browser-sessions/${id}`)).status).toBe(204);
    expect((await call(token, 'GET', '/api/v1/me')).status).toBe(401);
  });

  it("answers 404 for another user's browser and leaves it signed in", async () => {
    const owner = await server.signUp({ email: 'browser-owner@example.test' });
    const theirs = await signInExtension(owner);
    const id = (await sessionRow(theirs.token)).id;
    const stranger = await server.signUp();
    const refused = await stranger.delete(`/api/v1/me/browser-sessions/${id}`);
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toBe('No signed-in browser with this id.');
    expect((await call(theirs.token, 'GET', '/api/v1/me')).status).toBe(200);
  });

  it('answers 401 signed out and 400 for an id that cannot be one', async () => {
    const signedOut = server.client();
    expect((await signedOut.get('/api/v1/me/browser-sessions')).status).toBe(401);
    expect((await signedOut.delete('/api/v1/me/browser-sessions/exs_-0123456789ABCDEFGHI')).status).toBe(401);
    const bad = await team.owner.delete('/api/v1/me/browser-sessions/not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/browser session id/);
  });
});
