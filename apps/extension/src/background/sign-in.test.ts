import { describe, expect, it } from 'vitest';
import { readExchangeAnswer } from './sign-in';

const server = 'http://127.0.0.1:3000';
const user = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' };

describe('readExchangeAnswer', () => {
  it('keeps the token, its expiry and the user, at the server the sign-in came from', () => {
    const body = { data: { token: 'tok', expiresAt: '2026-12-25T00:00:00.000Z', user } };
    expect(readExchangeAnswer(server, 200, body)).toEqual({
      ok: true,
      session: { serverUrl: server, token: 'tok', expiresAt: '2026-12-25T00:00:00.000Z', user },
    });
  });

  it('says what the server refused', () => {
    const body = { error: { code: 'bad-request', message: 'This sign-in code is invalid or has expired.' } };
    expect(readExchangeAnswer(server, 400, body)).toEqual({
      ok: false,
      message: 'This sign-in code is invalid or has expired.',
    });
  });

  it('names the status of a refusal without a message', () => {
    expect(readExchangeAnswer(server, 500, null)).toEqual({
      ok: false,
      message: 'The server refused the sign-in (500).',
    });
  });

  it.each([
    { name: 'an older server that answers with a cookie', body: { data: { signedIn: true } } },
    { name: 'an empty token', body: { data: { token: '', expiresAt: 'x', user } } },
    { name: 'no user', body: { data: { token: 'tok', expiresAt: 'x' } } },
  ])('stays signed out with $name', ({ body }) => {
    expect(readExchangeAnswer(server, 200, body)).toEqual({
      ok: false,
      message: 'This GroupTrack server does not give the extension a token of its own: update the server.',
    });
  });
});
