import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { callFunction } from './call-function';

function answerWith(status: number, body: unknown) {
  const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('callFunction', () => {
  it('posts the body to /functions/<name> and resolves with the answer', async () => {
    const fetchMock = answerWith(200, { token: 'signed' });

    await expect(callFunction('v2-auth-generateCFToken', { domain: 'grouptrack.co' })).resolves.toEqual({
      token: 'signed',
    });
    expect(fetchMock).toHaveBeenCalledWith(
      '/functions/v2-auth-generateCFToken',
      expect.objectContaining({ method: 'POST', body: '{"domain":"grouptrack.co"}' }),
    );
  });

  it.each([
    { name: 'a refusal', status: 400, body: { error: { code: 'bad-request', message: 'Invalid domain' } } },
    { name: 'a server failure', status: 500, body: { error: { code: 'internal', message: 'Boom' } } },
  ])('turns $name into SPEC §8’s "Error calling function <name>"', async ({ status, body }) => {
    answerWith(status, body);

    const error = await callFunction('v2-contacts-getCoreData', {}).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Error calling function v2-contacts-getCoreData');
    expect((error as ApiError).status).toBe(status);
  });

  it('reports an unreachable server the same way', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );

    await expect(callFunction('v2-social-downloadSocialProfilePhoto', {})).rejects.toThrow(
      'Error calling function v2-social-downloadSocialProfilePhoto',
    );
  });
});
