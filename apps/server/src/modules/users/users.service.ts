import {
  TERMS_VERSION,
  formatAvatarUrl,
  formatDismissed,
  formatNeverShowAgain,
  type ContactView,
} from '@grouptrack/domain';
import type { Auth } from '../../platform/auth';
import type { Databases } from '../../platform/db/databases';
import { BadRequestError, NotFoundError } from '../../platform/errors';
import type { Actor } from '../../platform/http/actor';
import { listMembershipsOfUser } from '../teams';
import type { TeamsService } from '../teams/teams.service';
import * as repo from './users.repository';

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService(deps: { databases: Databases; teams: TeamsService; auth: Auth }) {
  const { databases, teams, auth } = deps;
  const directory = databases.directory;

  /** Who is signed in as this user to help them, shown on every page while it lasts. */
  async function findImpersonator(uid: string | null) {
    if (!uid) return null;
    const impersonator = await repo.findUser(directory, uid);
    return impersonator
      ? { uid, name: impersonator.name, email: impersonator.email }
      : { uid, name: 'an operator', email: '' };
  }

  /** The logged user of SPEC §3, with the derived subscription of the current team. */
  async function getLoggedUser(actor: Actor) {
    const user = await repo.findUser(directory, actor.userId);
    if (!user) throw new NotFoundError('User record not found.');
    let memberships = await listMembershipsOfUser(directory, actor.userId);
    if (memberships.length === 0) {
      // Every user works in a team: one that joined none (or left all) gets a new one of their own.
      await teams.ensureTeam(actor.userId, `${user.name}'s team`);
      memberships = await listMembershipsOfUser(directory, actor.userId);
    }
    const current = memberships.find(({ team }) => team.id === user.currentTeamId) ?? memberships[0]!;
    const groupAccess = Object.fromEntries(
      memberships.map(({ membership }) => [membership.teamId, membership.groupAccess]),
    );
    return {
      uid: user.id,
      email: user.email,
      name: user.name,
      teamUID: current.team.id,
      teams: memberships.map(({ team, membership }) => ({
        teamUID: team.id,
        teamName: team.name,
        teamOwner: membership.role === 'owner',
        role: membership.role,
      })),
      groupAccess,
      passwordSet: user.passwordSet,
      termsVersion: user.termsVersion,
      defaultContactView: user.defaultContactView as ContactView | null,
      timeZone: user.timeZone,
      phoneNumber: user.phoneNumber,
      notifications: user.notifications,
      photoURL: formatAvatarUrl({ photoURL: user.image, email: user.email, name: user.name }),
      currentTeam: {
        teamUID: current.team.id,
        teamOwner: current.membership.role === 'owner',
        role: current.membership.role,
      },
      claims: { super: actor.isSuper },
      impersonatedBy: await findImpersonator(actor.impersonatedBy),
      subscription: await teams.getSubscription(current.team.id, { withContactCount: true }),
    };
  }

  return {
    getLoggedUser,

    async updateProfile(
      actor: Actor,
      patch: {
        timeZone?: string | undefined;
        phoneNumber?: string | null | undefined;
        name?: string | undefined;
        photoURL?: string | null | undefined;
        defaultContactView?: ContactView | undefined;
      },
    ) {
      await repo.updateUser(directory, actor.userId, {
        ...(patch.name !== undefined && { name: patch.name }),
        ...(patch.photoURL !== undefined && { image: patch.photoURL }),
        ...(patch.defaultContactView !== undefined && { defaultContactView: patch.defaultContactView }),
        ...(patch.timeZone !== undefined && { timeZone: patch.timeZone }),
        ...(patch.phoneNumber !== undefined && { phoneNumber: patch.phoneNumber }),
      });
    },

    async acceptTerms(actor: Actor, termsVersion: string) {
      if (termsVersion !== TERMS_VERSION) {
        throw new BadRequestError(
          `The current terms are version ${TERMS_VERSION}; you accepted ${termsVersion}.`,
        );
      }
      await repo.updateUser(directory, actor.userId, { termsVersion });
    },

    async recordNotification(
      actor: Actor,
      notificationId: string,
      action: 'dismiss' | 'never',
      now = Date.now(),
    ) {
      const value = action === 'dismiss' ? formatDismissed(now) : formatNeverShowAgain(now);
      await repo.setNotificationSeen(directory, actor.userId, notificationId, value);
      return value;
    },

    /**
     * Sets a password. A user who has one must give it; a user who never set one (passwordSet
     * false, e.g. signed in another way) sets the first without it.
     */
    async setPassword(
      actor: Actor,
      input: { newPassword: string; currentPassword?: string | undefined },
      headers: Headers,
    ) {
      const user = await repo.findUser(directory, actor.userId);
      if (!user) throw new NotFoundError('User record not found.');
      if (user.passwordSet) {
        if (!input.currentPassword)
          throw new BadRequestError('Invalid currentPassword: enter your current password.');
        await auth.api.changePassword({
          body: {
            currentPassword: input.currentPassword,
            newPassword: input.newPassword,
            revokeOtherSessions: false,
          },
          headers,
        });
        return;
      }
      await auth.api.setPassword({ body: { newPassword: input.newPassword }, headers });
    },
  };
}
