import { randomBytes } from 'node:crypto';
import {
  TRIAL_DAYS,
  can,
  canAddSeat,
  canAssignRole,
  canSeePipeline,
  createPushId,
  deriveSubscription,
  type TierValue,
} from '@grouptrack/domain';
import type { Config } from '../../platform/config';
import type { Databases, DirectoryDb, TeamDb } from '../../platform/db/databases';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  LimitReachedError,
  NotFoundError,
} from '../../platform/errors';
import type { Actor, TeamActor } from '../../platform/http/actor';
import { requirePermission } from '../../platform/http/permission';
import type { DirectoryChanges } from '../../platform/directory-changes';
import { textProblem } from '../../platform/storable-text';
import type { MailService } from '../mail/mail.service';
import { announceInbox, writeInbox } from '../inbox';
import { insertStarterPipeline, listPipelines } from '../pipelines';
import * as repo from './teams.repository';

const DAY_MS = 86_400_000;
const EMAIL_INVITATION_DAYS = 14;
const LINK_INVITATION_DAYS = 30;

/** An actor inside one team, with the role and pipeline access that team gives them. */
export type { TeamActor };

export interface NewTeam {
  ownerId: string;
  name: string;
  status?: 'active' | 'trialing';
  tier?: TierValue;
  now?: number;
  /** False for a team whose pipelines come from elsewhere (the demo seed); otherwise it gets the starter pipeline. */
  starterPipeline?: boolean;
}

export type TeamsService = ReturnType<typeof createTeamsService>;

