import {
  emailSchema,
  invitationPreviewSchema,
  joinedTeamSchema,
  teamInvitationSchema,
  teamMemberSchema,
  teamSchema,
} from '@grouptrack/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireActor } from '../../platform/http/actor';
import { teamParams, teamRoutes } from '../../platform/http/team-routes';
import type { App } from '../../platform/http/types';

const tags = ['teams'];
const memberParams = teamParams.extend({ userUID: z.string().min(1).max(64) });
const groupAccessSchema = z.array(z.string().min(1).max(64)).max(500);

export function registerTeamRoutes(app: App, { auth, teams }: AppContext) {
  const routes = teamRoutes(app, { auth, teams });

  routes.get({
    path: '',
    schema: { tags, summary: 'A team, its seats and subscription', response: teamSchema },
    handler: ({ member }) => teams.getTeam(member),
  });

  routes.patch({
    path: '',
    schema: {
      tags,
      summary: 'Rename a team (owner or admin)',
      response: teamSchema,
      /** The team's new name. */
      body: z.object({ name: z.string().trim().min(1).max(100) }).strict(),
    },
    handler: async ({ member, body }) => {
      await teams.renameTeam(member, body.name);
      return teams.getTeam(member);
    },
  });

  routes.get({
    path: '/members',
    schema: {
      tags,
      summary: 'Members with their role and pipeline access',
      response: z.array(teamMemberSchema),
    },
    handler: ({ member }) => teams.listMembers(member),
  });

  routes.patch({
    path: '/members/:userUID',
    schema: {
      tags,
      summary: "Change a member's role or pipeline access (owner or admin)",
      params: memberParams,
      response: z.array(teamMemberSchema),
      body: z
        .object({
          /** admin or member; the owner's role never changes. */
          role: z.enum(['admin', 'member']).optional(),
          /** Pipeline ids the member may see. */
          groupAccess: groupAccessSchema.optional(),
        })
        .strict()
        .refine((body) => body.role !== undefined || body.groupAccess !== undefined, {
          message: 'Give a role or groupAccess to change',
        }),
    },
    handler: async ({ member, params, body }) => {
      await teams.updateMember(member, params.userUID, body);
      return teams.listMembers(member);
    },
  });

  routes.delete({
    path: '/members/:userUID',
    schema: { tags, summary: 'Remove a member, or leave the team', params: memberParams },
    status: 204,
    handler: ({ member, params }) => teams.removeMember(member, params.userUID),
  });

  routes.get({
    path: '/invitations',
    schema: {
      tags,
      summary: 'Open invitations (owner or admin)',
      response: z.array(teamInvitationSchema),
    },
    handler: ({ member }) => teams.listInvitations(member),
  });

  routes.post({
    path: '/invitations',
    schema: {
      tags,
      summary: 'Invite by email, or create a shareable invite link',
      response: teamInvitationSchema,
      body: z
        .object({
          /** Send the invitation to this address; leave out for a link anyone with it may use. */
          email: emailSchema.optional(),
          /** The role the invitee gets. */
          role: z.enum(['admin', 'member']).default('member'),
          /** Pipelines a member invitee may see. */
          groupAccess: groupAccessSchema.optional(),
        })
        .strict(),
    },
    status: 201,
    handler: ({ member, body }) => teams.createInvitation(member, body),
  });

  routes.delete({
    path: '/invitations/:inviteCode',
    schema: {
      tags,
      summary: 'Revoke an invitation',
      params: teamParams.extend({ inviteCode: z.string().min(1).max(64) }),
    },
    status: 204,
    handler: ({ member, params }) => teams.revokeInvitation(member, params.inviteCode),
  });

  const codeParams = z.object({ inviteCode: z.string().min(1).max(64) });

  app.get(
    '/api/v1/invitations/:inviteCode',
    {
      schema: {
        tags,
        summary: 'Which team an invite code joins (no sign-in needed)',
        params: codeParams,
        response: { 200: z.object({ data: invitationPreviewSchema }) },
      },
    },
    async (request) => ({ data: await teams.previewInvitation(request.params.inviteCode) }),
  );

  app.post(
    '/api/v1/invitations/:inviteCode/accept',
    {
      schema: {
        tags,
        summary: 'Join the team of an invite code',
        params: codeParams,
        response: { 200: z.object({ data: joinedTeamSchema }) },
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      return { data: await teams.acceptInvitation(actor, request.params.inviteCode) };
    },
  );
}
