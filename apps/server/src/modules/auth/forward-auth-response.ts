import { MESSAGES } from '@grouptrack/domain';
import type { FastifyReply } from 'fastify';

/**
 * Sends a better-auth Response through Fastify: its status, headers and every Set-Cookie. With
 * `replaceBody`, a success answers that body instead, and a failure answers our error shape.
 */
export async function forwardAuthResponse(
  response: Response,
  reply: FastifyReply,
  options: { replaceBody?: unknown } = {},
): Promise<void> {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') void reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) void reply.header('set-cookie', cookies);
  const text = response.body ? await response.text() : '';
  if (options.replaceBody === undefined) {
    await reply.send(text === '' ? null : text);
    return;
  }
  if (response.ok) {
    await reply.type('application/json').send(options.replaceBody);
    return;
  }
  let message: string = MESSAGES.somethingWentWrong;
  try {
    message = (JSON.parse(text) as { message?: string }).message ?? message;
  } catch {
    // Not JSON: keep the generic message.
  }
  await reply.type('application/json').send({ error: { code: 'bad-request', message } });
}
