import {
  CONTACT_VIEWS,
  acceptedTermsSchema,
  loggedUserSchema,
  notificationSeenSchema,
  passwordSetSchema,
  passwordSchema,
  personNameSchema,
  mobileNumberSchema,
  webAddressSchema,
} from '@grouptrack/domain';
import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireActor } from '../../platform/http/actor';
import type { App } from '../../platform/http/types';

const tags = ['me'];

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export function registerUserRoutes(app: App, { auth, users, teams }: AppContext) {
  app.get(
    '/api/v1/me',
    {
      schema: {
        tags,
        summary: 'The logged user, their teams and subscription',
        response: { 200: z.object({ data: loggedUserSchema }) },
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      return { data: await users.getLoggedUser(actor) };
    },
  );

  app.patch(
    '/api/v1/me',
    {
      schema: {
        tags,
        summary: 'Change name, photo, default contact view, time zone or mobile number',
        response: { 200: z.object({ data: loggedUserSchema }) },
        body: z
          .object({
            /** Display name, 1 to 100 characters. */
            name: personNameSchema.optional(),
            /** Address of a profile photo, or null to use the generated avatar. */
            photoURL: webAddressSchema.nullable().optional(),
            /** The view `/` opens. */
            defaultContactView: z.enum(CONTACT_VIEWS).optional(),
            /** IANA time zone, e.g. Europe/Madrid: a task without a time is due at 8 am there. */
            timeZone: z
              .string()
              .max(64)
              .refine(isTimeZone, 'Use an IANA time zone such as Europe/Madrid')
              .optional(),
            /** Mobile number for SMS reminders, with its country code; null removes it. */
            phoneNumber: mobileNumberSchema.nullable().optional(),
          })
          .strict(),
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      await users.updateProfile(actor, request.body);
      return { data: await users.getLoggedUser(actor) };
    },
  );

  app.post(
    '/api/v1/me/password',
    {
      schema: {
        tags,
        summary: 'Set or change the password',
        response: { 200: z.object({ data: passwordSetSchema }) },
        body: z.object({
          /** The new password, 8 to 128 characters. */
          newPassword: passwordSchema,
          /** Required when the user already has a password. */
          currentPassword: z.string().max(128).optional(),
        }),
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      await users.setPassword(actor, request.body, fromNodeHeaders(request.headers));
      return { data: { passwordSet: true } };
    },
  );

  app.post(
    '/api/v1/me/accept-terms',
    {
      schema: {
        tags,
        summary: 'Accept the current terms',
        response: { 200: z.object({ data: acceptedTermsSchema }) },
        /** The terms version the user read and accepted. */
        body: z.object({ termsVersion: z.string().min(1).max(20) }),
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      await users.acceptTerms(actor, request.body.termsVersion);
      return { data: { termsVersion: request.body.termsVersion } };
    },
  );

  app.put(
    '/api/v1/me/notifications/:notificationId',
    {
      schema: {
        tags,
        summary: 'Dismiss a notification for 24 hours, or never show it again',
        response: { 200: z.object({ data: notificationSeenSchema }) },
        params: z.object({ notificationId: z.string().min(1).max(100) }),
        /** dismiss hides it for 24 hours; never stores snooze 0. */
        body: z.object({ action: z.enum(['dismiss', 'never']) }),
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      const value = await users.recordNotification(actor, request.params.notificationId, request.body.action);
      return { data: { notificationId: request.params.notificationId, value } };
    },
  );

  app.post(
    '/api/v1/me/current-team',
    {
      schema: {
        tags,
        summary: 'Switch the current team',
        response: { 200: z.object({ data: loggedUserSchema }) },
        /** A team the user belongs to. */
        body: z.object({ teamUID: z.string().min(1).max(64) }),
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      await teams.switchTeam(actor, request.body.teamUID);
      return { data: await users.getLoggedUser(actor) };
    },
  );
}
