import type { z } from 'zod';
import type { TeamRouteInput, TeamRoutes } from './team-routes';

type ItemParamsSchema = z.ZodType<{ teamUID: string }>;

/** One route of a list: its summary, body and what it does. */
interface ListOperation<Params extends ItemParamsSchema, Body extends z.ZodType | undefined> {
  summary: string;
  body?: Body;
  /** What the answer's `data` holds (see TeamRouteSchema.response). */
  response?: z.ZodType;
  handler: (input: TeamRouteInput<Params, Body, undefined>) => Promise<unknown>;
}

/**
 * A list the team keeps (templates, setup lists, pipelines, tag sets): where it lives and what each
 * of its routes does. Items move through `update` with `after`/`before` in its body where the list
 * is ranked.
 */
export interface TeamListRoutes<
  Params extends ItemParamsSchema,
  CreateBody extends z.ZodType,
  UpdateBody extends z.ZodType,
> {
  tags: string[];
  /** The list's path under the team: `/phases`. */
  path: string;
  /** The item's param in its path: `templateID` makes `/message-templates/:templateID`. */
  itemParam: string;
  /** teamParams extended with the item's param. */
  itemParams: Params;
  list: ListOperation<z.ZodType<{ teamUID: string }>, undefined>;
  /** Answers 201 with what the handler returns. */
  create: ListOperation<z.ZodType<{ teamUID: string }>, CreateBody>;
  /** One item, when the list has a route for it. */
  get?: ListOperation<Params, undefined>;
  /** Answers 200 with what the handler returns, or 204 when `noContent`. */
  update: ListOperation<Params, UpdateBody> & { noContent?: boolean };
  /** Answers 204. */
  remove: ListOperation<Params, undefined>;
}

/** Declares the list, create, get, update (and move) and delete routes of one team list. */
export function declareTeamList<
  Params extends ItemParamsSchema,
  CreateBody extends z.ZodType,
  UpdateBody extends z.ZodType,
>(routes: TeamRoutes, spec: TeamListRoutes<Params, CreateBody, UpdateBody>): void {
  const { tags, path, itemParams, list, create, get, update, remove } = spec;
  const itemPath = `${path}/:${spec.itemParam}`;

  routes.get({
    path,
    schema: { tags, summary: list.summary, response: list.response },
    handler: list.handler,
  });
  routes.post({
    path,
    schema: { tags, summary: create.summary, body: create.body, response: create.response },
    status: 201,
    handler: create.handler,
  });
  if (get) {
    routes.get({
      path: itemPath,
      schema: { tags, summary: get.summary, params: itemParams, response: get.response },
      handler: get.handler,
    });
  }
  routes.patch({
    path: itemPath,
    schema: {
      tags,
      summary: update.summary,
      params: itemParams,
      body: update.body,
      response: update.response,
    },
    status: update.noContent ? 204 : 200,
    handler: update.handler,
  });
  routes.delete({
    path: itemPath,
    schema: { tags, summary: remove.summary, params: itemParams },
    status: 204,
    handler: remove.handler,
  });
}
