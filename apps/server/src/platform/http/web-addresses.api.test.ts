import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSuperPermission } from '../../modules/users/users.repository';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';

let server: TestServer;
let owner: TestClient;
let teamUID: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.signUp({ name: 'Wes Web', email: 'wes@example.test' });
  await setSuperPermission(server.databases.directory, 'wes@example.test', true);
  teamUID = (await owner.me()).teamUID;
});
afterAll(async () => {
  await server.stop();
});

const SCRIPT_ADDRESSES = [
  'javascript:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml,<svg onload=alert(1)>',
];
const REFUSED = 'Enter a web address that starts with http:// or https://.';

describe('web address fields accept only http and https', () => {
  it("refuse a script address as a contact's photo or profile, naming the field", async () => {
    for (const address of SCRIPT_ADDRESSES) {
      const photo = await owner.post(`/api/v1/teams/${teamUID}/contacts`, { name: 'Pia', photoURL: address });
      expect(photo.status).toBe(400);
      expect(photo.body.error.message).toBe(`Invalid body.photoURL: ${REFUSED}`);
      const source = await owner.post(`/api/v1/teams/${teamUID}/contacts`, {
        name: 'Pia',
        sources: [{ platform: 'facebook', url: address }],
      });
      expect(source.status).toBe(400);
      expect(source.body.error.message).toBe(`Invalid body.sources.0.url: ${REFUSED}`);
    }
  });

  it('refuse one as a profile photo, a saved post or a notification link', async () => {
    const [address] = SCRIPT_ADDRESSES;
    const me = await owner.patch('/api/v1/me', { photoURL: address });
    expect(me.status).toBe(400);
    expect(me.body.error.message).toBe(`Invalid body.photoURL: ${REFUSED}`);
    const post = await owner.post(`/api/v1/teams/${teamUID}/saved-tag-posts`, {
      platform: 'facebook',
      url: address,
      title: 'A post',
      tagIds: [],
    });
    expect(post.status).toBe(400);
    expect(post.body.error.message).toBe(`Invalid body.url: ${REFUSED}`);
    const notification = await owner.post('/api/v1/admin/app-notifications', {
      platform: 'web',
      type: 'toast',
      title: 'Hello',
      text: 'News',
      link: address,
    });
    expect(notification.status).toBe(400);
    expect(notification.body.error.message).toBe(`Invalid body.link: ${REFUSED}`);
  });

  it('keep http and https addresses as given', async () => {
    const created = await owner.post(`/api/v1/teams/${teamUID}/contacts`, {
      name: 'Hal Http',
      photoURL: 'http://images.example.test/hal.jpg',
      sources: [{ platform: 'instagram', username: 'hal', url: 'https://www.instagram.com/hal/' }],
    });
    expect(created.status).toBe(201);
    const contact = await owner.get(`/api/v1/teams/${teamUID}/contacts/${created.body.data.GTID}`);
    expect(contact.body.data.photoURL).toBe('http://images.example.test/hal.jpg');
    expect(contact.body.data.sources.instagram).toMatchObject({ url: 'https://www.instagram.com/hal/' });
  });
});
