import { createPushId } from '@grouptrack/domain';
import { fromNodeHeaders } from 'better-auth/node';
import type { IncomingHttpHeaders } from 'node:http';
import type { Auth } from '../../platform/auth';
import type { Databases } from '../../platform/db/databases';
import { BadRequestError, NotFoundError } from '../../platform/errors';
import type { Actor } from '../../platform/http/actor';
import type { DirectoryChanges } from '../../platform/directory-changes';
import { findUser, findUserByEmail, setSuperPermission } from '../users';
import * as repo from './admin.repository';

export type AdminService = ReturnType<typeof createAdminService>;

/** What operators with the super permission do; routes check the permission first. */
export function createAdminService(deps: {
  databases: Databases;
  auth: Auth;
  directoryChanges: DirectoryChanges;
}) {
  const { databases, auth, directoryChanges } = deps;
  const directory = databases.directory;

  return {
    searchUsers: (options: { q?: string | undefined; limit: number; offset: number }) =>
      repo.searchUsers(directory, options),

    async getUser(uid: string) {
      const user = await findUser(directory, uid);
      if (!user) throw new NotFoundError('User not found.');
      const impersonations = await repo.listImpersonationsOf(directory, uid);
      return {
        uid: user.id,
        name: user.name,
        email: user.email,
        isSuper: user.role === 'super',
        passwordSet: user.passwordSet,
        termsVersion: user.termsVersion,
        createdAt: user.createdAt.toISOString(),
        teams: await repo.listTeamsOfUser(directory, uid),
        impersonations: impersonations.map((row) => ({ ...row, startedAt: row.startedAt.toISOString() })),
      };
    },

    async setSuper(actor: Actor, uid: string, isSuper: boolean) {
      if (uid === actor.userId && !isSuper) {
        throw new BadRequestError(
          'You cannot take the super permission from yourself; ask another operator.',
        );
      }
      const user = await findUser(directory, uid);
      if (!user) throw new NotFoundError('User not found.');
      await setSuperPermission(directory, user.email, isSuper);
    },

    /**
     * Signs the operator in as another user to help them (better-auth's impersonation keeps the
     * operator's own session to return to) and records who, whom, when and why.
     */
    async impersonate(
      actor: Actor,
      input: { uid?: string | undefined; email?: string | undefined; reason: string },
      headers: IncomingHttpHeaders,
    ) {
      const target = input.uid
        ? await findUser(directory, input.uid)
        : input.email
          ? await findUserByEmail(directory, input.email)
          : null;
      if (!target) throw new NotFoundError('User not found.');
      if (target.id === actor.userId) throw new BadRequestError('You are already signed in as yourself.');
      const response = await auth.api.impersonateUser({
        body: { userId: target.id },
        headers: fromNodeHeaders(headers),
        asResponse: true,
      });
      if (!response.ok) throw new BadRequestError(`Could not sign in as ${target.email}.`);
      await repo.insertImpersonation(directory, {
        id: createPushId('imp_'),
        superUserId: actor.userId,
        targetUserId: target.id,
        reason: input.reason,
      });
      return { response, user: { uid: target.id, name: target.name, email: target.email } };
    },

    async searchTeams(options: { q?: string | undefined; limit: number; offset: number }) {
      const { rows, total } = await repo.searchTeams(directory, options);
      return {
        items: rows.map((row) => ({
          teamUID: row.teamUID,
          name: row.name,
          owner: { uid: row.ownerUID, name: row.ownerName, email: row.ownerEmail },
          memberCount: row.memberCount,
          subscription: {
            status: row.subscription.status,
            tier: row.subscription.tier,
            trialEndsAt: row.subscription.trialEndsAt?.toISOString() ?? null,
            facebookPlan: row.subscription.facebookPlan,
            instagramPlan: row.subscription.instagramPlan,
            contactBlocks: row.subscription.contactBlocks,
            extraSeats: row.subscription.extraSeats,
          },
        })),
        total,
      };
    },

    async updateSubscription(teamUID: string, patch: repo.SubscriptionPatch) {
      const updated = await directoryChanges.commit(
        teamUID,
        (tx) => repo.updateSubscription(tx, teamUID, patch),
        (updated) => (updated ? { entity: 'subscription', op: 'update', ids: [teamUID] } : null),
      );
      if (!updated) throw new NotFoundError('Team not found.');
    },
  };
}
