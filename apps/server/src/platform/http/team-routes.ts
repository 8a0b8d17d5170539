import type { FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { z } from 'zod';
import type { Auth } from '../auth';
import { requireActor, type Actor, type TeamActor } from './actor';
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
  /**
   * For a route that sends its own answer (status 'reply') in JSON: the whole body of each status it
   * answers with, checked and described like `response`.
   */
  replies?: Partial<Record<200 | 201, z.ZodType>>;
}

type Infer<Schema> = Schema extends z.ZodType ? z.infer<Schema> : undefined;

/** What a team route's handler gets: the signed-in member of the team and the validated input. */
export interface TeamRouteInput<Params extends TeamParamsSchema, Body, Query> {
  /** The signed-in user with their role and pipeline access in the path's team. */
  member: TeamActor;
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
 * The actor's membership of a team (teams.requireMember): 404 'Team not found.' when they have
 * none, so another team's id answers exactly like an unknown one.
 */
export type RequireMember = (actor: Actor, teamUID: string) => Promise<TeamActor>;

/** What team routes need to know who is asking. */
export interface TeamRouteDeps {
  auth: Auth;
  teams: { requireMember: RequireMember };
}

/**
 * Team routes: each resolves the signed-in actor (401 when signed out) and their membership of the
 * path's team (404 when they have none) once, after its input is validated, calls its handler with
 * that member and wraps what it returns in `{ data }`. Roles stay with the services.
 */
export function teamRoutes(app: App, { auth, teams }: TeamRouteDeps): TeamRoutes {
  const declare =
    (method: HTTPMethods): Declare =>
    (route) => {
      const { path, schema, status = 200, handler } = route;
      const { response, replies, ...input } = schema;
      const answers = response && typeof status === 'number' && status !== 204;
      app.route({
        method,
        url: `${TEAM_PATH}${path}`,
        // Leaves out what the route does not take, so the OpenAPI document describes no empty body.
        schema: Object.fromEntries(
          Object.entries({
            ...input,
            params: input.params ?? teamParams,
            response: answers
              ? { [status]: z.object({ data: response }) }
              : status === 204
                ? // The document then says the route sends no body: @fastify/swagger leaves the content
                  // out for `type: 'null'`, which zod would otherwise write as a nullable enum of null.
                  { 204: z.null().meta({ type: 'null', description: 'No content' }) }
                : replies,
          }).filter(([, value]) => value !== undefined),
        ),
        async handler(request, reply) {
          // Fastify validated params, body and query against these schemas before the handler runs.
          const params = request.params as z.infer<typeof teamParams>;
          const actor = await requireActor(auth, request);
          const member = await teams.requireMember(actor, params.teamUID);
          const data = await handler({
            member,
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
