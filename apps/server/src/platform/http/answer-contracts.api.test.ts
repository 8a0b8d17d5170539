import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';

// Every answer a client reads has a contract: the OpenAPI document describes it, the server checks
// it on the way out, and the web app takes its types from it (packages/domain, *-contracts.ts).

/** Routes that answer a file or a stream rather than JSON data, so they have no data contract. */
const ANSWERS_WITHOUT_DATA = new Set([
  // Server-Sent Events: the team's change stream, and the app-wide one of every signed-in client.
  'GET /api/v1/teams/{teamUID}/events',
  'GET /api/v1/me/events',
  // CSV files, streamed as they are written.
  'POST /api/v1/teams/{teamUID}/contacts/export',
  'GET /api/v1/teams/{teamUID}/bulk-jobs/{jobId}/export.csv',
  'GET /api/v1/teams/{teamUID}/imports/{importId}/refused.csv',
  'GET /api/v1/teams/{teamUID}/imports/{importId}/warnings.csv',
  // A contact's photo: the image itself.
  'GET /api/v1/teams/{teamUID}/photos/{photoID}',
  // The sign-in library's own answer, passed on with the cookies that restore the operator's session.
  'POST /api/v1/me/stop-impersonation',
]);

/** The parts of the API whose answers the web app reads: the team's routes, search and the user's. */
const COVERED = [
  /^\/api\/v1\/teams\/\{teamUID\}/,
  /^\/search\/v2/,
  /^\/api\/v1\/me(\/|$)/,
  /^\/api\/v1\/invitations\//,
];

interface Responses {
  [status: string]: { description?: string; content?: Record<string, { schema?: unknown }> };
}

let server: TestServer;
let operations: { label: string; responses: Responses }[];

beforeAll(async () => {
  server = await startTestServer();
  const document = (await server.client().get('/api/openapi.json')).body as {
    paths: Record<string, Record<string, { responses: Responses }>>;
  };
  operations = Object.entries(document.paths)
    .filter(([path]) => COVERED.some((pattern) => pattern.test(path)))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        label: `${method.toUpperCase()} ${path}`,
        responses: operation.responses,
      })),
    );
});
afterAll(async () => {
  await server.stop();
});

/** A success whose JSON answer the document describes, or a 204 that answers nothing. */
function describesItsAnswer(responses: Responses): boolean {
  return Object.entries(responses).some(
    ([status, response]) =>
      status === '204' ||
      (/^2\d\d$/.test(status) && response.content?.['application/json']?.schema !== undefined),
  );
}

describe('answer contracts', () => {
  it('describe the answer of every route of a team, of search and of the signed-in user', () => {
    expect(operations.length).toBeGreaterThan(50);
    const undescribed = operations
      .filter(({ label, responses }) => !ANSWERS_WITHOUT_DATA.has(label) && !describesItsAnswer(responses))
      .map(({ label }) => label);
    expect(undescribed).toEqual([]);
  });

  it('say that a route which answers 204 sends no body', () => {
    const deleteMember = operations.find(
      ({ label }) => label === 'DELETE /api/v1/teams/{teamUID}/members/{userUID}',
    );
    expect(deleteMember?.responses).toEqual({ 204: { description: 'No content' } });
  });

  it('leave out only routes that are still there and answer files or streams', () => {
    const labels = new Set(operations.map(({ label }) => label));
    expect([...ANSWERS_WITHOUT_DATA].filter((label) => !labels.has(label))).toEqual([]);
  });
});
