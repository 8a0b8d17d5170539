import { emailSchema } from '@grouptrack/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireActor } from '../../platform/http/actor';
import type { App } from '../../platform/http/types';

const tags = ['teams'];
const teamParams = z.object({ teamUID: z.string().min(1).max(64) });
const memberParams = teamParams.extend({ userUID: z.string().min(1).max(64) });
const groupAccessSchema = z.array(z.string().min(1).max(64)).max(500);

export function registerTeamRoutes(app: App, { auth, teams }: AppContext) {
  app.get(
    '/api/v1/teams/:teamUID',
    { schema: { tags, summary: 'A team, its seats and subscription', params: teamParams } },
    async (request) => {
      const actor = await requireActor(auth, request);
      return { data: await teams.getTeam(actor, request.params.teamUID) };
    },
  );

  app.patch(
    '/api/v1/teams/:teamUID',
    {
      schema: {
        tags,
        summary: 'Rename a team (owner or admin)',
        params: teamParams,
        /** The team's new name. */
        body: z.object({ name: z.string().trim().min(1).max(100) }).strict(),
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      await teams.renameTeam(actor, request.params.teamUID, request.body.name);
      return { data: await teams.getTeam(actor, request.params.teamUID) };
    },
  );

  app.get(
    '/api/v1/teams/:teamUID/members',
    { schema: { tags, summary: 'Members with their role and pipeline access', params: teamParams } },
    async (request) => {
      const actor = await requireActor(auth, request);
      return { data: await teams.listMembers(actor, request.params.teamUID) };
    },
  );

  app.patch(
    '/api/v1/teams/:teamUID/members/:userUID',
    {
      schema: {
        tags,
        summary: "Change a member's role or pipeline access (owner or admin)",
        params: memberParams,
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
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      const { teamUID, userUID } = request.params;
      await teams.updateMember(actor, teamUID, userUID, request.body);
      return { data: await teams.listMembers(actor, teamUID) };
    },
  );

  app.delete(
    '/api/v1/teams/:teamUID/members/:userUID',
    { schema: { tags, summary: 'Remove a member, or leave the team', params: memberParams } },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      await teams.removeMember(actor, request.params.teamUID, request.params.userUID);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/v1/teams/:teamUID/invitations',
    { schema: { tags, summary: 'Open invitations (owner or admin)', params: teamParams } },
    async (request) => {
      const actor = await requireActor(auth, request);
      return { data: await teams.listInvitations(actor, request.params.teamUID) };
    },
  );

  app.post(
    '/api/v1/teams/:teamUID/invitations',
    {
      schema: {
        tags,
        summary: 'Invite by email, or create a shareable invite link',
        params: teamParams,
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
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      const invitation = await teams.createInvitation(actor, request.params.teamUID, request.body);
      return reply.status(201).send({ data: invitation });
    },
  );

  app.delete(
    '/api/v1/teams/:teamUID/invitations/:inviteCode',
    {
      schema: {
        tags,
        summary: 'Revoke an invitation',
        params: teamParams.extend({ inviteCode: z.string().min(1).max(64) }),
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      await teams.revokeInvitation(actor, request.params.teamUID, request.params.inviteCode);
      return reply.status(204).send();
    },
  );

  const codeParams = z.object({ inviteCode: z.string().min(1).max(64) });

  app.get(
    '/api/v1/invitations/:inviteCode',
    { schema: { tags, summary: 'Which team an invite code joins (no sign-in needed)', params: codeParams } },
    async (request) => ({ data: await teams.previewInvitation(request.params.inviteCode) }),
  );

  app.post(
    '/api/v1/invitations/:inviteCode/accept',
    { schema: { tags, summary: 'Join the team of an invite code', params: codeParams } },
    async (request) => {
      const actor = await requireActor(auth, request);
      return { data: await teams.acceptInvitation(actor, request.params.inviteCode) };
    },
  );
}
