import { Stream } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@grouptrack/domain';
import { BadRequestError } from '../errors';
import { textProblem } from '../storable-text';

/**
 * Deepest nesting a request may have. Our own bodies nest a few levels (a search filter, a mapping);
 * a much deeper one can only be an attack, and walking or re-serialising it would exhaust the stack.
 */
export const MAX_INPUT_DEPTH = 64;

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (typeof value !== 'object' || value === null) return false;
  // An upload arrives as a stream or a Buffer, which its own route reads; params and query are
  // objects of Fastify's own null-prototype class, so the test is what they are not.
  return !(value instanceof Stream) && !ArrayBuffer.isView(value);
}

/**
 * The first string or key in a decoded input that cannot be stored, named as the validation errors
 * name fields (`body.sources.0.url`), or the first place nested deeper than MAX_INPUT_DEPTH. Walks
 * with its own stack, so no input can overflow the call stack.
 */
export function findInputProblem(root: unknown, rootName: string): { field: string; problem: string } | null {
  const stack: { value: unknown; field: string; depth: number }[] = [
    { value: root, field: rootName, depth: 0 },
  ];
  while (stack.length > 0) {
    const { value, field, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return { field, problem };
      continue;
    }
    if (!isContainer(value)) continue;
    if (depth >= MAX_INPUT_DEPTH) return { field, problem: `nests deeper than ${MAX_INPUT_DEPTH} levels` };
    const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
    const children: typeof stack = [];
    for (const [key, child] of entries) {
      if (typeof key === 'string') {
        const problem = textProblem(key);
        if (problem) return { field, problem: `has a key that ${problem}` };
      }
      children.push({ value: child, field: `${field}.${key}`, depth: depth + 1 });
    }
    // Reversed, so the first field of the input is reported first.
    stack.push(...children.reverse());
  }
  return null;
}

/** Whether JSON text opens more than `max` objects or arrays inside each other, read without parsing it. */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index += 1; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x7b || code === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === 0x7d || code === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * Refuses, with a 400 naming the field, any input the databases cannot store or the server cannot
 * walk, before a handler runs: a NUL or an unpaired surrogate in a path segment, a query value or a
 * JSON string or key, and JSON nested deeper than MAX_INPUT_DEPTH (refused before it is parsed).
 * Every route, better-auth's included, gets the same answer, and no write can fail half-way on them.
 */
export function installInputGuard(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body: string, done) => {
    if (jsonNestsDeeperThan(body, MAX_INPUT_DEPTH)) {
      done(new BadRequestError(`Invalid body: nests deeper than ${MAX_INPUT_DEPTH} levels`), undefined);
      return;
    }
    void parseJson(request, body, done);
  });

  app.addHook('preValidation', (request, _reply, done) => {
    const inputs: [string, unknown][] = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ];
    for (const [name, value] of inputs) {
      const found = findInputProblem(value, name);
      if (found) return done(new BadRequestError(`Invalid ${found.field}: ${found.problem}`));
    }
    done();
  });
}

/** What each path problem Fastify finds before routing answers with: a 400 naming it. */
const PATH_PROBLEMS: Record<string, string> = {
  FST_ERR_BAD_URL: 'Invalid path: a percent-encoded part of it is not UTF-8 text',
  // Fastify's router refuses a part over 100 characters; no id of ours is longer.
  FST_ERR_MAX_PARAM_LENGTH: 'Invalid path: a part of it is longer than 100 characters',
};

/**
 * Fastify's own answer to a path it cannot route (a percent-encoded sequence that is not UTF-8,
 * such as a lone surrogate, or a part too long to be an id), in our error shape; it comes before
 * any route, hook or error handler.
 */
export function answerUndecodablePath(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const problem = PATH_PROBLEMS[error.code];
  if (!problem) {
    request.log.error({ err: error }, 'request failed');
    void reply.status(500).send({ error: { code: 'internal', message: MESSAGES.somethingWentWrong } });
    return;
  }
  void reply.status(400).send({ error: { code: 'bad-request', message: problem } });
}
