import { SOCIAL_PLATFORMS, hexColorSchema, searchFilterSchema, webAddressSchema } from '@grouptrack/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireActor } from '../../platform/http/actor';
import type { App } from '../../platform/http/types';
import type { RankedListName } from './lists.service';

const id = z.string().min(1).max(100);
const teamParams = z.object({ teamUID: id });
const itemParams = teamParams.extend({ itemID: id });
const placement = { after: id.optional(), before: id.optional() };

/** The fields of each ranked list, as its forms send them. */
const RANKED_FIELDS: Record<RankedListName, { fields: z.ZodRawShape; summary: string }> = {
  'status-labels': {
    fields: { display: z.string().trim().min(1, 'Enter the label').max(60), color: hexColorSchema },
    summary: 'status labels',
  },
  phases: { fields: { name: z.string().trim().min(1, 'Enter the phase name').max(60) }, summary: 'phases' },
  questions: {
    fields: {
      text: z.string().trim().min(1, 'Enter the question').max(500),
      /** What the answer holds: capturing reads an email or phone from it first. */
      answerField: z.enum(['email', 'phone', 'none']),
    },
    summary: 'membership questions',
  },
};

export function registerListRoutes(app: App, { auth, lists }: AppContext) {
  for (const [list, { fields, summary }] of Object.entries(RANKED_FIELDS) as [
    RankedListName,
    (typeof RANKED_FIELDS)[RankedListName],
  ][]) {
    const path = `/api/v1/teams/:teamUID/${list}`;
    const tags = ['setup'];

    app.get(
      path,
      { schema: { tags, summary: `The team's ${summary}, in order`, params: teamParams } },
      async (request) => {
        const actor = await requireActor(auth, request);
        return { data: await lists.list(actor, request.params.teamUID, list) };
      },
    );

    app.post(
      path,
      {
        schema: {
          tags,
          summary: `Add to the ${summary} (owner or admin)`,
          params: teamParams,
          body: z.object({ ...fields, ...placement }).strict(),
        },
      },
      async (request, reply) => {
        const actor = await requireActor(auth, request);
        const { after, before, ...values } = request.body as Record<string, string>;
        await lists.save(actor, request.params.teamUID, list, null, values, { after, before });
        return reply.status(201).send({ data: await lists.list(actor, request.params.teamUID, list) });
      },
    );

    app.patch(
      `${path}/:itemID`,
      {
        schema: {
          tags,
          summary: `Change or move one of the ${summary} (owner or admin)`,
          params: itemParams,
          body: z
            .object({ ...fields, ...placement })
            .partial()
            .strict(),
        },
      },
      async (request) => {
        const actor = await requireActor(auth, request);
        const { after, before, ...values } = request.body as Record<string, string>;
        await lists.save(actor, request.params.teamUID, list, request.params.itemID, values, {
          after,
          before,
        });
        return { data: await lists.list(actor, request.params.teamUID, list) };
      },
    );

    app.delete(
      `${path}/:itemID`,
      { schema: { tags, summary: `Delete one of the ${summary}`, params: itemParams } },
      async (request, reply) => {
        const actor = await requireActor(auth, request);
        await lists.remove(actor, request.params.teamUID, list, request.params.itemID);
        return reply.status(204).send();
      },
    );
  }

  const filterSetBody = z
    .object({
      name: z.string().trim().min(1, 'Name the view').max(100),
      filter: searchFilterSchema.omit({ filterSetId: true }),
    })
    .strict();

  app.get(
    '/api/v1/teams/:teamUID/filter-sets',
    { schema: { tags: ['contacts'], summary: "The team's saved views", params: teamParams } },
    async (request) => {
      const actor = await requireActor(auth, request);
      return { data: await lists.listFilterSets(actor, request.params.teamUID) };
    },
  );

  app.post(
    '/api/v1/teams/:teamUID/filter-sets',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Save the current filters as a named view',
        params: teamParams,
        body: filterSetBody,
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      const filterSetId = await lists.saveFilterSet(actor, request.params.teamUID, null, request.body);
      return reply.status(201).send({ data: { filterSetUID: filterSetId } });
    },
  );

  app.patch(
    '/api/v1/teams/:teamUID/filter-sets/:itemID',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Rename or change a saved view',
        params: itemParams,
        body: filterSetBody,
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      await lists.saveFilterSet(actor, request.params.teamUID, request.params.itemID, request.body);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/v1/teams/:teamUID/filter-sets/:itemID',
    { schema: { tags: ['contacts'], summary: 'Delete a saved view', params: itemParams } },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      await lists.removeFilterSet(actor, request.params.teamUID, request.params.itemID);
      return reply.status(204).send();
    },
  );

  const setupTags = ['setup'];

  app.get(
    '/api/v1/teams/:teamUID/test-questions',
    {
      schema: {
        tags: setupTags,
        summary: 'Sample answers and what capturing reads out of each',
        params: teamParams,
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      return { data: await lists.listTestQuestions(actor, request.params.teamUID) };
    },
  );

  app.post(
    '/api/v1/teams/:teamUID/test-questions',
    {
      schema: {
        tags: setupTags,
        summary: 'Add a sample answer (owner or admin)',
        params: teamParams,
        body: z
          .object({ question: z.string().trim().min(1).max(500), answer: z.string().trim().min(1).max(5000) })
          .strict(),
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      await lists.addTestQuestion(actor, request.params.teamUID, request.body);
      return reply.status(201).send({ data: await lists.listTestQuestions(actor, request.params.teamUID) });
    },
  );

  app.delete(
    '/api/v1/teams/:teamUID/test-questions/:itemID',
    { schema: { tags: setupTags, summary: 'Delete a sample answer', params: itemParams } },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      await lists.removeTestQuestion(actor, request.params.teamUID, request.params.itemID);
      return reply.status(204).send();
    },
  );

  const postFields = {
    platform: z.enum(SOCIAL_PLATFORMS),
    /** The post's address; one saved post per address. */
    url: webAddressSchema,
    title: z.string().trim().max(200),
    /** Tags the post's commenters get. */
    tagIds: z.array(id).max(50),
  };

  app.get(
    '/api/v1/teams/:teamUID/saved-tag-posts',
    { schema: { tags: ['contacts'], summary: 'Posts saved to tag their commenters', params: teamParams } },
    async (request) => {
      const actor = await requireActor(auth, request);
      return { data: await lists.listSavedTagPosts(actor, request.params.teamUID) };
    },
  );

  app.post(
    '/api/v1/teams/:teamUID/saved-tag-posts',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Save a post to tag its commenters',
        params: teamParams,
        body: z.object(postFields).partial({ title: true, tagIds: true }).strict(),
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      const postId = await lists.saveTagPost(actor, request.params.teamUID, null, request.body);
      return reply.status(201).send({ data: { postUID: postId } });
    },
  );

  app.patch(
    '/api/v1/teams/:teamUID/saved-tag-posts/:itemID',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Change a saved post',
        params: itemParams,
        body: z.object(postFields).partial().strict(),
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      await lists.saveTagPost(actor, request.params.teamUID, request.params.itemID, request.body);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/v1/teams/:teamUID/saved-tag-posts/:itemID',
    { schema: { tags: ['contacts'], summary: 'Forget a saved post', params: itemParams } },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      await lists.removeTagPost(actor, request.params.teamUID, request.params.itemID);
      return reply.status(204).send();
    },
  );
}
