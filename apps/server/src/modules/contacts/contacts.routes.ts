import { SOCIAL_PLATFORMS, emailSchema, phoneSchema, webAddressSchema } from '@grouptrack/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireActor } from '../../platform/http/actor';
import type { App } from '../../platform/http/types';

const tags = ['contacts'];
const id = z.string().min(1).max(100);
const teamParams = z.object({ teamUID: id });
const contactParams = teamParams.extend({ GTID: id });
const nameField = z.string().trim().max(100, 'A name can be at most 100 characters');

const contactFields = {
  firstName: nameField.optional(),
  lastName: nameField.optional(),
  /** The full name; split into first and last when those are left out. */
  name: nameField.optional(),
  /** Lower-cased; null clears it. */
  emailAddress: emailSchema.nullable().optional(),
  /** Normalised to E.164 when a country can be inferred, kept as typed otherwise. */
  phoneNumber: phoneSchema.nullable().optional(),
  photoURL: webAddressSchema.nullable().optional(),
  /** Where the person is on each platform; a profile id or username finds them again. */
  sources: z
    .array(
      z
        .object({
          platform: z.enum(SOCIAL_PLATFORMS),
          profileId: z.string().trim().min(1).max(200).nullable().optional(),
          username: z.string().trim().min(1).max(200).nullable().optional(),
          url: webAddressSchema.nullable().optional(),
        })
        .strict(),
    )
    .max(SOCIAL_PLATFORMS.length)
    .optional(),
};

const answers = z
  .array(z.object({ question: z.string().max(500), answer: z.string().max(5000) }).strict())
  .max(20);