export function createTeamsService(deps: {
  databases: Databases;
  /** Directory changes with the team's change-log event that must follow them. */
  directoryChanges: DirectoryChanges;
  /** Told after a user's membership or access changed (other processes hear it from the directory). */
  onAccessChanged: (userId: string) => void;
  mail: MailService;
  config: Pick<Config, 'APP_URL'>;
  /** How many contacts a team holds (the contacts module knows). */
  countContacts: (teamUID: string) => Promise<number>;
}) {
  const { databases, directoryChanges, onAccessChanged, mail, config, countContacts } = deps;
  const directory = databases.directory;

  const inviteLink = (code: string) => `${config.APP_URL}/login/signup/${code}`;

  async function requireMember(actor: Actor, teamUID: string): Promise<TeamActor> {
    const membership = await repo.findMembership(directory, teamUID, actor.userId);
    // Another team's id answers exactly like a missing one, so ids cannot be probed.
    if (!membership) throw new NotFoundError('Team not found.');
    return { ...actor, teamUID, role: membership.role, groupAccess: membership.groupAccess };
  }

  /**
   * The team's derived subscription. Inside a directory transaction pass its handle and leave the
   * contact count out: PGlite has one connection, so a query outside the transaction would wait
   * for it forever.
   */
  async function getSubscription(
    teamUID: string,
    options: { db?: DirectoryDb; withContactCount?: boolean } = {},
  ) {
    const row = await repo.findSubscription(options.db ?? directory, teamUID);
    if (!row) throw new NotFoundError('Team not found.');
    return deriveSubscription({
      status: row.status,
      tierValue: row.tier,
      contactCount: options.withContactCount ? await countContacts(teamUID) : 0,
      platforms: { facebook: row.facebookPlan, instagram: row.instagramPlan },
      addons: { contactBlocks: row.contactBlocks, teamMembers: row.extraSeats },
      subIds: row.subIds,
      trialEndsAt: row.trialEndsAt?.getTime() ?? null,
      now: Date.now(),
    });
  }

  /**
   * Writes a new team's starter pipeline, named as the team, within the directory transaction `tx` that creates the team.
   * Where the team's shard is the directory's own database, that one transaction holds both; else the
   * shard's transaction commits just before the directory's, so no team exists without its pipeline
   * (a directory commit that then fails leaves only a pipeline no team can reach).
   */
  async function writeStarterPipeline(tx: DirectoryDb, teamUID: string, name: string) {
    const shard = databases.shardFor(teamUID);
    if (shard.engine === databases.directoryEngine)
      await insertStarterPipeline(tx as unknown as TeamDb, teamUID, name);
    else await shard.db.transaction((shardTx) => insertStarterPipeline(shardTx, teamUID, name));
  }

  async function insertTeamWithOwner(tx: DirectoryDb, input: NewTeam): Promise<string> {
    const now = input.now ?? Date.now();
    const teamUID = createPushId('', now);
    const status = input.status ?? 'trialing';
    await repo.insertTeam(tx, {
      team: { id: teamUID, name: input.name, ownerId: input.ownerId },
      owner: { teamId: teamUID, userId: input.ownerId, role: 'owner', groupAccess: [] },
      subscription: {
        teamId: teamUID,
        status,
        tier: input.tier ?? 3,
        trialEndsAt: status === 'trialing' ? new Date(now + TRIAL_DAYS * DAY_MS) : null,
      },
    });
    await repo.setCurrentTeam(tx, input.ownerId, teamUID);
    if (input.starterPipeline !== false) await writeStarterPipeline(tx, teamUID, input.name);
    return teamUID;
  }

  /** Creates a team with its owner and subscription in one transaction. */
  function createTeam(input: NewTeam): Promise<string> {
    return directory.transaction((tx) => insertTeamWithOwner(tx, input));
  }

  /**
   * Gives a user who belongs to no team one of their own. The user row is locked, so two
   * requests that arrive together create one team, not two.
   */
  async function ensureTeam(userId: string, name: string): Promise<void> {
    await directory.transaction(async (tx) => {
      await repo.lockUser(tx, userId);
      if ((await repo.listMembershipsOfUser(tx, userId)).length > 0) return;
      await insertTeamWithOwner(tx, { ownerId: userId, name });
    });
  }

  /** Pipeline access may name only this team's pipelines: another team's ids are refused by name. */
  async function checkGroupAccess(teamUID: string, groupAccess: string[] | undefined) {
    if (!groupAccess?.length) return;
    const known = new Set(
      (await listPipelines(databases.forTeam(teamUID), teamUID)).map((pipeline) => pipeline.id),
    );
    const unknown = groupAccess.find((pipelineId) => !known.has(pipelineId));
    if (unknown) throw new BadRequestError(`Invalid groupAccess: ${unknown} is not a pipeline of this team.`);
  }

  async function seatCheck(db: DirectoryDb, teamUID: string) {
    const seatsUsed = await repo.countMembers(db, teamUID);
    const verdict = canAddSeat(await getSubscription(teamUID, { db }), seatsUsed);
    if (!verdict.ok) throw new LimitReachedError(verdict.message);
  }

  /**
   * Mails the team's owner and admins, each once per `key`: asking twice (a retried job, the same
   * person captured again) tells them once. `path` is a page of the web app the mail links to.
   */
  async function tellManagers(
    teamUID: string,
    message: { key: string; subject: string; text: string; path: string },
  ) {
    const managers = (await repo.listMembers(directory, teamUID)).filter((row) =>
      can(row.role, 'manage-members'),
    );
    for (const manager of managers) {
      await mail.sendMail({
        to: manager.email,
        subject: message.subject,
        text: `Hello ${manager.name},\n\n${message.text}\n\n${config.APP_URL}${message.path}`,
        idempotencyKey: `${message.key}_${manager.userId}`,
      });
    }
  }

  /**
   * The owner and admins find a newcomer in their bell. The membership lives in the directory and
   * the inbox on the team's shard, so this follows the join's commit rather than sharing it.
   */
  async function tellManagersOfJoin(teamUID: string, newcomer: Actor) {
    const managers = (await repo.listMembers(directory, teamUID)).filter(
      (row) => can(row.role, 'manage-members') && row.userId !== newcomer.userId,
    );
    const told = await databases.forTeam(teamUID).transaction((tx) =>
      writeInbox(
        tx,
        teamUID,
        managers.map((manager) => ({
          userUID: manager.userId,
          kind: 'member-joined' as const,
          data: { userUID: newcomer.userId, name: newcomer.name },
        })),
      ),
    );
    await announceInbox(directory, told);
  }

  return {
    requireMember,
    getSubscription,
    tellManagers,

    /** A user's role and pipeline access in the team, for work done later on their behalf (a job). */
    async findMember(teamUID: string, userId: string) {
      const membership = await repo.findMembership(directory, teamUID, userId);
      return membership && { role: membership.role, groupAccess: membership.groupAccess };
    },
    createTeam,
    ensureTeam,

    async getTeam(member: TeamActor) {
      const { teamUID } = member;
      const team = await repo.findTeam(directory, teamUID);
      if (!team) throw new NotFoundError('Team not found.');
      return {
        teamUID,
        name: team.name,
        ownerUID: team.ownerId,
        role: member.role,
        seatsUsed: await repo.countMembers(directory, teamUID),
        subscription: await getSubscription(teamUID, { withContactCount: true }),
      };
    },

    async renameTeam(member: TeamActor, name: string) {
      const { teamUID } = requirePermission(member, 'manage-members', 'members');
      const problem = textProblem(name);
      if (problem) throw new BadRequestError(`Invalid body.name: ${problem}`);
      // The log gets the name exactly as the directory stored it.
      const stored = await directoryChanges.commit(
        teamUID,
        (tx) => repo.renameTeam(tx, teamUID, name),
        (stored) =>
          stored === null ? null : { entity: 'team', op: 'update', ids: [teamUID], data: { name: stored } },
      );
      if (stored === null) throw new NotFoundError('Team not found.');
    },

    async listMembers(reader: TeamActor) {
      const rows = await repo.listMembers(directory, reader.teamUID);
      // A member learns no id of a pipeline they cannot see, not even from a teammate's access.
      const shown = (groupAccess: string[]) =>
        groupAccess.filter((pipelineId) => canSeePipeline(reader, pipelineId));
      return rows.map((row) => ({
        uid: row.userId,
        name: row.name,
        email: row.email,
        photoURL: row.image,
        role: row.role,
        teamOwner: row.role === 'owner',
        groupAccess: shown(row.groupAccess),
        joinedAt: row.joinedAt.toISOString(),
      }));
    },

    async updateMember(
      manager: TeamActor,
      userId: string,
      patch: { role?: 'admin' | 'member'; groupAccess?: string[] },
    ) {
      const { teamUID } = requirePermission(manager, 'manage-members', 'members');
      const target = await repo.findMembership(directory, teamUID, userId);
      if (!target) throw new NotFoundError('That person is not a member of this team.');
      if (target.role === 'owner')
        throw new ForbiddenError("The team owner's role and access cannot be changed.");
      if (target.role === 'admin' && manager.role !== 'owner') {
        throw new ForbiddenError('Only the team owner can change an admin.');
      }
      if (patch.role && !canAssignRole(manager.role, patch.role)) {
        throw new ForbiddenError(`A team ${manager.role} cannot make someone ${patch.role}.`);
      }
      // Ids the member already had stay allowed: a deleted pipeline's id must not block a change.
      await checkGroupAccess(
        teamUID,
        patch.groupAccess?.filter((pipelineId) => !target.groupAccess.includes(pipelineId)),
      );
      // Every member hears of it: the new access (pipeline ids) is read again, not carried here.
      await directoryChanges.commit(
        teamUID,
        (tx) => repo.updateMember(tx, teamUID, userId, patch),
        () => ({
          entity: 'team_member',
          op: 'update',
          ids: [userId],
          data: { ...(patch.role && { role: patch.role }) },
        }),
      );
      onAccessChanged(userId);
    },

    async removeMember(self: TeamActor, userId: string) {
      const { teamUID } = self;
      const target = await repo.findMembership(directory, teamUID, userId);
      if (!target) throw new NotFoundError('That person is not a member of this team.');
      if (target.role === 'owner') throw new ForbiddenError('The team owner cannot be removed.');
      const leaving = userId === self.userId;
      if (!leaving) {
        if (!can(self.role, 'manage-members')) {
          throw new ForbiddenError('Only the team owner or an admin can do this.');
        }
        if (target.role === 'admin' && self.role !== 'owner') {
          throw new ForbiddenError('Only the team owner can remove an admin.');
        }
      }
      await directoryChanges.commit(
        teamUID,
        async (tx) => {
          await repo.deleteMember(tx, teamUID, userId);
          const remaining = await repo.listMembershipsOfUser(tx, userId);
          await repo.setCurrentTeam(tx, userId, remaining[0]?.team.id ?? null);
        },
        () => ({ entity: 'team_member', op: 'delete', ids: [userId] }),
      );
      onAccessChanged(userId);
    },

    async createInvitation(
      manager: TeamActor,
      input: { email?: string | undefined; role: 'admin' | 'member'; groupAccess?: string[] | undefined },
    ) {
      const { teamUID } = requirePermission(manager, 'manage-members', 'members');
      if (!canAssignRole(manager.role, input.role)) {
        throw new ForbiddenError(`A team ${manager.role} cannot invite someone as ${input.role}.`);
      }
      await checkGroupAccess(teamUID, input.groupAccess);
      await seatCheck(directory, teamUID);
      const team = await repo.findTeam(directory, teamUID);
      if (!team) throw new NotFoundError('Team not found.');
      const days = input.email ? EMAIL_INVITATION_DAYS : LINK_INVITATION_DAYS;
      const invitation = await directoryChanges.commit(
        teamUID,
        (tx) =>
          repo.insertInvitation(tx, {
            code: randomBytes(12).toString('base64url'),
            teamId: teamUID,
            email: input.email ?? null,
            role: input.role,
            groupAccess: input.groupAccess ?? [],
            createdBy: manager.userId,
            expiresAt: new Date(Date.now() + days * DAY_MS),
          }),
        ({ code }) => ({ entity: 'invitation', op: 'create', ids: [code] }),
      );
      const link = inviteLink(invitation.code);
      if (input.email) {
        await mail.sendMail({
          to: input.email,
          subject: `${manager.name} invited you to ${team.name} on GroupTrack`,
          text: `${manager.name} invited you to join the team "${team.name}" on GroupTrack.\n\nJoin here: ${link}\n\nThe invitation is valid for ${days} days.`,
        });
      }
      return presentInvitation(invitation, link);
    },

    async listInvitations(member: TeamActor) {
      const { teamUID } = requirePermission(member, 'manage-members', 'members');
      const rows = await repo.listOpenInvitations(directory, teamUID);
      return rows.map((row) => presentInvitation(row, inviteLink(row.code)));
    },

    async revokeInvitation(member: TeamActor, code: string) {
      const { teamUID } = requirePermission(member, 'manage-members', 'members');
      const revoked = await directoryChanges.commit(
        teamUID,
        (tx) => repo.revokeInvitation(tx, teamUID, code),
        (revoked) => (revoked ? { entity: 'invitation', op: 'delete', ids: [code] } : null),
      );
      if (!revoked) throw new NotFoundError('Invitation not found.');
    },

    /**
     * What the login page shows about an invite code before the invitee signs in. Anyone holding
     * the code may read it, so it never says whom an invitation by mail was sent to.
     */
    async previewInvitation(code: string) {
      const invitation = await findUsableInvitation(code);
      const team = await repo.findTeam(directory, invitation.teamId);
      if (!team) throw new NotFoundError('This invitation is no longer valid.');
      return { teamUID: team.id, teamName: team.name, role: invitation.role };
    },

    /** Joins the invitation's team; seats are checked under a lock on the team. */
    async acceptInvitation(actor: Actor, code: string) {
      const invitation = await findUsableInvitation(code);
      if (invitation.email && invitation.email !== actor.email.toLowerCase()) {
        throw new ForbiddenError(
          'This invitation was sent to another email address. Sign in with the address it was sent to.',
        );
      }
      const teamUID = invitation.teamId;
      // Pipelines deleted since the invitation was made are left out of the access it gives.
      const pipelineIds = new Set(
        (await listPipelines(databases.forTeam(teamUID), teamUID)).map((pipeline) => pipeline.id),
      );
      const joined = await directoryChanges.commit(
        teamUID,
        async (tx) => {
          if (!(await repo.lockTeam(tx, teamUID)))
            throw new NotFoundError('This invitation is no longer valid.');
          if (await repo.findMembership(tx, teamUID, actor.userId)) return false;
          await seatCheck(tx, teamUID);
          await repo.insertMember(tx, {
            teamId: teamUID,
            userId: actor.userId,
            role: invitation.role,
            groupAccess: invitation.groupAccess.filter((pipelineId) => pipelineIds.has(pipelineId)),
          });
          // An invitation by mail is for one person; a shared link stays open until revoked or expired.
          if (invitation.email) await repo.markInvitationAccepted(tx, code, actor.userId);
          await repo.setCurrentTeam(tx, actor.userId, teamUID);
          return true;
        },
        (joined) =>
          joined
            ? { entity: 'team_member', op: 'create', ids: [actor.userId], data: { role: invitation.role } }
            : null,
      );
      if (joined) {
        onAccessChanged(actor.userId);
        await tellManagersOfJoin(teamUID, actor);
      }
      return { teamUID, joined };
    },

    /** Makes a team current for the user; they must belong to it. */
    async switchTeam(actor: Actor, teamUID: string) {
      await requireMember(actor, teamUID);
      await repo.setCurrentTeam(directory, actor.userId, teamUID);
    },
  };

  async function findUsableInvitation(code: string) {
    const invitation = await repo.findInvitation(directory, code);
    if (!invitation || invitation.revokedAt || invitation.expiresAt.getTime() < Date.now()) {
      throw new NotFoundError('This invitation is no longer valid.');
    }
    if (invitation.acceptedAt) throw new ConflictError('This invitation has already been used.');
    return invitation;
  }
}

function presentInvitation(row: repo.InvitationRow, link: string) {
  return {
    inviteCode: row.code,
    link,
    email: row.email,
    role: row.role,
    groupAccess: row.groupAccess,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}
