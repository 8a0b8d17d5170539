import { can, canAssignRole } from '@grouptrack/domain';
import type { TeamRole } from '@grouptrack/domain';

/** The signed-in user acting on a team's member list. */
export interface MemberActor {
  uid: string;
  role: TeamRole;
}

/** A member as these rules need it. */
export interface MemberTarget {
  uid: string;
  role: TeamRole;
}

const CHANGEABLE_ROLES = ['admin', 'member'] as const;

/** Lists the roles an actor may give someone, in the order a menu shows them. */
export function listAssignableRoles(actorRole: TeamRole): ('admin' | 'member')[] {
  return CHANGEABLE_ROLES.filter((role) => canAssignRole(actorRole, role));
}

/** Checks whether the actor may change this member's role: never the owner's or their own, and only between roles they can give. */
export function canChangeRole(actor: MemberActor, member: MemberTarget): boolean {
  const assignable: readonly TeamRole[] = listAssignableRoles(actor.role);
  return (
    member.role !== 'owner' &&
    member.uid !== actor.uid &&
    assignable.length > 1 &&
    assignable.includes(member.role)
  );
}

/** Checks whether the actor may remove this member: owners remove admins and members, admins only members. */
export function canRemoveMember(actor: MemberActor, member: MemberTarget): boolean {
  return (
    member.role !== 'owner' &&
    member.uid !== actor.uid &&
    can(actor.role, 'manage-members') &&
    canAssignRole(actor.role, member.role)
  );
}

/** Checks whether the actor may leave the team through this row: their own, unless they own the team. */
export function canLeaveTeam(actor: MemberActor, member: MemberTarget): boolean {
  return member.uid === actor.uid && member.role !== 'owner';
}

/** Checks whether the actor may choose this member's pipelines; owners and admins see every pipeline anyway. */
export function canEditPipelineAccess(actor: MemberActor, member: MemberTarget): boolean {
  return can(actor.role, 'manage-members') && !can(member.role, 'see-all-pipelines');
}

/** Gives back the pipeline ids with one pipeline switched on or off, without duplicates. */
export function toggleGroupAccess(
  groupAccess: readonly string[],
  pipelineId: string,
  isOn: boolean,
): string[] {
  const others = groupAccess.filter((id) => id !== pipelineId);
  return isOn ? [...others, pipelineId] : others;
}
