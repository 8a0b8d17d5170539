import { afterEach, describe, expect, it, vi } from 'vitest';
import { searchContacts } from './search-client';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('searchContacts', () => {
  it('renews the session and retries once when the token is no longer valid', async () => {
    const calls: string[] = [];
    const replies = [
      answer(401, { error: { code: 'permission-denied', message: 'Unauthorized: Invalid token' } }),
      answer(200, { session: {} }),
      answer(200, { data: { total: 1, hits: [] } }),
    ];
    vi.stubGlobal('fetch', (url: string) => {
      calls.push(url);
      return Promise.resolve(replies.shift()!);
    });
    await expect(searchContacts({ teamUID: 't1' })).resolves.toEqual({ total: 1, hits: [] });
    expect(calls).toEqual(['/search/v2', '/api/auth/get-session', '/search/v2']);
  });

  it('does not retry a second time, nor when the user is simply signed out', async () => {
    const invalid = () =>
      answer(401, { error: { code: 'permission-denied', message: 'Unauthorized: Invalid token' } });
    const replies = [invalid(), answer(200, {}), invalid()];
    vi.stubGlobal('fetch', () => Promise.resolve(replies.shift()!));
    await expect(searchContacts({ teamUID: 't1' })).rejects.toThrow('Unauthorized: Invalid token');

    let count = 0;
    vi.stubGlobal('fetch', () => {
      count += 1;
      return Promise.resolve(
        answer(401, { error: { code: 'permission-denied', message: 'User not logged in' } }),
      );
    });
    await expect(searchContacts({ teamUID: 't1' })).rejects.toThrow('User not logged in');
    expect(count).toBe(1);
  });
});
