import { z } from 'zod';
import { CONTACT_VIEWS } from './constants';
import { TEAM_ROLES } from './roles';
import { subscriptionSchema } from './team-contracts';

// What the signed-in user's routes (`/api/v1/me…`) answer: the server declares these as response
// schemas, and the web app takes its types from them.

/** One team the user belongs to, with their role in it. */
export const userTeamSchema = z.object({
  teamUID: z.string(),
  teamName: z.string(),
  teamOwner: z.boolean(),
  role: z.enum(TEAM_ROLES),
});
export type UserTeam = z.infer<typeof userTeamSchema>;

/** A super user who is signed in as another user. */
export const impersonatorSchema = z.object({ uid: z.string(), name: z.string(), email: z.string() });
export type Impersonator = z.infer<typeof impersonatorSchema>;

/** The signed-in user of SPEC §3, as `GET /api/v1/me` answers. */
export const loggedUserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  name: z.string(),
  /** The current team. */
  teamUID: z.string(),
  teams: z.array(userTeamSchema),
  /** Pipeline ids the user may see, by team. */
  groupAccess: z.record(z.string(), z.array(z.string())),
  passwordSet: z.boolean(),
  termsVersion: z.string().nullable(),
  defaultContactView: z.enum(CONTACT_VIEWS).nullable(),
  /** IANA time zone: a task without a time is due at 8 am there. */
  timeZone: z.string(),
  /** Mobile number (E.164) where SMS reminders go, or null. */
  phoneNumber: z.string().nullable(),
  /** Seen values of app notifications by id: 'seenDate|snoozeUntilDate' (SPEC §3). */
  notifications: z.record(z.string(), z.string()),
  /** The photo, or the generated avatar's address. */
  photoURL: z.string(),
  currentTeam: z.object({ teamUID: z.string(), teamOwner: z.boolean(), role: z.enum(TEAM_ROLES) }),
  /** Permissions from the user's custom claims; super opens /admin. */
  claims: z.object({ super: z.boolean() }),
  /** The super user signed in as this user to help them, or null. */
  impersonatedBy: impersonatorSchema.nullable(),
  /** The current team's subscription. */
  subscription: subscriptionSchema,
});
export type LoggedUser = z.infer<typeof loggedUserSchema>;

/** What setting a password answers. */
export const passwordSetSchema = z.object({ passwordSet: z.boolean() });

/** What accepting the terms answers: the version accepted. */
export const acceptedTermsSchema = z.object({ termsVersion: z.string() });

/** What dismissing a notification answers: its new seen value ('seenDate|snoozeUntilDate'). */
export const notificationSeenSchema = z.object({ notificationId: z.string(), value: z.string() });
export type NotificationSeen = z.infer<typeof notificationSeenSchema>;
