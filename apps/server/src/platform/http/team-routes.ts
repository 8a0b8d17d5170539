import type { FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { z } from 'zod';
import type { Auth } from '../auth';
import { requireActor, type Actor } from './actor';
import type { App } from './types';

/** The path every team route lives under. */
const TEAM_PATH = '/api/v1/teams/:teamUID';

/** The params of a route under `/api/v1/teams/:teamUID`; routes with more params extend it. */
export const teamParams = z.object({ teamUID: z.string().min(1).max(100) });

type TeamParamsSchema = z.ZodType<{ teamUID: string }>;

/** What a team route declares for validation and the OpenAPI document. */
export interface TeamRouteSchema<Params extends TeamParamsSchema, Body, Query> {
  tags: string[];
  summary: string;
  /** `teamParams` when left out. */
  params?: Params;
  body?: Body;
  querystring?: Query;
  /**
   * What `data` holds in a success: the answer is checked against it, and the OpenAPI document
   * describes it. Shared with the web app from packages/domain.
   */
  response?: z.ZodType;
}

type Infer<Schema> = Schema extends z.ZodType ? z.infer<Schema> : undefined;

/** What a team route's handler gets: the signed-in actor and the validated input. */
export interface TeamRouteInput<Params extends TeamParamsSchema, Body, Query> {
  actor: Actor;
  teamUID: string;
  params: z.infer<Params>;
  body: Infer<Body>;
  query: Infer<Query>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface TeamRoute<Params extends TeamParamsSchema, Body, Query> {
  /** The path under `/api/v1/teams/:teamUID`: `/tasks/:taskID`, or '' for the team itself. */
  path: string;
  schema: TeamRouteSchema<Params, Body, Query>;
  /**
   * The status of a success: 200 when left out; 204 sends no body. 'reply' leaves the answer to the
   * handler (a file or a stream), which returns the reply it sent.
   */
  status?: 200 | 201 | 202 | 204 | 'reply';
  /** Returns the data the route answers with, as `{ data }`. */
  handler: (input: TeamRouteInput<Params, Body, Query>) => Promise<unknown>;
}

type Declare = <
  Params extends TeamParamsSchema = typeof teamParams,
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
>(
  route: TeamRoute<Params, Body, Query>,
) => void;

/** Declares routes under `/api/v1/teams/:teamUID`, one method each. */
export interface TeamRoutes {
  get: Declare;
  post: Declare;
  put: Declare;
  patch: Declare;
  delete: Declare;
}

/**
 * Team routes: each resolves the signed-in actor (401 when signed out) after its input is
 * validated, calls its handler and wraps what it returns in `{ data }`. Membership and roles stay
 * with the services, which answer another team's ids exactly like unknown ones.
 */
export function teamRoutes(app: App, auth: Auth): TeamRoutes {
  const declare =
    (method: HTTPMethods): Declare =>
    (route) => {
      const { path, schema, status = 200, handler } = route;
      const { response, ...input } = schema;
      const answers = response && typeof status === 'number' && status !== 204;
      app.route({
        method,
        url: `${TEAM_PATH}${path}`,
        // Leaves out what the route does not take, so the OpenAPI document describes no empty body.
        schema: Object.fromEntries(
          Object.entries({
            ...input,
            params: input.params ?? teamParams,
            response: answers ? { [status]: z.object({ data: response }) } : undefined,
          }).filter(([, value]) => value !== undefined),
        ),
        async handler(request, reply) {
          const actor = await requireActor(auth, request);
          // Fastify validated params, body and query against these schemas before the handler runs.
          const params = request.params as z.infer<typeof teamParams>;
          const data = await handler({
            actor,
            teamUID: params.teamUID,
            params: params as never,
            body: request.body as never,
            query: request.query as never,
            request,
            reply,
          });
          if (status === 'reply') return data;
          if (status === 204) return reply.status(204).send();
          return reply.status(status).send({ data });
        },
      });
    };
  return {
    get: declare('GET'),
    post: declare('POST'),
    put: declare('PUT'),
    patch: declare('PATCH'),
    delete: declare('DELETE'),
  };
}
