import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream } from '../../testing/event-stream';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';
import { setSuperPermission } from '../users/users.repository';

let server: TestServer;
let operator: TestClient;

beforeAll(async () => {
  server = await startTestServer({
    env: {
      HELP_WIDGET_URL: 'https://help.example.test/widget.js',
      HOSTING_DEFAULT_DOMAINS: 'grouptrack.web.app,grouptrack.firebaseapp.com',
      SSO_ALLOWED_DOMAINS: 'grouptrack.test',
    },
  });
  operator = await server.signUp({ email: 'ops@example.test' });
  await setSuperPermission(server.databases.directory, 'ops@example.test', true);
});
afterAll(async () => {
  await server.stop();
});

type AppEvent = { kind: string; version?: string; op?: string; notificationId?: string };

describe('app config and version', () => {
  it('tells a signed-out client the app address, version, help widget and hosting domains', async () => {
    const response = await server.client().get('/api/v1/app-config');
    expect(response.body.data).toEqual({
      appUrl: 'http://localhost:3000',
      appVersion: '2.0.0',
      helpWidgetUrl: 'https://help.example.test/widget.js',
      hostingDefaultDomains: ['grouptrack.web.app', 'grouptrack.firebaseapp.com'],
      maintenance: false,
      smsEnabled: false,
      termsUrl: 'https://grouptrack.co/terms',
      operatorEmail: null,
      extensionInstallUrl: null,
    });
  });

  it('announces a new app version to every open client at once', async () => {
    const user = await server.signUp();
    const stream = await openStream<AppEvent>(user, '/api/v1/me/events');
    expect(stream.status).toBe(200);
    expect((await operator.put('/api/v1/admin/app-version', { version: '2.1.0' })).status).toBe(200);
    expect(await stream.next((event) => event.kind === 'app-version')).toEqual({
      kind: 'app-version',
      version: '2.1.0',
    });
    expect((await server.client().get('/api/v1/app-config')).body.data.appVersion).toBe('2.1.0');
    expect((await operator.put('/api/v1/admin/app-version', { version: '' })).status).toBe(400);
    stream.close();
  });

  it('answers 401 to a signed-out client on the event stream', async () => {
    expect((await server.client().get('/api/v1/me/events')).status).toBe(401);
  });
});

describe('app notifications', () => {
  it('publishes a notification live, shows users only published ones, and deletes it', async () => {
    const user = await server.signUp();
    const stream = await openStream<AppEvent>(user, '/api/v1/me/events');
    const created = await operator.post('/api/v1/admin/app-notifications', {
      platform: 'web',
      type: 'banner',
      title: 'New: KPI dashboard',
      text: 'See your week at a glance.',
      page: { value: '/dashboard/kpi' },
      backgroundColor: '1C7EBB',
    });
    expect(created.status).toBe(201);
    const notification = created.body.data;
    expect(notification).toMatchObject({
      published: false,
      backgroundColor: '#1C7EBB',
      page: { value: '/dashboard/kpi' },
    });
    expect((await user.get('/api/v1/app-notifications')).body.data).toEqual([]);

    await operator.patch(`/api/v1/admin/app-notifications/${notification.notificationId}`, {
      published: true,
    });
    await stream.next((event) => event.kind === 'app-notification' && event.op === 'update');
    const visible = (await user.get('/api/v1/app-notifications')).body.data;
    expect(visible).toHaveLength(1);
    expect(visible[0]).toMatchObject({
      notificationId: notification.notificationId,
      type: 'banner',
      published: true,
    });

    expect(
      (await operator.delete(`/api/v1/admin/app-notifications/${notification.notificationId}`)).status,
    ).toBe(204);
    expect((await user.get('/api/v1/app-notifications')).body.data).toEqual([]);
    expect(
      (await operator.delete(`/api/v1/admin/app-notifications/${notification.notificationId}`)).status,
    ).toBe(404);
    stream.close();
  });

  it('refuses a notification with a bad type, colour or missing title, naming the field', async () => {
    const base = { platform: 'any', type: 'toast', title: 'Hi', text: 'There' };
    const badType = await operator.post('/api/v1/admin/app-notifications', { ...base, type: 'popup' });
    expect(badType.body.error.message).toMatch(/^Invalid body\.type/);
    const badColour = await operator.post('/api/v1/admin/app-notifications', { ...base, fontColor: 'blue' });
    expect(badColour.body.error.message).toMatch(/^Invalid body\.fontColor/);
    const noTitle = await operator.post('/api/v1/admin/app-notifications', { ...base, title: '' });
    expect(noTitle.status).toBe(400);
    expect((await operator.get('/api/v1/admin/app-notifications')).body.data).toEqual([]);
  });

  it('answers 401 to a signed-out client', async () => {
    expect((await server.client().get('/api/v1/app-notifications')).status).toBe(401);
  });
});

describe('/authorize hand-offs', () => {
  it('builds the marketing-site address with a signed token, and refuses other domains', async () => {
    const user = await server.signUp();
    const response = await user.post('/api/v1/authorize/sso', {
      domain: 'grouptrack.test',
      redirect_to: '/members',
    });
    const url = new URL(response.body.data.url);
    expect(url.origin + url.pathname).toBe('https://grouptrack.test/sso');
    expect(url.searchParams.get('redirect_to')).toBe('/members');
    expect(url.searchParams.get('token')?.split('.')).toHaveLength(3);
    expect((await user.post('/api/v1/authorize/sso', { domain: 'other.test' })).status).toBe(400);
    expect((await server.client().post('/api/v1/authorize/sso', { domain: 'grouptrack.test' })).status).toBe(
      401,
    );
  });

  it('gives the extension a one-time code that it exchanges once for a token of its own, not a cookie', async () => {
    const user = await server.signUp({ email: 'ext@example.test' });
    const issued = await user.post('/api/v1/authorize/extension');
    expect(issued.status).toBe(200);
    const extension = server.client();
    const exchanged = await extension.post('/api/v1/authorize/extension/exchange', {
      code: issued.body.data.code,
    });
    expect(exchanged.status).toBe(200);
    expect(exchanged.headers.getSetCookie()).toEqual([]);
    expect(exchanged.body.data).toMatchObject({
      token: expect.stringMatching(/^gtx_/),
      user: { email: 'ext@example.test' },
    });
    // Its token works only from the extension's origin (browser-sessions.api.test.ts), never as a cookie.
    expect((await extension.get('/api/v1/me')).status).toBe(401);
    const extensionMe = await extension.get('/api/v1/me', {
      authorization: `Bearer ${exchanged.body.data.token}`,
      origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop',
    });
    expect(extensionMe.body.data.email).toBe('ext@example.test');
    const again = await server
      .client()
      .post('/api/v1/authorize/extension/exchange', { code: issued.body.data.code });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(
      'This sign-in code is invalid or has expired. Start again from the extension.',
    );
    expect((await server.client().post('/api/v1/authorize/extension')).status).toBe(401);
    expect((await server.client().post('/api/v1/authorize/extension/exchange', {})).status).toBe(400);
  });
});
