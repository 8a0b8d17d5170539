import { PERMISSION_REFUSALS, can, type PermissionArea, type RefusedPermission } from '@grouptrack/domain';
import { ForbiddenError } from '../errors';
import type { TeamActor } from './actor';

/**
 * The member, when their role holds the permission; otherwise a 403 in the words of the area
 * (PERMISSION_REFUSALS). Membership comes first (a team route resolves it before its handler runs,
 * see team-routes.ts), so another team's id answers 404 before any role is looked at.
 */
export function requirePermission<Permission extends RefusedPermission>(
  member: TeamActor,
  permission: Permission,
  area: PermissionArea<Permission>,
): TeamActor {
  if (!can(member.role, permission)) {
    throw new ForbiddenError(String(PERMISSION_REFUSALS[permission][area]));
  }
  return member;
}
