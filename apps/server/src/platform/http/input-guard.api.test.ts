import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamEvents } from '../db/team-schema';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';

let server: TestServer;
let owner: TestClient;
let teamUID: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, teamUID } = await server.createTeam({ name: 'Nora Nul' }));
});
afterAll(async () => {
  await server.stop();
});

const NUL = '\u0000';

function expectBadRequest(response: { status: number; body: { error: { code: string; message: string } } }) {
  expect(response.status).toBe(400);
  expect(response.body.error.code).toBe('bad-request');
  return response.body.error.message;
}

async function teamEventNames() {
  const rows = await server.databases
    .forTeam(teamUID)
    .select({ data: teamEvents.data })
    .from(teamEvents)
    .where(and(eq(teamEvents.teamId, teamUID), eq(teamEvents.entity, 'team')));
  return rows.map((row) => (row.data as { name?: string } | null)?.name);
}

describe('text the databases cannot store', () => {
  it('refuses a NUL in a path segment with a 400 naming the parameter', async () => {
    const response = await owner.get(`/api/v1/teams/${teamUID}%00/members`);
    expect(expectBadRequest(response)).toBe('Invalid params.teamUID: contains a NUL character');
  });

  it('refuses a path whose percent-encoding is not UTF-8 (a lone surrogate) in the usual error shape', async () => {
    const response = await owner.get('/api/v1/teams/%ED%A0%80/members');
    expect(expectBadRequest(response)).toBe('Invalid path: a percent-encoded part of it is not UTF-8 text');
  });

  it('refuses a path part too long to be an id with a 400, team and inner ids alike', async () => {
    const tooLong = 'Invalid path: a part of it is longer than 100 characters';
    expect(expectBadRequest(await owner.get(`/api/v1/teams/${'t'.repeat(101)}/tasks`))).toBe(tooLong);
    expect(expectBadRequest(await owner.delete(`/api/v1/teams/${teamUID}/tasks/${'k'.repeat(150)}`))).toBe(
      tooLong,
    );
  });

  it('refuses a NUL in a query value, naming it', async () => {
    const response = await owner.get(`/api/v1/teams/${teamUID}/tasks?q=call%00back`);
    expect(expectBadRequest(response)).toBe('Invalid querystring.q: contains a NUL character');
  });

  it('refuses a NUL in a JSON string, naming the field down to its position in a list', async () => {
    const inName = await owner.post(`/api/v1/teams/${teamUID}/contacts`, { name: `Ann${NUL}Lee` });
    expect(expectBadRequest(inName)).toBe('Invalid body.name: contains a NUL character');
    const inSource = await owner.post(`/api/v1/teams/${teamUID}/contacts`, {
      name: 'Ann Lee',
      sources: [{ platform: 'facebook', username: `ann${NUL}` }],
    });
    expect(expectBadRequest(inSource)).toBe('Invalid body.sources.0.username: contains a NUL character');
  });

  it('refuses a NUL in a JSON key', async () => {
    const response = await owner.post(`/api/v1/teams/${teamUID}/contacts`, { [`na${NUL}me`]: 'Ann' });
    expect(expectBadRequest(response)).toBe('Invalid body: has a key that contains a NUL character');
  });

  it('refuses a lone surrogate, escaped in JSON, as text that is not Unicode', async () => {
    const response = await owner.request(
      'POST',
      `/api/v1/teams/${teamUID}/contacts`,
      '{"name":"Ann \\ud800 Lee"}',
    );
    expect(expectBadRequest(response)).toBe(
      'Invalid body.name: contains an unpaired surrogate, which is not valid Unicode text',
    );
  });

  it('refuses a NUL in the file name of an import upload', async () => {
    const response = await owner.request(
      'POST',
      `/api/v1/teams/${teamUID}/imports?fileName=leads%00.csv`,
      'Name,Email\nAnn Lee,ann@example.test\n',
      { 'content-type': 'text/csv' },
    );
    expect(expectBadRequest(response)).toBe('Invalid querystring.fileName: contains a NUL character');
  });

  it('refuses a NUL in a sign-up sent to the auth service', async () => {
    const response = await server.client().post('/api/auth/sign-up/email', {
      name: `Eve${NUL}`,
      email: 'eve-nul@example.test',
      password: 'a-long-password',
      teamName: 'Eve club',
    });
    expect(expectBadRequest(response)).toBe('Invalid body.name: contains a NUL character');
  });
});

describe('renaming a team', () => {
  it('refuses a name with a lone surrogate and changes neither the team nor its change log', async () => {
    const before = await teamEventNames();
    const response = await owner.request('PATCH', `/api/v1/teams/${teamUID}`, `{"name":"Team \\ud800"}`);
    expect(expectBadRequest(response)).toBe(
      'Invalid body.name: contains an unpaired surrogate, which is not valid Unicode text',
    );
    const nul = await owner.patch(`/api/v1/teams/${teamUID}`, { name: `Team${NUL}` });
    expect(expectBadRequest(nul)).toBe('Invalid body.name: contains a NUL character');
    expect((await owner.get(`/api/v1/teams/${teamUID}`)).body.data.name).toBe("Nora Nul's team");
    expect(await teamEventNames()).toEqual(before);
  });

  it('logs the new name as the directory stored it', async () => {
    const response = await owner.patch(`/api/v1/teams/${teamUID}`, { name: '  Ünïcode 🚀 Team  ' });
    expect(response.status).toBe(200);
    expect(response.body.data.name).toBe('Ünïcode 🚀 Team');
    expect((await teamEventNames()).at(-1)).toBe('Ünïcode 🚀 Team');
  });
});

describe('deeply nested JSON', () => {
  it('refuses a 100,000-deep body to sign-in with a 400 before parsing it', async () => {
    const depth = 100_000;
    const response = await server
      .client()
      .request('POST', '/api/auth/sign-in/email', `${'['.repeat(depth)}${']'.repeat(depth)}`);
    expect(expectBadRequest(response)).toBe('Invalid body: nests deeper than 64 levels');
    const objects = await server
      .client()
      .request('POST', '/api/auth/sign-in/email', `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
    expect(expectBadRequest(objects)).toBe('Invalid body: nests deeper than 64 levels');
  });

  it('reads brackets inside strings as text, not nesting', async () => {
    const response = await owner.post(`/api/v1/teams/${teamUID}/contacts`, {
      name: `${'[{'.repeat(40)} "quoted" \\ ${'}]'.repeat(2)}`,
    });
    expect(response.status).toBe(201);
  });

  it('still answers the field error for a wrong type after the guard', async () => {
    const response = await owner.post(`/api/v1/teams/${teamUID}/contacts`, { name: ['Ann'] });
    expect(expectBadRequest(response)).toMatch(/^Invalid body\.name: /);
  });
});
