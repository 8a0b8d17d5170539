/** Roles a team member can have, our decision where SPEC §6 says "not shown" (PRODUCT.md). */
export const TEAM_ROLES = ['owner', 'admin', 'member'] as const;

/** One of the team roles. */
export type TeamRole = (typeof TEAM_ROLES)[number];

/** Things a team member may be allowed to do. */
export type TeamPermission =
  | 'manage-billing'
  | 'delete-team'
  | 'manage-members'
  | 'manage-pipelines'
  | 'manage-setup'
  | 'see-all-pipelines'
  | 'work-contacts';

/** Which roles hold each team permission. */
export const TEAM_PERMISSIONS: Readonly<Record<TeamPermission, readonly TeamRole[]>> = {
  'manage-billing': ['owner'],
  'delete-team': ['owner'],
  'manage-members': ['owner', 'admin'],
  'manage-pipelines': ['owner', 'admin'],
  'manage-setup': ['owner', 'admin'],
  'see-all-pipelines': ['owner', 'admin'],
  'work-contacts': ['owner', 'admin', 'member'],
};

/**
 * What a member whose role lacks a permission is told, per area the permission guards: setup covers
 * templates, the ranked lists and tag reconciliation, and each keeps the words its routes have always used.
 */
export const PERMISSION_REFUSALS = {
  'manage-members': { members: 'Only the team owner or an admin can do this.' },
  'manage-pipelines': { pipelines: 'Only the team owner or an admin can change pipelines.' },
  'see-all-pipelines': {
    'recently-deleted': 'Only the team owner or an admin can see and restore what was deleted.',
  },
  'manage-setup': {
    templates: 'Only the team owner or an admin can change templates.',
    lists: 'Only the team owner or an admin can change this list.',
    'tag-reconciliation': 'Only the team owner or an admin can reconcile tags.',
    workflows: 'Only the team owner or an admin can change workflows.',
    'auto-responder': 'Only the team owner or an admin can change the Auto Responder.',
    connections: 'Only the team owner or an admin can manage connections.',
  },
} as const satisfies Partial<Record<TeamPermission, Record<string, string>>>;

/** A permission a service checks with a refusal of its own. */
export type RefusedPermission = keyof typeof PERMISSION_REFUSALS;

/** An area a permission guards, named in PERMISSION_REFUSALS. */
export type PermissionArea<Permission extends RefusedPermission> =
  keyof (typeof PERMISSION_REFUSALS)[Permission];

/** Roles each role may give to someone else; nobody can make another owner. */
const ASSIGNABLE_ROLES: Readonly<Record<TeamRole, readonly TeamRole[]>> = {
  owner: ['admin', 'member'],
  admin: ['member'],
  member: [],
};

/** Checks that a value is one of the team roles. */
export function isTeamRole(value: unknown): value is TeamRole {
  return typeof value === 'string' && (TEAM_ROLES as readonly string[]).includes(value);
}

/** Checks whether a role holds a permission. */
export function can(role: TeamRole, permission: TeamPermission): boolean {
  return TEAM_PERMISSIONS[permission].includes(role);
}

/** Checks whether a member sees a pipeline: owners and admins see all, members only those in their groupAccess. */
export function canSeePipeline(
  member: { role: TeamRole; groupAccess: readonly string[] },
  pipelineId: string,
): boolean {
  return can(member.role, 'see-all-pipelines') || member.groupAccess.includes(pipelineId);
}

/**
 * Checks whether a member sees something that belongs to a pipeline or to none (a tag, an activity, a
 * deal, a change event): one of no pipeline is the whole team's, one of a pipeline follows that pipeline.
 */
export function canSeePipelineItem(
  member: { role: TeamRole; groupAccess: readonly string[] },
  item: { pipelineId: string | null },
): boolean {
  return item.pipelineId === null || canSeePipeline(member, item.pipelineId);
}

/** Checks whether a member with `actorRole` may give `targetRole` to someone. */
export function canAssignRole(actorRole: TeamRole, targetRole: TeamRole): boolean {
  return ASSIGNABLE_ROLES[actorRole].includes(targetRole);
}
