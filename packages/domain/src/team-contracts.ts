import { z } from 'zod';
import { TEAM_ROLES } from './roles';
import { SUBSCRIPTION_STATUSES, type Subscription } from './subscription';

// What the team's routes answer (the team, its members and invitations), and the subscription the
// signed-in user's answer carries too: the server declares these as response
// schemas, and the web app takes its types from them.

/** A member of a team, with their role and the pipelines they may see (ids the reader may see). */
export const teamMemberSchema = z.object({
  uid: z.string(),
  name: z.string(),
  email: z.string(),
  photoURL: z.string().nullable(),
  role: z.enum(TEAM_ROLES),
  teamOwner: z.boolean(),
  groupAccess: z.array(z.string()),
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** An open invitation: by email for one person, or a shareable link (email null). */
export const teamInvitationSchema = z.object({
  inviteCode: z.string(),
  link: z.string(),
  email: z.string().nullable(),
  role: z.enum(['admin', 'member']),
  groupAccess: z.array(z.string()),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/** The derived subscription of SPEC §3 (`deriveSubscription`), with the limits it allows. */
export const subscriptionSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  tier: z.object({ value: z.literal([1, 2, 3, 4]), name: z.enum(['basic', 'premier', 'pro']) }),
  contactCount: z.number().int(),
  includedSeats: z.number().int(),
  includedContacts: z.number().int(),
  platforms: z.object({ facebook: z.string().nullable(), instagram: z.string().nullable() }),
  addons: z.object({ contactBlocks: z.number().int(), teamMembers: z.number().int() }),
  subIds: z.object({
    base: z.string().nullable(),
    addon: z.string().nullable(),
    teamItem: z.string().nullable(),
    contactsItem: z.string().nullable(),
  }),
  contactsAllowed: z.number().int(),
  seatsAllowed: z.number().int(),
  /** Milliseconds since 1970, or null when the team is not on a trial. */
  trialEndsAt: z.number().nullable(),
}) satisfies z.ZodType<Subscription>;

/** A team with the reader's role in it, its seats in use and its subscription. */
export const teamSchema = z.object({
  teamUID: z.string(),
  name: z.string(),
  ownerUID: z.string(),
  role: z.enum(TEAM_ROLES),
  seatsUsed: z.number().int(),
  subscription: subscriptionSchema,
});
export type Team = z.infer<typeof teamSchema>;

/** Which team an invite code joins, shown before signing in. */
export const invitationPreviewSchema = z.object({
  teamUID: z.string(),
  teamName: z.string(),
  role: z.enum(['admin', 'member']),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** What accepting an invitation answers: the team, and false when the user was in it already. */
export const joinedTeamSchema = z.object({ teamUID: z.string(), joined: z.boolean() });
export type JoinedTeam = z.infer<typeof joinedTeamSchema>;
