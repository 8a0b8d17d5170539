import type { TeamRole } from '@grouptrack/domain';
import { describe, expect, it } from 'vitest';
import {
  canChangeRole,
  canEditPipelineAccess,
  canLeaveTeam,
  canRemoveMember,
  listAssignableRoles,
  toggleGroupAccess,
} from './member-permissions';

const actor = (role: TeamRole) => ({ uid: 'actor', role });
const member = (role: TeamRole, uid = 'other') => ({ uid, role });

describe('listAssignableRoles', () => {
  it.each<[TeamRole, string[]]>([
    ['owner', ['admin', 'member']],
    ['admin', ['member']],
    ['member', []],
  ])('lets a team %s give %j', (role, expected) => {
    expect(listAssignableRoles(role)).toEqual(expected);
  });
});

describe('canChangeRole', () => {
  it.each<[TeamRole, TeamRole, boolean]>([
    ['owner', 'admin', true],
    ['owner', 'member', true],
    ['owner', 'owner', false],
    ['admin', 'member', false],
    ['admin', 'admin', false],
    ['member', 'member', false],
  ])('a %s changing the role of a %s: %s', (actorRole, memberRole, expected) => {
    expect(canChangeRole(actor(actorRole), member(memberRole))).toBe(expected);
  });

  it('never lets an owner change their own row', () => {
    expect(canChangeRole(actor('owner'), member('owner', 'actor'))).toBe(false);
  });
});

describe('canRemoveMember', () => {
  it.each<[TeamRole, TeamRole, boolean]>([
    ['owner', 'admin', true],
    ['owner', 'member', true],
    ['owner', 'owner', false],
    ['admin', 'member', true],
    ['admin', 'admin', false],
    ['member', 'member', false],
  ])('a %s removing a %s: %s', (actorRole, memberRole, expected) => {
    expect(canRemoveMember(actor(actorRole), member(memberRole))).toBe(expected);
  });

  it('does not offer removing yourself (that is leaving)', () => {
    expect(canRemoveMember(actor('admin'), member('admin', 'actor'))).toBe(false);
  });
});

describe('canLeaveTeam', () => {
  it.each<[TeamRole, boolean]>([
    ['owner', false],
    ['admin', true],
    ['member', true],
  ])('a %s may leave: %s', (role, expected) => {
    expect(canLeaveTeam(actor(role), member(role, 'actor'))).toBe(expected);
  });

  it('is only offered on your own row', () => {
    expect(canLeaveTeam(actor('member'), member('member'))).toBe(false);
  });
});

describe('canEditPipelineAccess', () => {
  it.each<[TeamRole, TeamRole, boolean]>([
    ['owner', 'member', true],
    ['admin', 'member', true],
    ['owner', 'admin', false],
    ['member', 'member', false],
  ])('a %s choosing the pipelines of a %s: %s', (actorRole, memberRole, expected) => {
    expect(canEditPipelineAccess(actor(actorRole), member(memberRole))).toBe(expected);
  });
});

describe('toggleGroupAccess', () => {
  it('adds a pipeline once', () => {
    expect(toggleGroupAccess(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(toggleGroupAccess(['a', 'b'], 'b', true)).toEqual(['a', 'b']);
  });

  it('removes a pipeline', () => {
    expect(toggleGroupAccess(['a', 'b'], 'a', false)).toEqual(['b']);
  });
});
