import { z } from 'zod';
import { activitySchema, contactSchema, dealSchema, noteSchema } from './contact-contracts';
import { SOCIAL_PLATFORMS } from './constants';
import { listedTaskSchema } from './task-contracts';

// What the extension's sidebar reads about the person on screen (SPEC §7 v2-contacts-getCoreData),
// what it reports when a selector finds nothing, and the photo it has the server keep.

/** The person on screen as the page names them: a profile id, a username or a profile address. */
export const coreDataQuerySchema = z.object({
  platform: z.enum(SOCIAL_PLATFORMS),
  contact: z
    .object({
      profileId: z.string().trim().min(1).max(200).optional(),
      username: z.string().trim().min(1).max(200).optional(),
      url: z.string().trim().min(1).max(2048).optional(),
    })
    .strict(),
});
export type CoreDataQuery = z.infer<typeof coreDataQuerySchema>;

/** A pipeline the contact is in, with their stage there. */
export const coreDataPipelineSchema = z.object({
  pipelineUID: z.string(),
  name: z.string(),
  stage: z.object({ id: z.string(), name: z.string(), color: z.string() }),
});

/** A tag of the contact, with its set; pipelineID null for a global tag. */
export const coreDataTagSchema = z.object({
  tagUID: z.string(),
  name: z.string(),
  tagSetUID: z.string(),
  pipelineID: z.string().nullable(),
});

/**
 * The person on screen, as far as the reader may see them: not in GroupTrack; in GroupTrack but
 * only in pipelines the reader cannot see (`hidden`, and nothing of them); or their contact with
 * their pipelines and stages, tags, deals, latest notes, open tasks and last activity.
 */
export const coreDataSchema = z.union([
  z.object({ found: z.literal(false) }),
  z.object({ found: z.literal(true), hidden: z.literal(true) }),
  z.object({
    found: z.literal(true),
    hidden: z.literal(false),
    contact: contactSchema,
    pipelines: z.array(coreDataPipelineSchema),
    tags: z.array(coreDataTagSchema),
    deals: z.array(dealSchema),
    /** The latest five, newest first. */
    notes: z.array(noteSchema),
    /** Soonest due first. */
    openTasks: z.array(listedTaskSchema),
    /** The newest line of their history the reader may see, or null. */
    lastActivity: activitySchema.nullable(),
  }),
]);
export type CoreData = z.infer<typeof coreDataSchema>;

/** A selector of a pack that found nothing on a page, as the extension reports it. */
export const selectorMissSchema = z
  .object({
    platform: z.enum(SOCIAL_PLATFORMS),
    pageKind: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .regex(/^[a-z][a-z0-9-]*$/, 'must be lower-case letters, digits and dashes, such as "profile"'),
    selectorId: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, 'must be letters, digits, ".", "_", ":" and "-"'),
    extensionVersion: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .regex(/^\d+(\.\d+){0,3}([-+][0-9A-Za-z.-]+)?$/, 'must be a version such as "1.2.3"'),
  })
  .strict();
export type SelectorMissReport = z.infer<typeof selectorMissSchema>;

/** A profile photo the server downloads once and then serves itself. */
export const profilePhotoRequestSchema = z
  .object({
    /** The platform's address of the photo (https). */
    profilePic: z.string().trim().min(1).max(4096),
    platform: z.enum(SOCIAL_PLATFORMS),
  })
  .strict();

/** At most this many people go in one overlay lookup (a member list is sent in pages of it). */
export const OVERLAY_LOOKUP_MAX = 200;

/** The people of a list page the overlay asks about, each keyed by its row (at most OVERLAY_LOOKUP_MAX). */
export const knownPeopleQuerySchema = z
  .object({
    platform: z.enum(SOCIAL_PLATFORMS),
    people: z
      .array(
        z
          .object({
            key: z.string().min(1).max(200),
            profileId: z.string().trim().min(1).max(200).nullable(),
            username: z.string().trim().min(1).max(200).nullable(),
          })
          .strict(),
      )
      .min(1)
      .max(OVERLAY_LOOKUP_MAX),
  })
  .strict();
export type KnownPeopleQuery = z.infer<typeof knownPeopleQuerySchema>;

/**
 * A badge for a person the reader may see: their stage in the pipeline, of those the reader may see,
 * they were last placed or moved in (ties go to the pipeline listed first).
 */
export const overlayBadgeSchema = z.object({
  key: z.string(),
  GTID: z.string(),
  name: z.string(),
  stageName: z.string(),
  color: z.string(),
  fontColor: z.string(),
  pipelineName: z.string(),
});
export type OverlayBadge = z.infer<typeof overlayBadgeSchema>;

/** The badges of the people asked about who are in GroupTrack and visible to the reader; none for the rest. */
export const knownPeopleSchema = z.object({ badges: z.array(overlayBadgeSchema) });
export type KnownPeople = z.infer<typeof knownPeopleSchema>;
