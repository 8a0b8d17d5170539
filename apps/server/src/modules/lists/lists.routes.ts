import {
  SOCIAL_PLATFORMS,
  hexColorSchema,
  createdFilterSetSchema,
  createdTagPostSchema,
  filterSetSchema,
  phaseSchema,
  savedTagPostSchema,
  searchFilterSchema,
  statusLabelSchema,
  teamQuestionSchema,
  testQuestionSchema,
  webAddressSchema,
} from '@grouptrack/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { declareTeamList } from '../../platform/http/team-list-routes';
import { teamParams, teamRoutes } from '../../platform/http/team-routes';
import type { App } from '../../platform/http/types';
import type { RankedListName } from './lists.service';

const id = z.string().min(1).max(100);
const itemParams = teamParams.extend({ itemID: id });
const placement = { after: id.optional(), before: id.optional() };

/** The fields of each ranked list, as its forms send them, and one item as its routes answer it. */
const RANKED_FIELDS: Record<RankedListName, { fields: z.ZodRawShape; summary: string; item: z.ZodType }> = {
  'status-labels': {
    fields: { display: z.string().trim().min(1, 'Enter the label').max(60), color: hexColorSchema },
    summary: 'status labels',
    item: statusLabelSchema,
  },
  phases: {
    fields: { name: z.string().trim().min(1, 'Enter the phase name').max(60) },
    summary: 'phases',
    item: phaseSchema,
  },
  questions: {
    fields: {
      text: z.string().trim().min(1, 'Enter the question').max(500),
      /** What the answer holds: capturing reads an email or phone from it first. */
      answerField: z.enum(['email', 'phone', 'none']),
    },
    summary: 'membership questions',
    item: teamQuestionSchema,
  },
};

export function registerListRoutes(app: App, { auth, teams, lists }: AppContext) {
  const routes = teamRoutes(app, { auth, teams });

  for (const [list, { fields, summary, item }] of Object.entries(RANKED_FIELDS) as [
    RankedListName,
    (typeof RANKED_FIELDS)[RankedListName],
  ][]) {
    declareTeamList(routes, {
      tags: ['setup'],
      path: `/${list}`,
      itemParam: 'itemID',
      itemParams,
      list: {
        summary: `The team's ${summary}, in order`,
        response: z.array(item),
        handler: ({ member }) => lists.list(member, list),
      },
      create: {
        summary: `Add to the ${summary} (owner or admin)`,
        body: z.object({ ...fields, ...placement }).strict(),
        response: z.array(item),
        handler: async ({ member, body }) => {
          const { after, before, ...values } = body as Record<string, string>;
          await lists.save(member, list, null, values, { after, before });
          return lists.list(member, list);
        },
      },
      update: {
        summary: `Change or move one of the ${summary} (owner or admin)`,
        response: z.array(item),
        body: z
          .object({ ...fields, ...placement })
          .partial()
          .strict(),
        handler: async ({ member, params, body }) => {
          const { after, before, ...values } = body as Record<string, string>;
          await lists.save(member, list, params.itemID, values, { after, before });
          return lists.list(member, list);
        },
      },
      remove: {
        summary: `Delete one of the ${summary}`,
        handler: ({ member, params }) => lists.remove(member, list, params.itemID),
      },
    });
  }

  const filterSetBody = z
    .object({
      name: z.string().trim().min(1, 'Name the view').max(100),
      filter: searchFilterSchema.omit({ filterSetId: true }),
    })
    .strict();

  declareTeamList(routes, {
    tags: ['contacts'],
    path: '/filter-sets',
    itemParam: 'itemID',
    itemParams,
    list: {
      summary: "The team's saved views",
      response: z.array(filterSetSchema),
      handler: ({ member }) => lists.listFilterSets(member),
    },
    create: {
      summary: 'Save the current filters as a named view',
      response: createdFilterSetSchema,
      body: filterSetBody,
      handler: async ({ member, body }) => ({
        filterSetUID: await lists.saveFilterSet(member, null, body),
      }),
    },
    update: {
      summary: 'Rename or change a saved view',
      body: filterSetBody,
      noContent: true,
      handler: ({ member, params, body }) => lists.saveFilterSet(member, params.itemID, body),
    },
    remove: {
      summary: 'Delete a saved view',
      handler: ({ member, params }) => lists.removeFilterSet(member, params.itemID),
    },
  });

  const setupTags = ['setup'];

  routes.get({
    path: '/test-questions',
    schema: {
      tags: setupTags,
      summary: 'Sample answers and what capturing reads out of each',
      response: z.array(testQuestionSchema),
    },
    handler: ({ member }) => lists.listTestQuestions(member),
  });

  routes.post({
    path: '/test-questions',
    schema: {
      tags: setupTags,
      summary: 'Add a sample answer (owner or admin)',
      response: z.array(testQuestionSchema),
      body: z
        .object({ question: z.string().trim().min(1).max(500), answer: z.string().trim().min(1).max(5000) })
        .strict(),
    },
    status: 201,
    handler: async ({ member, body }) => {
      await lists.addTestQuestion(member, body);
      return lists.listTestQuestions(member);
    },
  });

  routes.delete({
    path: '/test-questions/:itemID',
    schema: { tags: setupTags, summary: 'Delete a sample answer', params: itemParams },
    status: 204,
    handler: ({ member, params }) => lists.removeTestQuestion(member, params.itemID),
  });

  const postFields = {
    platform: z.enum(SOCIAL_PLATFORMS),
    /** The post's address; one saved post per address. */
    url: webAddressSchema,
    title: z.string().trim().max(200),
    /** Tags the post's commenters get. */
    tagIds: z.array(id).max(50),
  };

  declareTeamList(routes, {
    tags: ['contacts'],
    path: '/saved-tag-posts',
    itemParam: 'itemID',
    itemParams,
    list: {
      summary: 'Posts saved to tag their commenters',
      response: z.array(savedTagPostSchema),
      handler: ({ member }) => lists.listSavedTagPosts(member),
    },
    create: {
      summary: 'Save a post to tag its commenters',
      response: createdTagPostSchema,
      body: z.object(postFields).partial({ title: true, tagIds: true }).strict(),
      handler: async ({ member, body }) => ({
        postUID: await lists.saveTagPost(member, null, body),
      }),
    },
    update: {
      summary: 'Change a saved post',
      body: z.object(postFields).partial().strict(),
      noContent: true,
      handler: ({ member, params, body }) => lists.saveTagPost(member, params.itemID, body),
    },
    remove: {
      summary: 'Forget a saved post',
      handler: ({ member, params }) => lists.removeTagPost(member, params.itemID),
    },
  });
}
