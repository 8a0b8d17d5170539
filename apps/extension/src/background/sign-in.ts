import type { ExtensionUser } from '@grouptrack/domain';
import type { ExtensionSession } from '../shared/storage';

/** The path where the extension trades a one-time code from /authorize for its own token. */
export const EXCHANGE_PATH = '/api/v1/authorize/extension/exchange';

export type ExchangeResult = { ok: true; session: ExtensionSession } | { ok: false; message: string };

/**
 * Reads the server's answer to the code exchange: `{data: {token, expiresAt, user: {id, name, email}}}`.
 * A server that answers otherwise (an error, or an older server that set a cookie instead) leaves the
 * extension signed out, with a message saying why.
 */
export function readExchangeAnswer(serverUrl: string, status: number, body: unknown): ExchangeResult {
  if (status !== 200) {
    return { ok: false, message: errorMessage(body) ?? `The server refused the sign-in (${status}).` };
  }
  const data = isRecord(body) ? body.data : undefined;
  if (
    !isRecord(data) ||
    typeof data.token !== 'string' ||
    data.token === '' ||
    typeof data.expiresAt !== 'string' ||
    !isUser(data.user)
  ) {
    return {
      ok: false,
      message: 'This GroupTrack server does not give the extension a token of its own: update the server.',
    };
  }
  return {
    ok: true,
    session: {
      serverUrl,
      token: data.token,
      expiresAt: data.expiresAt,
      user: { id: data.user.id, name: data.user.name, email: data.user.email },
    },
  };
}

/** The message of an API error answer, `{error: {message}}`. */
export function errorMessage(body: unknown): string | null {
  if (!isRecord(body) || !isRecord(body.error)) return null;
  return typeof body.error.message === 'string' ? body.error.message : null;
}

function isUser(value: unknown): value is ExtensionUser {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.name === 'string' &&
    typeof value.email === 'string'
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
