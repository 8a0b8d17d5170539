import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { SSO_SECRET: 'test-sso-secret-0123', SSO_ALLOWED_DOMAINS: 'grouptrack.test' },
  });
});
afterAll(async () => {
  await server.stop();
});

const path = '/functions/v2-auth-generateCFToken';

describe('POST /functions/v2-auth-generateCFToken', () => {
  it('signs a short-lived token for an allowed domain that the marketing site can verify', async () => {
    const client = await server.signUp({ email: 'sso@example.test' });
    const response = await client.post(path, { domain: 'www.grouptrack.test', redirect_to: '/courses' });
    expect(response.status).toBe(200);
    const [header, payload, signature] = (response.body.token as string).split('.');
    const expected = createHmac('sha256', 'test-sso-secret-0123')
      .update(`${header}.${payload}`)
      .digest('base64url');
    expect(signature).toBe(expected);
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(claims).toMatchObject({
      email: 'sso@example.test',
      aud: 'www.grouptrack.test',
      redirect_to: '/courses',
    });
    expect(claims.exp - claims.iat).toBe(300);
  });

  it('refuses any other domain, and a redirect to another site', async () => {
    const client = await server.signUp();
    const other = await client.post(path, { domain: 'evil.example', redirect_to: '/' });
    expect(other.status).toBe(400);
    expect(other.body.error.message).toBe('Invalid domain: evil.example is not allowed for single sign-on.');
    const lookalike = await client.post(path, { domain: 'grouptrack.test.evil.example' });
    expect(lookalike.status).toBe(400);
    const redirect = await client.post(path, {
      domain: 'grouptrack.test',
      redirect_to: 'https://evil.example/x',
    });
    expect(redirect.status).toBe(400);
    expect(redirect.body.error.message).toMatch(/^Invalid redirect_to/);
    expect((await client.post(path, {})).status).toBe(400);
  });

  it('answers 401 when signed out', async () => {
    expect((await server.client().post(path, { domain: 'grouptrack.test' })).status).toBe(401);
  });
});