export function registerContactRoutes(app: App, { auth, contacts }: AppContext) {
  app.post(
    '/api/v1/teams/:teamUID/contacts',
    {
      schema: {
        tags,
        summary:
          'Capture a contact: creates them, or updates the same person found by profile id, username or email',
        params: teamParams,
        body: z
          .object({
            ...contactFields,
            /** The pipeline (and stage, first by default) to place them in, with their answers. */
            pipeline: z
              .object({ pipelineId: id, stageId: id.optional(), questions: answers.optional() })
              .strict()
              .optional(),
            /** Tags to add. */
            tagIds: z.array(id).max(100).optional(),
            /** Tag names as they arrived ("Set: Tag" or "Tag"); unknown names wait in orphaned tags. */
            tagNames: z.array(z.string().trim().min(1).max(200)).max(100).optional(),
          })
          .strict(),
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      const { teamUID } = request.params;
      const { contactId, created } = await contacts.captureContact(actor, teamUID, request.body);
      return reply
        .status(created ? 201 : 200)
        .send({ data: await contacts.getContact(actor, teamUID, contactId), created });
    },
  );

  app.get(
    '/api/v1/teams/:teamUID/contacts/:GTID',
    {
      schema: {
        tags,
        summary: 'A contact with their sources, tags and data per visible pipeline',
        params: contactParams,
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      return { data: await contacts.getContact(actor, request.params.teamUID, request.params.GTID) };
    },
  );

  app.patch(
    '/api/v1/teams/:teamUID/contacts/:GTID',
    {
      schema: {
        tags,
        summary: "Change a contact's names, email, phone, photo or sources",
        params: contactParams,
        body: z.object(contactFields).strict(),
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      const { teamUID, GTID } = request.params;
      await contacts.updateContact(actor, teamUID, GTID, request.body);
      return { data: await contacts.getContact(actor, teamUID, GTID) };
    },
  );

  app.delete(
    '/api/v1/teams/:teamUID/contacts/:GTID',
    {
      schema: { tags, summary: 'Delete a contact and their history (owner or admin)', params: contactParams },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      await contacts.deleteContact(actor, request.params.teamUID, request.params.GTID);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/v1/teams/:teamUID/contacts/:GTID/sources/:platform',
    {
      schema: {
        tags,
        summary: 'Take a platform profile off a contact; answers the contact',
        params: contactParams.extend({ platform: z.enum(SOCIAL_PLATFORMS) }),
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      const { teamUID, GTID, platform } = request.params;
      await contacts.removeSource(actor, teamUID, GTID, platform);
      return { data: await contacts.getContact(actor, teamUID, GTID) };
    },
  );

  const pipelineParams = contactParams.extend({ pipelineID: id });

  app.put(
    '/api/v1/teams/:teamUID/contacts/:GTID/pipelines/:pipelineID',
    {
      schema: {
        tags,
        summary: 'Add the contact to a pipeline, or move them to another stage of it',
        params: pipelineParams,
        body: z.object({ stageId: id.optional(), questions: answers.optional() }).strict(),
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      const { teamUID, GTID, pipelineID } = request.params;
      await contacts.setPipelineStage(actor, teamUID, GTID, { pipelineId: pipelineID, ...request.body });
      return { data: await contacts.getContact(actor, teamUID, GTID) };
    },
  );

  app.delete(
    '/api/v1/teams/:teamUID/contacts/:GTID/pipelines/:pipelineID',
    { schema: { tags, summary: 'Take the contact out of a pipeline', params: pipelineParams } },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      const { teamUID, GTID, pipelineID } = request.params;
      await contacts.removeFromPipeline(actor, teamUID, GTID, pipelineID);
      return reply.status(204).send();
    },
  );

  const tagParams = contactParams.extend({ tagID: id });

  app.put(
    '/api/v1/teams/:teamUID/contacts/:GTID/tags/:tagID',
    { schema: { tags, summary: 'Tag the contact', params: tagParams } },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      await contacts.setTag(actor, request.params.teamUID, request.params.GTID, request.params.tagID, true);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/v1/teams/:teamUID/contacts/:GTID/tags/:tagID',
    { schema: { tags, summary: 'Take a tag off the contact', params: tagParams } },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      await contacts.setTag(actor, request.params.teamUID, request.params.GTID, request.params.tagID, false);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/v1/teams/:teamUID/contacts/:GTID/activities',
    {
      schema: {
        tags,
        summary: "The contact's history, newest first, a page at a time",
        params: contactParams,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(200).default(50),
          /** The nextCursor of the previous page. */
          before: z.string().max(300).optional(),
        }),
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      return {
        data: await contacts.listActivities(
          actor,
          request.params.teamUID,
          request.params.GTID,
          request.query,
        ),
      };
    },
  );

  app.get(
    '/api/v1/teams/:teamUID/contacts/:GTID/notes',
    { schema: { tags, summary: "The contact's notes, newest first", params: contactParams } },
    async (request) => {
      const actor = await requireActor(auth, request);
      return { data: await contacts.listNotes(actor, request.params.teamUID, request.params.GTID) };
    },
  );

  const noteBody = z.object({ text: z.string().trim().min(1, 'Write the note').max(20_000) }).strict();

  app.post(
    '/api/v1/teams/:teamUID/contacts/:GTID/notes',
    { schema: { tags, summary: 'Add a note', params: contactParams, body: noteBody } },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      const note = await contacts.addNote(
        actor,
        request.params.teamUID,
        request.params.GTID,
        request.body.text,
      );
      return reply.status(201).send({ data: note });
    },
  );

  const noteParams = contactParams.extend({ noteID: id });

  app.patch(
    '/api/v1/teams/:teamUID/contacts/:GTID/notes/:noteID',
    {
      schema: {
        tags,
        summary: 'Edit a note (its author, the owner or an admin)',
        params: noteParams,
        body: noteBody,
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      const { teamUID, GTID, noteID } = request.params;
      await contacts.editNote(actor, teamUID, GTID, noteID, request.body.text);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/v1/teams/:teamUID/contacts/:GTID/notes/:noteID',
    { schema: { tags, summary: 'Delete a note (its author, the owner or an admin)', params: noteParams } },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      const { teamUID, GTID, noteID } = request.params;
      await contacts.editNote(actor, teamUID, GTID, noteID, null);
      return reply.status(204).send();
    },
  );

  const dealFields = {
    name: z.string().trim().min(1, 'Name the deal').max(200),
    /** The amount, up to 2 decimals. */
    value: z.number().min(0).max(1_000_000_000_000),
    /** ISO 4217 code, e.g. USD. */
    currency: z.string().regex(/^[A-Z]{3}$/, 'Use a 3-letter currency code like USD'),
    /** won and lost close the deal. */
    status: z.enum(['open', 'won', 'lost']),
    pipelineId: id.nullable(),
  };

  app.get(
    '/api/v1/teams/:teamUID/contacts/:GTID/deals',
    { schema: { tags, summary: "The contact's deals", params: contactParams } },
    async (request) => {
      const actor = await requireActor(auth, request);
      return { data: await contacts.listDeals(actor, request.params.teamUID, request.params.GTID) };
    },
  );

  app.post(
    '/api/v1/teams/:teamUID/contacts/:GTID/deals',
    {
      schema: {
        tags,
        summary: 'Add a deal',
        params: contactParams,
        body: z.object(dealFields).partial().required({ name: true, value: true }).strict(),
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      const deal = await contacts.saveDeal(
        actor,
        request.params.teamUID,
        request.params.GTID,
        null,
        request.body,
      );
      return reply.status(201).send({ data: deal });
    },
  );

  const dealParams = contactParams.extend({ dealID: id });

  app.patch(
    '/api/v1/teams/:teamUID/contacts/:GTID/deals/:dealID',
    {
      schema: {
        tags,
        summary: 'Change, win or lose a deal',
        params: dealParams,
        body: z.object(dealFields).partial().strict(),
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      const { teamUID, GTID, dealID } = request.params;
      return { data: await contacts.saveDeal(actor, teamUID, GTID, dealID, request.body) };
    },
  );

  app.delete(
    '/api/v1/teams/:teamUID/contacts/:GTID/deals/:dealID',
    { schema: { tags, summary: 'Delete a deal', params: dealParams } },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      const { teamUID, GTID, dealID } = request.params;
      await contacts.deleteDeal(actor, teamUID, GTID, dealID);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/teams/:teamUID/contacts/:GTID/merge',
    {
      schema: {
        tags,
        summary:
          'Merge another contact into this one, keeping all history, tags, deals, notes and pipeline data',
        params: contactParams,
        /** The contact that is joined into this one and then removed. */
        body: z.object({ otherGTID: id }).strict(),
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      const { teamUID, GTID } = request.params;
      await contacts.mergeContacts(actor, teamUID, GTID, request.body.otherGTID);
      return { data: await contacts.getContact(actor, teamUID, GTID) };
    },
  );

  app.get(
    '/api/v1/teams/:teamUID/orphaned-tags',
    {
      schema: {
        tags,
        summary: 'Tag names that matched no tag, with how many contacts carry each (owner or admin)',
        params: teamParams,
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      return { data: await contacts.listOrphanedTags(actor, request.params.teamUID) };
    },
  );

  app.post(
    '/api/v1/teams/:teamUID/orphaned-tags/resolve',
    {
      schema: {
        tags,
        summary: 'Give the contacts of an orphaned tag name a real tag, or dismiss it (tagId null)',
        params: teamParams,
        body: z.object({ key: z.string().trim().min(1).max(200), tagId: id.nullable() }).strict(),
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      return {
        data: await contacts.resolveOrphanedTag(
          actor,
          request.params.teamUID,
          request.body.key,
          request.body.tagId,
        ),
      };
    },
  );
}
