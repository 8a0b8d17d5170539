import { describe, expect, it } from 'vitest';
import { contactPath, teamPath } from './api-client';

describe('teamPath', () => {
  it.each([
    { segments: [], expected: '/api/v1/teams/team_1' },
    { segments: ['pipelines'], expected: '/api/v1/teams/team_1/pipelines' },
    { segments: ['tags', 'a/b?c'], expected: '/api/v1/teams/team_1/tags/a%2Fb%3Fc' },
  ])('builds $expected', ({ segments, expected }) => {
    expect(teamPath('team_1', ...segments)).toBe(expected);
  });

  it('encodes the team id, so an odd id cannot reach another path', () => {
    expect(teamPath('a/../b', 'members')).toBe('/api/v1/teams/a%2F..%2Fb/members');
  });
});

describe('contactPath', () => {
  it('puts the contact and what is under it below the team', () => {
    expect(contactPath('team_1', 'GT 1', 'notes', 'n1')).toBe(
      '/api/v1/teams/team_1/contacts/GT%201/notes/n1',
    );
  });
});
