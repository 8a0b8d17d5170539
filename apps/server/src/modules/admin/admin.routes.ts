import {
  SOCIAL_PLATFORMS,
  SUBSCRIPTION_STATUSES,
  emailSchema,
  hexColorSchema,
  webAddressSchema,
} from '@grouptrack/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { BadRequestError } from '../../platform/errors';
import { requireSuperActor } from '../../platform/http/actor';
import type { App } from '../../platform/http/types';
import { forwardAuthResponse } from '../auth/forward-auth-response';

const tags = ['admin'];

const pageQuery = z.object({
  /** Text to find in names and email addresses. */
  q: z.string().trim().max(200).optional(),
  /** How many rows to return, at most 100. */
  limit: z.coerce.number().int().min(1).max(100).default(25),
  /** How many rows to skip. */
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

const notificationFields = z.object({
  /** Shown to users only when true. */
  published: z.boolean().default(false),
  /** Where it shows: the web app, the extension, or both. */
  platform: z.enum(['web', 'extension', 'any']),
  /** A toast closes after 5 s, a banner stays, a modal asks for attention. */
  type: z.enum(['toast', 'banner', 'modal']),
  title: z.string().trim().min(1).max(200),
  text: z.string().trim().min(1).max(5000),
  link: webAddressSchema.nullable().optional(),
  linkText: z.string().trim().max(100).nullable().optional(),
  fontColor: hexColorSchema.nullable().optional(),
  backgroundColor: hexColorSchema.nullable().optional(),
  backgroundIcon: z.string().trim().max(100).nullable().optional(),
  position: z.string().trim().max(50).nullable().optional(),
  /** The path it shows on, e.g. /contacts/pipeline; leave out for every page. */
  page: z
    .object({ value: z.string().trim().max(300) })
    .nullable()
    .optional(),
});

type NotificationInput = Partial<z.infer<typeof notificationFields>>;

function toNotificationColumns({ page, ...fields }: NotificationInput) {
  return { ...fields, ...(page !== undefined && { pageValue: page?.value || null }) };
}

/** Routes for operators; every /api/v1/admin route requires the super permission. */
export function registerAdminRoutes(app: App, { auth, mail, admin, appService, selectors }: AppContext) {
  void app.register((scope: App, _options, done) => {
    scope.addHook('onRequest', async (request) => {
      await requireSuperActor(auth, request);
    });

    scope.get(
      '/api/v1/admin/users',
      { schema: { tags, summary: 'Find users', querystring: pageQuery } },
      async (request) => ({
        data: await admin.searchUsers(request.query),
      }),
    );

    const userParams = z.object({ uid: z.string().min(1).max(64) });

    scope.get(
      '/api/v1/admin/users/:uid',
      { schema: { tags, summary: 'A user with their teams and who signed in as them', params: userParams } },
      async (request) => ({ data: await admin.getUser(request.params.uid) }),
    );

    scope.put(
      '/api/v1/admin/users/:uid/super',
      {
        schema: {
          tags,
          summary: 'Grant or revoke the super permission',
          params: userParams,
          body: z.object({ isSuper: z.boolean() }),
        },
      },
      async (request) => {
        const actor = await requireSuperActor(auth, request);
        await admin.setSuper(actor, request.params.uid, request.body.isSuper);
        return { data: await admin.getUser(request.params.uid) };
      },
    );

    scope.post(
      '/api/v1/admin/impersonations',
      {
        schema: {
          tags,
          summary: 'Sign in as another user to help them; recorded with the reason',
          body: z.object({
            /** The user to sign in as, by id… */
            uid: z.string().min(1).max(64).optional(),
            /** …or by email address. */
            email: emailSchema.optional(),
            /** Why, kept in the record. */
            reason: z.string().trim().min(3).max(500),
          }),
        },
      },
      async (request, reply) => {
        if (!request.body.uid && !request.body.email)
          throw new BadRequestError('Invalid body.uid: give uid or email.');
        const actor = await requireSuperActor(auth, request);
        const { response, user } = await admin.impersonate(actor, request.body, request.headers);
        await forwardAuthResponse(response, reply, { replaceBody: { data: { user } } });
        return reply;
      },
    );

    scope.get(
      '/api/v1/admin/teams',
      { schema: { tags, summary: 'Find teams', querystring: pageQuery } },
      async (request) => ({
        data: await admin.searchTeams(request.query),
      }),
    );

    scope.patch(
      '/api/v1/admin/teams/:teamUID/subscription',
      {
        schema: {
          tags,
          summary: "Change a team's plan: status, tier, trial end, platform plans, add-ons",
          params: z.object({ teamUID: z.string().min(1).max(64) }),
          body: z
            .object({
              status: z.enum(SUBSCRIPTION_STATUSES),
              /** 1 basic, 2 premier, 3 pro, 4 pro (40,000 contacts). */
              tier: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
              /** When the trial ends (ISO date-time), or null. */
              trialEndsAt: z.iso.datetime({ offset: true }).nullable(),
              facebookPlan: z.string().trim().max(40).nullable(),
              instagramPlan: z.string().trim().max(40).nullable(),
              /** Add-on blocks of 5,000 contacts. */
              contactBlocks: z.number().int().min(0).max(1000),
              /** Add-on seats. */
              extraSeats: z.number().int().min(0).max(1000),
            })
            .partial()
            .strict(),
        },
      },
      async (request) => {
        const { trialEndsAt, facebookPlan, instagramPlan, ...rest } = request.body;
        await admin.updateSubscription(request.params.teamUID, {
          ...rest,
          ...(trialEndsAt !== undefined && {
            trialEndsAt: trialEndsAt === null ? null : new Date(trialEndsAt),
          }),
          ...(facebookPlan !== undefined && { facebookPlan: facebookPlan || null }),
          ...(instagramPlan !== undefined && { instagramPlan: instagramPlan || null }),
        });
        const { items } = await admin.searchTeams({ q: request.params.teamUID, limit: 1, offset: 0 });
        return { data: items[0] };
      },
    );

    scope.get(
      '/api/v1/admin/app-notifications',
      { schema: { tags, summary: 'Every app notification' } },
      async () => ({
        data: await appService.listNotifications({ publishedOnly: false }),
      }),
    );

    scope.post(
      '/api/v1/admin/app-notifications',
      { schema: { tags, summary: 'Create an app notification', body: notificationFields } },
      async (request, reply) => {
        const actor = await requireSuperActor(auth, request);
        const { published, platform, type, title, text, ...rest } = request.body;
        const created = await appService.createNotification(actor, {
          published,
          platform,
          type,
          title,
          text,
          ...toNotificationColumns(rest),
        });
        return reply.status(201).send({ data: created });
      },
    );

    const notificationParams = z.object({ notificationId: z.string().min(1).max(64) });

    scope.patch(
      '/api/v1/admin/app-notifications/:notificationId',
      {
        schema: {
          tags,
          summary: 'Change, publish or unpublish an app notification',
          params: notificationParams,
          body: notificationFields.partial().strict(),
        },
      },
      async (request) => ({
        data: await appService.updateNotification(
          request.params.notificationId,
          toNotificationColumns(request.body),
        ),
      }),
    );

    scope.delete(
      '/api/v1/admin/app-notifications/:notificationId',
      { schema: { tags, summary: 'Delete an app notification', params: notificationParams } },
      async (request, reply) => {
        await appService.deleteNotification(request.params.notificationId);
        return reply.status(204).send();
      },
    );

    scope.put(
      '/api/v1/admin/app-version',
      {
        schema: {
          tags,
          summary: 'Set the app version; open clients are told to refresh',
          body: z.object({ version: z.string().trim().min(1).max(40) }),
        },
      },
      async (request) => {
        await appService.setAppVersion(request.body.version);
        return { data: { version: request.body.version } };
      },
    );

    scope.get(
      '/api/v1/admin/mail-outbox',
      {
        schema: {
          tags,
          summary: 'Mail and text messages the app sent or kept, newest first',
          querystring: z.object({
            /** How many mails to return, at most 200. */
            limit: z.coerce.number().int().min(1).max(200).default(50),
            /** Only mail to this address. */
            to: z.string().max(320).optional(),
          }),
        },
      },
      async (request) => {
        const rows = await mail.listOutbox({
          limit: request.query.limit,
          to: request.query.to?.toLowerCase(),
        });
        return {
          data: rows.map((row) => ({
            id: row.id,
            channel: row.channel,
            to: row.to,
            subject: row.subject,
            text: row.text,
            status: row.status,
            error: row.error,
            createdAt: row.createdAt.toISOString(),
            sentAt: row.sentAt?.toISOString() ?? null,
          })),
        };
      },
    );

    scope.get(
      '/api/v1/admin/selector-packs',
      {
        schema: {
          tags,
          summary:
            "The extension's selector packs: the version served per platform (bundled default or published) and the packs published, newest first",
        },
      },
      async () => ({ data: await selectors.describePacks() }),
    );

    scope.post(
      '/api/v1/admin/selector-packs',
      {
        schema: {
          tags,
          summary:
            "Publish a selector pack (the JSON of one platform's pack): it must be valid and its version above the one served now",
          body: z.record(z.string(), z.unknown()),
        },
      },
      async (request, reply) => {
        const actor = await requireSuperActor(auth, request);
        return reply.status(201).send({ data: await selectors.publishPack(request.body, actor.userId) });
      },
    );

    scope.get(
      '/api/v1/admin/selector-misses',
      {
        schema: {
          tags,
          summary:
            'Selectors the extension reported finding nothing, per platform, page kind, selector and extension version, last seen first',
          querystring: z.object({
            /** How many rows to return, at most 500. */
            limit: z.coerce.number().int().min(1).max(500).default(100),
            /** Only this platform's. */
            platform: z.enum(SOCIAL_PLATFORMS).optional(),
          }),
        },
      },
      async (request) => ({ data: await selectors.listMisses(request.query) }),
    );
    done();
  });
}
