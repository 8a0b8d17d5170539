import {
  coreDataQuerySchema,
  coreDataSchema,
  knownPeopleQuerySchema,
  knownPeopleSchema,
  selectorMissSchema,
} from '@grouptrack/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireActor } from '../../platform/http/actor';
import { teamRoutes } from '../../platform/http/team-routes';
import type { App } from '../../platform/http/types';
import { selectorPackSchema } from './default-packs';

const tags = ['extension'];

/** How many open tasks of the person the sidebar shows, soonest due first. */
const OPEN_TASKS_SHOWN = 20;

/** What the browser extension reads besides the contact routes: selector packs, and the person on screen. */
export function registerExtensionRoutes(app: App, { auth, teams, contacts, tasks, selectors }: AppContext) {
  app.get(
    '/api/v1/extension/selectors',
    {
      schema: {
        tags,
        summary:
          "The selector packs the extension reads pages with: per platform, the newer of the bundled default and the operator's published pack",
        response: {
          200: z.object({ data: z.object({ packs: z.array(selectorPackSchema) }) }),
        },
      },
    },
    async (request) => {
      await requireActor(auth, request);
      return { data: { packs: await selectors.listPacks() } };
    },
  );

  app.post(
    '/api/v1/extension/selector-misses',
    {
      schema: {
        tags,
        summary:
          'Report a selector that found nothing on a page: counted per platform, page kind, selector and extension version for operators (at most 500 a user a day are counted)',
        body: selectorMissSchema,
        response: {
          202: z.object({
            /** False once the user's reports of the day are over the limit: this one was not counted. */
            data: z.object({ counted: z.boolean() }),
          }),
        },
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      const counted = await selectors.recordMiss(actor.userId, request.body);
      return reply.status(202).send({ data: { counted } });
    },
  );

  const routes = teamRoutes(app, { auth, teams });

  routes.post({
    path: '/contacts/core-data',
    schema: {
      tags: ['contacts', ...tags],
      summary:
        'SPEC v2-contacts-getCoreData: the person on screen, found by platform and profile id, username or profile address: not found, hidden (only in pipelines the member cannot see), or their contact, pipelines, tags, deals, latest notes, open tasks and last activity',
      body: coreDataQuerySchema,
      response: coreDataSchema,
    },
    handler: async ({ member, body }) => {
      const found = await contacts.findCoreData(member, body);
      if (!found.found || found.hidden) return found;
      const openTasks = await tasks.listTasks(member, {
        scope: 'mine',
        status: 'active',
        contactId: found.contact.GTID,
        limit: OPEN_TASKS_SHOWN,
      });
      return { ...found, openTasks };
    },
  });

  routes.post({
    path: '/contacts/known',
    schema: {
      tags: ['contacts', ...tags],
      summary:
        "The extension's overlay on a list page: of up to 200 people named by platform and profile id or username, those in GroupTrack the reader may see, each with the stage and pipeline they were last placed or moved in",
      body: knownPeopleQuerySchema,
      response: knownPeopleSchema,
    },
    handler: async ({ member, body }) => contacts.listKnownPeople(member, body),
  });
}
