import {
  SOCIAL_PLATFORMS,
  activityPageSchema,
  capturedContactSchema,
  contactSchema,
  dealSchema,
  noteSchema,
  contactMatchesSchema,
  emailSchema,
  isRank,
  phoneSchema,
  readProfileAddress,
  webAddressSchema,
} from '@grouptrack/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { BadRequestError } from '../../platform/errors';
import { teamParams, teamRoutes } from '../../platform/http/team-routes';
import type { App } from '../../platform/http/types';

const tags = ['contacts'];
const id = z.string().min(1).max(100);
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

export function registerContactRoutes(app: App, { auth, teams, contacts }: AppContext) {
  const routes = teamRoutes(app, { auth, teams });

  routes.post({
    path: '/contacts',
    schema: {
      tags,
      summary:
        'Capture a contact: creates them, or updates the same person found by profile id, username or email (with createOnly, leaves them unchanged and answers 409 contact-exists)',
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
          /**
           * A contact added by hand: only a new person is created. The same person found again is
           * left unchanged and the answer is 409 contact-exists, whose details name them (GTID,
           * name, matchedBy). Without it, the same person found again is brought up to date.
           */
          createOnly: z.boolean().optional(),
        })
        .strict(),
      replies: { 200: capturedContactSchema, 201: capturedContactSchema },
    },
    // 201 when the contact is new, 200 when an existing one was updated; the body says which.
    status: 'reply',
    handler: async ({ member, body, reply }) => {
      const { contactId, created } = await contacts.captureContact(member, body);
      return reply
        .status(created ? 201 : 200)
        .send({ data: await contacts.getContact(member, contactId), created });
    },
  });

  routes.get({
    path: '/contacts/matches',
    schema: {
      tags,
      summary:
        'Contacts that may be the person about to be added: the same person (by profile or email, as capture finds them) first, then the same name or phone number',
      querystring: z.object({
        name: nameField.optional(),
        /** A profile address, or a handle with `platform`. */
        profile: z.string().trim().max(2048).optional(),
        /** The platform of a handle typed alone; an address names its own. */
        platform: z.enum(SOCIAL_PLATFORMS).optional(),
        email: emailSchema.optional(),
        phone: phoneSchema.optional(),
      }),
      response: contactMatchesSchema,
    },
    handler: ({ member, query }) => {
      const reading = query.profile ? readProfileAddress(query.profile, query.platform) : null;
      if (reading && !reading.ok)
        throw new BadRequestError(`Invalid querystring.profile: ${reading.message}`);
      return contacts.findContactMatches(member, {
        name: query.name,
        profile: reading?.profile,
        emailAddress: query.email,
        phoneNumber: query.phone || undefined,
      });
    },
  });

  routes.get({
    path: '/contacts/:GTID',
    schema: {
      tags,
      summary: 'A contact with their sources, tags and data per visible pipeline',
      response: contactSchema,
      params: contactParams,
    },
    handler: ({ member, params }) => contacts.getContact(member, params.GTID),
  });

  routes.patch({
    path: '/contacts/:GTID',
    schema: {
      tags,
      summary: "Change a contact's names, email, phone, photo, sources or status label",
      response: contactSchema,
      params: contactParams,
      body: z
        .object({
          ...contactFields,
          /** A status label's labelUID sets it; null clears it. */
          statusLabelId: id.nullable().optional(),
        })
        .strict(),
    },
    handler: async ({ member, params, body }) => {
      await contacts.updateContact(member, params.GTID, body);
      return contacts.getContact(member, params.GTID);
    },
  });

  routes.delete({
    path: '/contacts/:GTID',
    schema: {
      tags,
      summary: 'Delete a contact (owner or admin): gone from every list now, restorable for 30 days',
      params: contactParams,
    },
    status: 204,
    handler: ({ member, params }) => contacts.deleteContact(member, params.GTID),
  });

  routes.delete({
    path: '/contacts/:GTID/sources/:platform',
    schema: {
      tags,
      summary: 'Take a platform profile off a contact; answers the contact',
      response: contactSchema,
      params: contactParams.extend({ platform: z.enum(SOCIAL_PLATFORMS) }),
    },
    handler: async ({ member, params }) => {
      await contacts.removeSource(member, params.GTID, params.platform);
      return contacts.getContact(member, params.GTID);
    },
  });

  const pipelineParams = contactParams.extend({ pipelineID: id });

  routes.put({
    path: '/contacts/:GTID/pipelines/:pipelineID',
    schema: {
      tags,
      summary: 'Add the contact to a pipeline, or move them to another stage of it',
      response: contactSchema,
      params: pipelineParams,
      body: z
        .object({
          stageId: id.optional(),
          questions: answers.optional(),
          /**
           * Where in the stage the card goes (a rank the board read); the end of the stage without
           * it. An Undo of a move sends the card's rank before it, so it lands where it was.
           */
          rank: z.string().max(100).refine(isRank, 'must be a card rank').optional(),
          /** Or the card it is dropped after (or before), by its contact id: the server finds the rank. */
          after: id.optional(),
          before: id.optional(),
        })
        .strict()
        .refine((body) => [body.rank, body.after, body.before].filter(Boolean).length <= 1, {
          message: 'Give one of rank, after and before, not several.',
        }),
    },
    handler: async ({ member, params, body }) => {
      await contacts.setPipelineStage(member, params.GTID, {
        pipelineId: params.pipelineID,
        ...body,
      });
      return contacts.getContact(member, params.GTID);
    },
  });

  routes.delete({
    path: '/contacts/:GTID/pipelines/:pipelineID',
    schema: { tags, summary: 'Take the contact out of a pipeline', params: pipelineParams },
    status: 204,
    handler: ({ member, params }) => contacts.removeFromPipeline(member, params.GTID, params.pipelineID),
  });

  const tagParams = contactParams.extend({ tagID: id });

  routes.put({
    path: '/contacts/:GTID/tags/:tagID',
    schema: { tags, summary: 'Tag the contact', params: tagParams },
    status: 204,
    handler: ({ member, params }) => contacts.setTag(member, params.GTID, params.tagID, true),
  });

  routes.delete({
    path: '/contacts/:GTID/tags/:tagID',
    schema: { tags, summary: 'Take a tag off the contact', params: tagParams },
    status: 204,
    handler: ({ member, params }) => contacts.setTag(member, params.GTID, params.tagID, false),
  });

  routes.get({
    path: '/contacts/:GTID/activities',
    schema: {
      tags,
      summary: "The contact's history, newest first, a page at a time",
      response: activityPageSchema,
      params: contactParams,
      querystring: z.object({
        limit: z.coerce.number().int().min(1).max(200).default(50),
        /** The nextCursor of the previous page. */
        before: z.string().max(300).optional(),
      }),
    },
    handler: ({ member, params, query }) => contacts.listActivities(member, params.GTID, query),
  });

  routes.get({
    path: '/contacts/:GTID/notes',
    schema: {
      tags,
      summary: "The contact's notes, newest first",
      response: z.array(noteSchema),
      params: contactParams,
    },
    handler: ({ member, params }) => contacts.listNotes(member, params.GTID),
  });

  const noteBody = z.object({ text: z.string().trim().min(1, 'Write the note').max(20_000) }).strict();

  routes.post({
    path: '/contacts/:GTID/notes',
    schema: { tags, summary: 'Add a note', response: noteSchema, params: contactParams, body: noteBody },
    status: 201,
    handler: ({ member, params, body }) => contacts.addNote(member, params.GTID, body.text),
  });

  const noteParams = contactParams.extend({ noteID: id });

  routes.patch({
    path: '/contacts/:GTID/notes/:noteID',
    schema: {
      tags,
      summary: 'Edit a note (its author, the owner or an admin)',
      params: noteParams,
      body: noteBody,
    },
    status: 204,
    handler: ({ member, params, body }) => contacts.editNote(member, params.GTID, params.noteID, body.text),
  });

  routes.delete({
    path: '/contacts/:GTID/notes/:noteID',
    schema: { tags, summary: 'Delete a note (its author, the owner or an admin)', params: noteParams },
    status: 204,
    handler: ({ member, params }) => contacts.editNote(member, params.GTID, params.noteID, null),
  });

  routes.post({
    path: '/contacts/:GTID/notes/:noteID/restore',
    schema: {
      tags,
      summary:
        'Bring back a deleted note as it was (the Undo of a delete; its author, the owner or an admin)',
      response: noteSchema,
      params: noteParams,
    },
    handler: ({ member, params }) => contacts.restoreNote(member, params.GTID, params.noteID),
  });

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

  routes.get({
    path: '/contacts/:GTID/deals',
    schema: { tags, summary: "The contact's deals", response: z.array(dealSchema), params: contactParams },
    handler: ({ member, params }) => contacts.listDeals(member, params.GTID),
  });

  routes.post({
    path: '/contacts/:GTID/deals',
    schema: {
      tags,
      summary: 'Add a deal',
      response: dealSchema,
      params: contactParams,
      body: z.object(dealFields).partial().required({ name: true, value: true }).strict(),
    },
    status: 201,
    handler: ({ member, params, body }) => contacts.saveDeal(member, params.GTID, null, body),
  });

  const dealParams = contactParams.extend({ dealID: id });

  routes.patch({
    path: '/contacts/:GTID/deals/:dealID',
    schema: {
      tags,
      summary: 'Change, win or lose a deal',
      response: dealSchema,
      params: dealParams,
      body: z.object(dealFields).partial().strict(),
    },
    handler: ({ member, params, body }) => contacts.saveDeal(member, params.GTID, params.dealID, body),
  });

  routes.delete({
    path: '/contacts/:GTID/deals/:dealID',
    schema: { tags, summary: 'Delete a deal', params: dealParams },
    status: 204,
    handler: ({ member, params }) => contacts.deleteDeal(member, params.GTID, params.dealID),
  });

  routes.post({
    path: '/contacts/:GTID/merge',
    schema: {
      tags,
      summary:
        'Merge another contact into this one, keeping all history, tags, deals, notes and pipeline data',
      response: contactSchema,
      params: contactParams,
      /** The contact that is joined into this one and then removed. */
      body: z.object({ otherGTID: id }).strict(),
    },
    handler: async ({ member, params, body }) => {
      await contacts.mergeContacts(member, params.GTID, body.otherGTID);
      return contacts.getContact(member, params.GTID);
    },
  });
}
