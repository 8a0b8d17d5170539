import { afterEach, describe, expect, it, vi } from 'vitest';
import { createVirtualLimiter, failureOf } from './adapter-test-kit';
import { createHttpClient, isPrivateAddress, parseRetryAfter, type HttpResponse } from './http-client';

const T0 = Date.UTC(2024, 5, 1, 12, 0, 0);
const LIMIT = { requests: 10, perMs: 1000 };

/** A fetch that answers each call with `answer` and keeps what it was asked. */
function makeFetch(answer: () => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = ((input: string, init?: RequestInit) => {
    calls.push({ url: input, init: init ?? {} });
    return Promise.resolve(answer());
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const jsonAnswer = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });

describe('RateLimiter', () => {
  it('lets a burst up to the limit pass at once', async () => {
    const { clock, limiter } = createVirtualLimiter(T0);
    for (let call = 0; call < 3; call += 1) await limiter.take('acct', { requests: 3, perMs: 1000 });
    expect(clock.waits).toEqual([]);
  });

  it('holds the call after the burst until a token has come back', async () => {
    const { clock, limiter } = createVirtualLimiter(T0);
    const limit = { requests: 2, perMs: 1000 };
    await limiter.take('acct', limit);
    await limiter.take('acct', limit);
    await limiter.take('acct', limit);
    expect(clock.waits).toEqual([500]);
    expect(clock.at).toBe(T0 + 500);
  });

  it('refills while no call is made', async () => {
    const { clock, limiter } = createVirtualLimiter(T0);
    const limit = { requests: 2, perMs: 1000 };
    await limiter.take('acct', limit);
    await limiter.take('acct', limit);
    clock.at += 1000;
    await limiter.take('acct', limit);
    await limiter.take('acct', limit);
    expect(clock.waits).toEqual([]);
  });

  it('counts each key apart', async () => {
    const { clock, limiter } = createVirtualLimiter(T0);
    const limit = { requests: 1, perMs: 60_000 };
    await limiter.take('acct-a', limit);
    await limiter.take('acct-b', limit);
    expect(clock.waits).toEqual([]);
  });

  it('lets calls under one key through in the order they asked, one per token', async () => {
    const { clock, limiter } = createVirtualLimiter(T0);
    const limit = { requests: 1, perMs: 1000 };
    const passed: string[] = [];
    await Promise.all(
      ['first', 'second', 'third'].map((name) =>
        limiter.take('acct', limit).then(() => passed.push(`${name}@${clock.at - T0}`)),
      ),
    );
    expect(passed).toEqual(['first@0', 'second@1000', 'third@2000']);
  });

  it('holds a key paused before its first call only for the pause, with its whole burst after', async () => {
    const { clock, limiter } = createVirtualLimiter(T0);
    limiter.pause('fresh', 100);
    for (let call = 0; call < LIMIT.requests; call += 1) await limiter.take('fresh', LIMIT);
    expect(clock.waits).toEqual([100]);
  });

  it('holds every call under a paused key until the time given, and no other key', async () => {
    const { clock, limiter } = createVirtualLimiter(T0);
    await limiter.take('acct', LIMIT);
    limiter.pause('acct', 30_000);
    await limiter.take('other', LIMIT);
    expect(clock.waits).toEqual([]);
    await limiter.take('acct', LIMIT);
    expect(clock.at).toBe(T0 + 30_000);
    await limiter.take('acct', LIMIT);
    expect(clock.waits).toEqual([30_000]);
  });

  it('keeps the later of two pauses', async () => {
    const { clock, limiter } = createVirtualLimiter(T0);
    await limiter.take('acct', LIMIT);
    limiter.pause('acct', 30_000);
    limiter.pause('acct', 10_000);
    await limiter.take('acct', LIMIT);
    expect(clock.at).toBe(T0 + 30_000);
  });
});

describe('parseRetryAfter', () => {
  it.each([
    { value: '120', expected: 120_000 },
    { value: '0', expected: 0 },
    { value: '1.5', expected: null },
    { value: '-5', expected: null },
    { value: '0x10', expected: null },
    { value: '1e3', expected: null },
    { value: '  ', expected: null },
    { value: new Date(T0 + 90_000).toUTCString(), expected: 90_000 },
    { value: new Date(T0 - 90_000).toUTCString(), expected: 0 },
    { value: 'soon', expected: null },
    { value: 'next tuesday-ish', expected: null },
    { value: '', expected: null },
    { value: null, expected: null },
  ])('reads $value as $expected ms', ({ value, expected }) => {
    expect(parseRetryAfter(value, T0)).toBe(expected);
  });
});

describe('createHttpClient', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const options = { limitKey: 'acct', limit: LIMIT };

  it('answers the parsed body of a 2xx', async () => {
    const { fetch } = makeFetch(() => jsonAnswer({ id: 7 }, { status: 201 }));
    const response = await createHttpClient({ fetch }).request(
      { method: 'GET', url: 'https://api.example.com/contacts/7' },
      options,
    );
    expect(response).toMatchObject({ status: 201, body: { id: 7 }, text: '{"id":7}' });
  });

  it.each([
    { name: 'text that is not JSON as the text', text: 'OK', body: 'OK' },
    { name: 'an empty body as null', text: '', body: null },
  ])('answers $name', async ({ text, body }) => {
    const { fetch } = makeFetch(() => new Response(text, { status: 200 }));
    const response = await createHttpClient({ fetch }).request(
      { method: 'GET', url: 'https://api.example.com/' },
      options,
    );
    expect(response.body).toEqual(body);
  });

  it('sends a JSON body as JSON, asking for JSON back', async () => {
    const { fetch, calls } = makeFetch(() => jsonAnswer({}));
    await createHttpClient({ fetch }).request(
      { method: 'POST', url: 'https://api.example.com/contacts', json: { email: 'ann@example.com' } },
      options,
    );
    expect(calls).toEqual([
      {
        url: 'https://api.example.com/contacts',
        init: expect.objectContaining({
          method: 'POST',
          body: '{"email":"ann@example.com"}',
          headers: { accept: 'application/json', 'content-type': 'application/json' },
          // A receiver that moved must be told, not followed.
          redirect: 'manual',
          signal: expect.any(AbortSignal),
        }),
      },
    ]);
  });

  it('sends a form body url-encoded', async () => {
    const { fetch, calls } = makeFetch(() => jsonAnswer({}));
    await createHttpClient({ fetch }).request(
      {
        method: 'POST',
        url: 'https://api.example.com/admin',
        form: { email: 'ann@example.com', tags: 'a b' },
      },
      options,
    );
    expect(calls[0]?.init).toMatchObject({
      body: 'email=ann%40example.com&tags=a+b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  });

  it('sends exact bytes with the content type the caller gave', async () => {
    const { fetch, calls } = makeFetch(() => jsonAnswer({}));
    await createHttpClient({ fetch }).request(
      {
        method: 'POST',
        url: 'https://hooks.example.com/',
        headers: { 'content-type': 'application/json', 'webhook-id': 'sync_1' },
        body: '{"b":1,"a":2}',
      },
      options,
    );
    expect(calls[0]?.init).toMatchObject({
      body: '{"b":1,"a":2}',
      headers: { 'content-type': 'application/json', 'webhook-id': 'sync_1' },
    });
  });

  it('keeps a content type the caller chose for a JSON body', async () => {
    const { fetch, calls } = makeFetch(() => jsonAnswer({}));
    await createHttpClient({ fetch }).request(
      {
        method: 'PATCH',
        url: 'https://api.example.com/',
        headers: { 'content-type': 'application/merge-patch+json' },
        json: { a: 1 },
      },
      options,
    );
    expect(calls[0]?.init.headers).toMatchObject({ 'content-type': 'application/merge-patch+json' });
  });

  it.each([
    { status: 400, code: 'invalid' },
    { status: 422, code: 'invalid' },
    { status: 301, code: 'invalid' },
    { status: 401, code: 'auth' },
    { status: 403, code: 'auth' },
    { status: 404, code: 'not-found' },
    { status: 410, code: 'not-found' },
    { status: 408, code: 'temporary' },
    { status: 429, code: 'temporary' },
    { status: 500, code: 'temporary' },
    { status: 503, code: 'temporary' },
  ] as const)('fails a $status as $code, with the status', async ({ status, code }) => {
    const { fetch } = makeFetch(() => jsonAnswer({ message: 'Nope' }, { status }));
    const error = await failureOf(
      createHttpClient({ fetch }).request({ method: 'GET', url: 'https://api.example.com/' }, options),
    );
    expect(error).toMatchObject({ code, status });
    expect(error.message.startsWith(`${status} `)).toBe(true);
  });

  it('says what the system said, in its own words', async () => {
    const { fetch } = makeFetch(() =>
      jsonAnswer(
        { errors: [{ title: 'Email is invalid' }] },
        { status: 422, statusText: 'Unprocessable Entity' },
      ),
    );
    const describeError = (response: HttpResponse) =>
      (response.body as { errors: { title: string }[] }).errors[0]?.title ?? null;
    const error = await failureOf(
      createHttpClient({ fetch }).request(
        { method: 'POST', url: 'https://api.example.com/', json: {} },
        { ...options, describeError },
      ),
    );
    expect(error.message).toBe('422 Unprocessable Entity: Email is invalid');
  });

  it.each([
    {
      name: 'the body when describeError finds nothing',
      describes: true,
      text: ' no such list ',
      expected: '404 Error: no such list',
    },
    {
      name: 'the body when there is no describeError',
      describes: false,
      text: 'no such list',
      expected: '404 Error: no such list',
    },
    { name: 'only the status line for an empty body', describes: true, text: '  ', expected: '404 Error' },
  ])('says $name', async ({ describes, text, expected }) => {
    const { fetch } = makeFetch(() => new Response(text, { status: 404 }));
    const error = await failureOf(
      createHttpClient({ fetch }).request(
        { method: 'GET', url: 'https://api.example.com/' },
        { ...options, ...(describes && { describeError: () => null }) },
      ),
    );
    expect(error.message).toBe(expected);
  });

  it('names a server error with no status text', async () => {
    const { fetch } = makeFetch(() => new Response('', { status: 503 }));
    const error = await failureOf(
      createHttpClient({ fetch }).request({ method: 'GET', url: 'https://api.example.com/' }, options),
    );
    expect(error.message).toBe('503 Server Error');
  });

  it('clips a long body to 500 characters', async () => {
    const { fetch } = makeFetch(() => new Response('x'.repeat(2000), { status: 400 }));
    const error = await failureOf(
      createHttpClient({ fetch }).request({ method: 'GET', url: 'https://api.example.com/' }, options),
    );
    expect(error.message).toBe(`400 Error: ${'x'.repeat(499)}…`);
  });

  it('takes the Retry-After of a 429 and holds the next call under that key until it has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: T0 });
    const { clock, limiter } = createVirtualLimiter(T0);
    let answer = () => new Response('slow down', { status: 429, headers: { 'retry-after': '30' } });
    const { fetch } = makeFetch(() => answer());
    const http = createHttpClient({ fetch, limiter });
    const error = await failureOf(http.request({ method: 'GET', url: 'https://api.example.com/' }, options));
    expect(error).toMatchObject({ code: 'temporary', status: 429, retryAfterMs: 30_000 });

    answer = () => jsonAnswer({});
    await http.request({ method: 'GET', url: 'https://api.example.com/' }, { ...options, limitKey: 'other' });
    expect(clock.waits).toEqual([]);
    await http.request({ method: 'GET', url: 'https://api.example.com/' }, options);
    expect(clock.waits).toEqual([30_000]);
  });

  it('reads a Retry-After given as a date', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: T0 });
    const retryAt = new Date(T0 + 120_000).toUTCString();
    const { fetch } = makeFetch(() => new Response('', { status: 429, headers: { 'retry-after': retryAt } }));
    const error = await failureOf(
      createHttpClient({ fetch, limiter: createVirtualLimiter(T0).limiter }).request(
        { method: 'GET', url: 'https://api.example.com/' },
        options,
      ),
    );
    expect(error.retryAfterMs).toBe(120_000);
  });

  it('fails a system that cannot be reached as temporary', async () => {
    const fetch = (() => Promise.reject(new TypeError('fetch failed'))) as typeof globalThis.fetch;
    const error = await failureOf(
      createHttpClient({ fetch }).request({ method: 'GET', url: 'https://api.example.com:8443/x' }, options),
    );
    expect(error).toMatchObject({
      code: 'temporary',
      status: null,
      message: 'api.example.com:8443 could not be reached.',
    });
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('fails a system that does not answer in time as temporary', async () => {
    const timeout = Object.assign(new Error('The operation was aborted due to timeout'), {
      name: 'TimeoutError',
    });
    const fetch = (() => Promise.reject(timeout)) as typeof globalThis.fetch;
    const error = await failureOf(
      createHttpClient({ fetch, timeoutMs: 2000 }).request(
        { method: 'GET', url: 'https://api.example.com/' },
        options,
      ),
    );
    expect(error).toMatchObject({ code: 'temporary', message: 'api.example.com did not answer within 2 s.' });
  });

  it('aborts a call that hangs past the timeout', async () => {
    // The signal is the only way out of a call that never answers.
    const fetch = ((_input: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
      })) as typeof globalThis.fetch;
    const error = await failureOf(
      createHttpClient({ fetch, timeoutMs: 20 }).request(
        { method: 'GET', url: 'https://api.example.com/' },
        options,
      ),
    );
    expect(error.message).toBe('api.example.com did not answer within 0.02 s.');
  });
});

describe('private addresses', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.20.0.1', true],
    ['192.168.1.10', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['8.8.8.8', false],
    ['172.32.0.1', false],
    ['2606:4700::1111', false],
  ])('reads %s as private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });

  it('refuses, before any call, a URL that is or resolves to a private address when they are not allowed', async () => {
    const options = { limitKey: 'acct', limit: LIMIT };
    const { fetch, calls } = makeFetch(() => jsonAnswer({}));
    const http = createHttpClient({
      fetch,
      allowPrivateAddresses: false,
      lookup: (host) => Promise.resolve(host === 'inside.example.com' ? ['10.0.0.5'] : ['93.184.216.34']),
    });
    for (const url of ['http://127.0.0.1:9/hook', 'http://[::1]/hook', 'https://inside.example.com/hook']) {
      const error = await failureOf(http.request({ method: 'POST', url }, options));
      expect(error).toMatchObject({ code: 'invalid' });
      expect(error.message).toContain('is a private or local address');
    }
    expect(calls).toHaveLength(0);
    await http.request({ method: 'POST', url: 'https://hooks.example.com/hook' }, options);
    expect(calls).toHaveLength(1);
  });
});
