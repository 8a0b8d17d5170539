import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { BODY_LIMIT_BYTES: '2048' } });
});
afterAll(async () => {
  await server.stop();
});

describe('health and the error shape', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await server.client().get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await server.client().get('/readyz')).body).toEqual({ status: 'ready' });
  });

  it('answers an unknown API route with a 404 in the error shape', async () => {
    const response = await server.client().get('/api/v1/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      error: { code: 'not-found', message: 'No route GET /api/v1/nothing-here' },
    });
  });

  it('answers an oversized body with 413 and bad JSON with 400, without a stack trace', async () => {
    const client = await server.signUp();
    const big = await client.patch('/api/v1/me', { name: 'x'.repeat(5000) });
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('payload-too-large');
    const broken = await client.request('PATCH', '/api/v1/me', '{"name":', {
      'content-type': 'application/json',
    });
    expect(broken.status).toBe(400);
    expect(JSON.stringify(broken.body)).not.toMatch(/at .*\.ts/);
  });

  it('publishes the OpenAPI document of the API', async () => {
    const response = await server.client().get('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/me',
        '/api/v1/teams/{teamUID}/invitations',
        '/functions/v2-auth-generateCFToken',
      ]),
    );
    expect((await server.client().get('/api/docs')).status).toBeLessThan(400);
  });

  it('describes the answers of the routes that declare them', async () => {
    const { paths } = (await server.client().get('/api/openapi.json')).body;
    const listed = paths['/api/v1/teams/{teamUID}/message-templates'].get.responses['200'];
    const data = listed.content['application/json'].schema.properties.data;
    expect(data.type).toBe('array');
    expect(Object.keys(data.items.properties)).toEqual(
      expect.arrayContaining(['templateUID', 'name', 'text', 'category', 'type', 'tags']),
    );
    const created = paths['/api/v1/teams/{teamUID}/task-templates'].post.responses['201'];
    expect(Object.keys(created.content['application/json'].schema.properties.data.properties)).toEqual([
      'templateUID',
    ]);
  });
});
