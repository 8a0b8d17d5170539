import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';

const APP_URL = 'https://crm.example.test';

let server: TestServer;
let owner: TestClient;
let teamUID: string;

beforeAll(async () => {
  server = await startTestServer({ env: { APP_URL } });
  ({ owner, teamUID } = await server.createTeam({ name: 'Cora Cookie' }));
});
afterAll(async () => {
  await server.stop();
});

const rename = (name: string, headers: Record<string, string>, client: TestClient = owner) =>
  client.request('PATCH', `/api/v1/teams/${teamUID}`, { name }, headers);

const teamName = async () => (await owner.get(`/api/v1/teams/${teamUID}`)).body.data.name as string;

describe('writes that carry the session cookie from another site', () => {
  it('refuses a foreign Origin with a 403 that says why, and changes nothing', async () => {
    const before = await teamName();
    const response = await rename('Hijacked', { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(response.body.error).toEqual({
      code: 'forbidden',
      message:
        'This request came from another site (Origin https://evil.example) and was refused to protect your account. Use GroupTrack at https://crm.example.test.',
    });
    expect(await teamName()).toBe(before);
  });

  it('refuses a sibling subdomain, which SameSite cookies let through', async () => {
    const response = await rename('Hijacked', { origin: 'https://blog.example.test' });
    expect(response.status).toBe(403);
    const opaque = await rename('Hijacked', { origin: 'null' });
    expect(opaque.status).toBe(403);
  });

  it('without an Origin, refuses a Sec-Fetch-Site of same-site or cross-site', async () => {
    for (const site of ['same-site', 'cross-site']) {
      const response = await rename('Hijacked', { 'sec-fetch-site': site });
      expect(response.status).toBe(403);
      expect(response.body.error.message).toContain(`(Sec-Fetch-Site ${site})`);
    }
  });

  it('guards every write method on the API, search and functions', async () => {
    const foreign = { origin: 'https://evil.example' };
    const calls = [
      owner.request('POST', `/api/v1/teams/${teamUID}/contacts`, { name: 'Ann' }, foreign),
      owner.request('PUT', `/api/v1/teams/${teamUID}/contacts/none/tags/none`, {}, foreign),
      owner.request('DELETE', `/api/v1/teams/${teamUID}/invitations/none`, undefined, foreign),
      owner.request('POST', '/search/v2', { teamUID }, foreign),
      owner.request('POST', '/functions/v2-auth-generateCFToken', { domain: 'a.test' }, foreign),
      owner.request('POST', `/%61pi/v1/teams/${teamUID}/contacts`, { name: 'Ann' }, foreign),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(403);
    expect((await owner.get(`/api/v1/teams/${teamUID}`, foreign)).status).toBe(200);
  });
});

describe('writes the app, the extension and other clients make', () => {
  it("accepts the app's own origin and same-origin or user-initiated fetch metadata", async () => {
    expect((await rename('From the app', { origin: APP_URL })).status).toBe(200);
    expect((await rename('Same origin', { 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await rename('Typed by the user', { 'sec-fetch-site': 'none' })).status).toBe(200);
    expect(await teamName()).toBe('Typed by the user');
  });

  it("accepts the browser extension's calls with the session it was handed", async () => {
    const response = await rename('From the extension', {
      origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop',
      'sec-fetch-site': 'none',
    });
    expect(response.status).toBe(200);
    expect(await teamName()).toBe('From the extension');
  });

  it('accepts clients that send neither Origin nor Sec-Fetch-Site, such as scripts', async () => {
    expect((await rename('From a script', {})).status).toBe(200);
  });

  it('leaves calls without cookies, and calls with an Authorization header, to authentication', async () => {
    const signedOut = await server
      .client()
      .request('PATCH', `/api/v1/teams/${teamUID}`, { name: 'x' }, { origin: 'https://evil.example' });
    expect(signedOut.status).toBe(401);
    const withHeader = await rename('With a token header', {
      origin: 'https://tool.example',
      authorization: 'Basic some-client-credentials',
    });
    expect(withHeader.status).toBe(200);
    // A bearer token is the extension's, and counts only from the extension's origin.
    const withBearer = await rename('With a bearer', {
      origin: 'https://tool.example',
      authorization: 'Bearer some-client-token',
    });
    expect(withBearer.status).toBe(401);
    expect(await teamName()).toBe('With a token header');
  });
});
