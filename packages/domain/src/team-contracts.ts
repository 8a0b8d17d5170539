import { z } from 'zod';
import { TEAM_ROLES } from './roles';

// What the team's member and invitation routes answer: the server declares these as response
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
