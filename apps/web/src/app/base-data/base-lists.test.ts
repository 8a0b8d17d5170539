import type { TeamRole } from '@grouptrack/domain';
import { describe, expect, it } from 'vitest';
import type { LoggedUser } from '../signed-in-user';
import { selectBaseLists } from './base-lists';

function buildUser(role: TeamRole): LoggedUser {
  return {
    uid: 'usr_1',
    email: 'lead@example.com',
    name: 'Lead',
    teamUID: 'team_1',
    teams: [{ teamUID: 'team_1', teamName: 'Team', teamOwner: role === 'owner', role }],
    groupAccess: {},
    passwordSet: true,
    termsVersion: '1.0.1',
    defaultContactView: null,
    timeZone: 'UTC',
    phoneNumber: null,
    photoURL: '',
    notifications: {},
    currentTeam: { teamUID: 'team_1', teamOwner: role === 'owner', role },
    claims: { super: false },
    impersonatedBy: null,
    subscription: {} as LoggedUser['subscription'],
  };
}

const labelsOf = (role: TeamRole, needed: 'none' | 'min' | 'full') =>
  selectBaseLists(buildUser(role), needed).map((list) => list.label);

describe('selectBaseLists', () => {
  it.each<{ name: string; role: TeamRole; needed: 'none' | 'min' | 'full'; expected: string[] }>([
    {
      name: 'loads nothing for a screen that needs only the user',
      role: 'owner',
      needed: 'none',
      expected: [],
    },
    { name: 'loads the members for min', role: 'owner', needed: 'min', expected: ['team members'] },
    {
      name: 'loads the invitations of an owner for full',
      role: 'owner',
      needed: 'full',
      expected: ['team members', 'open invitations', 'app notifications'],
    },
    {
      name: 'loads the invitations of an admin for full',
      role: 'admin',
      needed: 'full',
      expected: ['team members', 'open invitations', 'app notifications'],
    },
    {
      name: 'does not load invitations a member may not see',
      role: 'member',
      needed: 'full',
      expected: ['team members', 'app notifications'],
    },
  ])('$name', ({ role, needed, expected }) => {
    expect(labelsOf(role, needed)).toEqual(expected);
  });

  it('keys the team lists by the current team', () => {
    const [members] = selectBaseLists(buildUser('owner'), 'min');
    expect(members).toMatchObject({
      queryKey: ['teams', 'team_1', 'members'],
      path: '/api/v1/teams/team_1/members',
    });
  });
});
