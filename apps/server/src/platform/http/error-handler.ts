import type { FastifyError, FastifyInstance } from 'fastify';
import { MESSAGES } from '@grouptrack/domain';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors';
import { OUTAGE_MESSAGE, OUTAGE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/outage';

/** The one error shape every endpoint answers with. */
export interface ErrorBody {
  error: { code: string; message: string; details?: unknown };
}

function describeValidation(error: FastifyError): { message: string; details: unknown } {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => {
      const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const field = [error.validationContext, where].filter(Boolean).join('.');
      return { field, message: issue.message };
    });
    const first = issues[0];
    return {
      message: first ? `Invalid ${first.field || 'input'}: ${first.message}` : 'Invalid input',
      details: issues,
    };
  }
  return { message: error.message, details: undefined };
}

/** Maps every failure to { error: { code, message } }; no stack trace ever reaches a client. */
export function installErrorHandler(
  app: FastifyInstance,
  /** Whether an unexpected failure came from a database out of reach (503 and Retry-After, not 500). */
  isOutage: (error: unknown) => Promise<boolean> = (error) => Promise.resolve(isDatabaseUnavailable(error)),
) {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { error: { code: error.code, message: error.message } };
      if (error.details !== undefined) body.error.details = error.details;
      return reply.status(error.statusCode).send(body);
    }
    if (error.validation) {
      const { message, details } = describeValidation(error);
      return reply.status(400).send({ error: { code: 'bad-request', message, details } });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .status(413)
        .send({ error: { code: 'payload-too-large', message: 'The request body is too large.' } });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({
        error: { code: 'unsupported-media-type', message: 'Send the request body as application/json.' },
      });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const message = error instanceof SyntaxError ? 'The request body is not valid JSON.' : error.message;
      return reply.status(error.statusCode).send({ error: { code: 'bad-request', message } });
    }
    if (await isOutage(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS))
        .send({ error: { code: 'unavailable', message: OUTAGE_MESSAGE } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: { code: 'internal', message: MESSAGES.somethingWentWrong } });
  });
}
