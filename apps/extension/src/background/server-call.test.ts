import { describe, expect, it, vi } from 'vitest';
import { callServer } from './server-call';

const session = { serverUrl: 'http://localhost:3000', token: 'tok-1' };

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(...answers: (Response | Error)[]) {
  const fetch = vi.fn<typeof globalThis.fetch>();
  for (const answer of answers) {
    if (answer instanceof Error) fetch.mockRejectedValueOnce(answer);
    else fetch.mockResolvedValueOnce(answer);
  }
  const sleep = vi.fn((_ms: number) => Promise.resolve());
  return { fetch, sleep };
}

describe('callServer', () => {
  it('calls the signed-in server with the bearer token and no cookies, and returns its answer', async () => {
    const deps = setup(jsonResponse(200, { data: { id: 'u1' } }));
    const answer = await callServer({ ...session, method: 'GET', path: '/api/v1/me' }, deps);
    expect(answer).toEqual({ kind: 'answered', status: 200, body: { data: { id: 'u1' } } });
    const [url, init] = deps.fetch.mock.calls[0]!;
    expect(url).toBe('http://localhost:3000/api/v1/me');
    expect(init?.credentials).toBe('omit');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer tok-1' });
  });

  it('sends a body as JSON', async () => {
    const deps = setup(jsonResponse(201, { data: {} }));
    await callServer({ ...session, method: 'POST', path: '/search/v2', body: { teamUID: 't1' } }, deps);
    const [, init] = deps.fetch.mock.calls[0]!;
    expect(init?.body).toBe('{"teamUID":"t1"}');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('passes error answers through unchanged, 401 included', async () => {
    const deps = setup(jsonResponse(401, { error: { code: 'unauthenticated', message: 'Sign in' } }));
    const answer = await callServer({ ...session, method: 'GET', path: '/api/v1/me' }, deps);
    expect(answer).toEqual({
      kind: 'answered',
      status: 401,
      body: { error: { code: 'unauthenticated', message: 'Sign in' } },
    });
  });

  it('tries a read again after 1 s and 3 s when the network fails, and answers once it gets through', async () => {
    const deps = setup(
      new TypeError('Failed to fetch'),
      new TypeError('Failed to fetch'),
      jsonResponse(200, {}),
    );
    const answer = await callServer({ ...session, method: 'GET', path: '/api/v1/me' }, deps);
    expect(answer).toEqual({ kind: 'answered', status: 200, body: {} });
    expect(deps.sleep.mock.calls.map(([ms]) => ms)).toEqual([1000, 3000]);
  });

  it('says the server is unreachable when every try of a read fails', async () => {
    const failure = new TypeError('Failed to fetch');
    const deps = setup(failure, failure, failure);
    const answer = await callServer({ ...session, method: 'GET', path: '/api/v1/me' }, deps);
    expect(answer).toEqual({ kind: 'unreachable' });
    expect(deps.fetch).toHaveBeenCalledTimes(3);
  });

  it('does not send a write twice: one network failure makes it unreachable', async () => {
    const deps = setup(new TypeError('Failed to fetch'));
    const answer = await callServer({ ...session, method: 'POST', path: '/api/v1/x', body: {} }, deps);
    expect(answer).toEqual({ kind: 'unreachable' });
    expect(deps.fetch).toHaveBeenCalledTimes(1);
    expect(deps.sleep).not.toHaveBeenCalled();
  });

  it('reads an answer that is not JSON as a generic failure', async () => {
    const deps = setup(new Response('<html>Bad gateway</html>', { status: 502 }));
    const answer = await callServer({ ...session, method: 'GET', path: '/api/v1/me' }, deps);
    expect(answer).toEqual({
      kind: 'answered',
      status: 502,
      body: { error: { code: 'bad-response', message: 'Something went wrong' } },
    });
  });

  it.each(['/api/auth/sign-out', '/healthz', 'https://evil.example/api/', '/api/../admin'])(
    'refuses %s without calling the server, so the token goes nowhere else',
    async (path) => {
      const deps = setup();
      const answer = await callServer({ ...session, method: 'GET', path }, deps);
      expect(answer).toMatchObject({ kind: 'answered', status: 400 });
      expect(deps.fetch).not.toHaveBeenCalled();
    },
  );
});
