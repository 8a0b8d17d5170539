import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { setSuperPermission } from '../users/users.repository';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

describe('/api/v1/admin', () => {
  it('answers 401 signed out and 403 without the super permission', async () => {
    expect((await server.client().get('/api/v1/admin/mail-outbox')).status).toBe(401);
    const user = await server.signUp();
    const refused = await user.get('/api/v1/admin/mail-outbox');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('This needs the super permission.');
  });

  it('shows a super user the mail outbox, and stops when the permission is revoked', async () => {
    const operator = await server.signUp({ email: 'operator@example.test' });
    await setSuperPermission(server.databases.directory, 'operator@example.test', true);
    expect((await operator.me()).claims.super).toBe(true);
    await server.client().post('/api/auth/request-password-reset', {
      email: 'operator@example.test',
      redirectTo: '/password-reset',
    });
    const outbox = await operator.get('/api/v1/admin/mail-outbox?to=operator@example.test');
    expect(outbox.status).toBe(200);
    expect(outbox.body.data[0]).toMatchObject({
      to: 'operator@example.test',
      subject: 'Reset your GroupTrack password',
    });
    expect((await operator.get('/api/v1/admin/mail-outbox?limit=1000')).status).toBe(400);
    await setSuperPermission(server.databases.directory, 'operator@example.test', false);
    expect((await operator.get('/api/v1/admin/mail-outbox')).status).toBe(403);
  });
});
