import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from './error-handler';
import { installCsrfGuard } from './csrf';

const PUBLISHED = 'abcdefghijklmnopabcdefghijklmnop';
const app = Fastify();

beforeAll(async () => {
  installErrorHandler(app);
  installCsrfGuard(app, { APP_URL: 'https://crm.example.test', EXTENSION_IDS: [PUBLISHED] });
  app.post('/api/v1/teams/:teamUID', () => ({ data: 'written' }));
  await app.ready();
});
afterAll(() => app.close());

const writeFrom = (origin: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/teams/t1',
    headers: { origin, cookie: 'better-auth.session_token=abc.def' },
    payload: {},
  });

describe('the CSRF guard with the published extension configured', () => {
  it("accepts that extension's calls with the app's cookies and refuses another extension's", async () => {
    expect((await writeFrom(`chrome-extension://${PUBLISHED}`)).statusCode).toBe(200);
    const other = await writeFrom('chrome-extension://ponmlkjihgfedcbaponmlkjihgfedcba');
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toContain(
      'Origin chrome-extension://ponmlkjihgfedcbaponmlkjihgfedcba',
    );
    expect((await writeFrom('https://crm.example.test')).statusCode).toBe(200);
  });
});
