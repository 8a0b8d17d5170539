import { describe, expect, it } from 'vitest';
import {
  TEAM_PERMISSIONS,
  TEAM_ROLES,
  can,
  canAssignRole,
  canSeePipeline,
  canSeePipelineItem,
  isTeamRole,
} from './roles';
import type { TeamPermission, TeamRole } from './roles';

describe('can', () => {
  const expected: Record<TeamPermission, TeamRole[]> = {
    'manage-billing': ['owner'],
    'delete-team': ['owner'],
    'manage-members': ['owner', 'admin'],
    'manage-pipelines': ['owner', 'admin'],
    'manage-setup': ['owner', 'admin'],
    'see-all-pipelines': ['owner', 'admin'],
    'work-contacts': ['owner', 'admin', 'member'],
  };

  it.each(
    (Object.keys(TEAM_PERMISSIONS) as TeamPermission[]).flatMap((permission) =>
      TEAM_ROLES.map((role) => ({ role, permission, allowed: expected[permission].includes(role) })),
    ),
  )(
    'gives $permission only to the roles PRODUCT.md names ($role: $allowed)',
    ({ role, permission, allowed }) => {
      expect(can(role, permission)).toBe(allowed);
    },
  );
});

describe('canSeePipeline', () => {
  it.each<{ role: TeamRole; groupAccess: string[]; pipelineId: string; expected: boolean }>([
    { role: 'owner', groupAccess: [], pipelineId: 'p1', expected: true },
    { role: 'admin', groupAccess: [], pipelineId: 'p1', expected: true },
    { role: 'member', groupAccess: ['p1', 'p2'], pipelineId: 'p2', expected: true },
    { role: 'member', groupAccess: ['p1'], pipelineId: 'p2', expected: false },
    { role: 'member', groupAccess: [], pipelineId: 'p1', expected: false },
  ])(
    'limits a member to the pipelines in their groupAccess ($role, $groupAccess, $pipelineId)',
    ({ role, groupAccess, pipelineId, expected }) => {
      expect(canSeePipeline({ role, groupAccess }, pipelineId)).toBe(expected);
    },
  );
});

describe('canSeePipelineItem', () => {
  const member = { role: 'member' as const, groupAccess: ['p1'] };
  it("shows a member the team's global tags and those of their pipelines, and an admin every tag", () => {
    expect(canSeePipelineItem(member, { pipelineId: null })).toBe(true);
    expect(canSeePipelineItem(member, { pipelineId: 'p1' })).toBe(true);
    expect(canSeePipelineItem(member, { pipelineId: 'p2' })).toBe(false);
    expect(canSeePipelineItem({ role: 'admin', groupAccess: [] }, { pipelineId: 'p2' })).toBe(true);
  });
});

describe('canAssignRole', () => {
  it.each<{ actor: TeamRole; target: TeamRole; expected: boolean }>([
    { actor: 'owner', target: 'owner', expected: false },
    { actor: 'owner', target: 'admin', expected: true },
    { actor: 'owner', target: 'member', expected: true },
    { actor: 'admin', target: 'owner', expected: false },
    { actor: 'admin', target: 'admin', expected: false },
    { actor: 'admin', target: 'member', expected: true },
    { actor: 'member', target: 'owner', expected: false },
    { actor: 'member', target: 'admin', expected: false },
    { actor: 'member', target: 'member', expected: false },
  ])(
    'never lets anyone hand out a role above their own ($actor gives $target)',
    ({ actor, target, expected }) => {
      expect(canAssignRole(actor, target)).toBe(expected);
    },
  );
});

describe('isTeamRole', () => {
  it.each([
    { value: 'admin', expected: true },
    { value: 'super', expected: false },
    { value: undefined, expected: false },
  ])('recognises only owner, admin and member ($value)', ({ value, expected }) => {
    expect(isTeamRole(value)).toBe(expected);
  });
});
