import { describe, expect, it } from 'vitest';
import { NAV_AREAS, isNavItemActive, selectNavAreas } from './nav-items';

describe('isNavItemActive', () => {
  it.each([
    { name: 'marks the page itself', pathname: '/setup/tags', to: '/setup/tags', expected: true },
    {
      name: 'marks a page below it',
      pathname: '/contacts/pipeline/p1',
      to: '/contacts/pipeline',
      expected: true,
    },
    {
      name: 'does not mark a sibling that shares a prefix',
      pathname: '/setup/tags-reconciliation',
      to: '/setup/tags',
      expected: false,
    },
    { name: 'does not mark another area', pathname: '/tasks', to: '/setup/tasks', expected: false },
  ])('$name', ({ pathname, to, expected }) => {
    expect(isNavItemActive(pathname, to)).toBe(expected);
  });
});

describe('selectNavAreas', () => {
  it('shows Admin to a super user', () => {
    expect(selectNavAreas(true).map((area) => area.label)).toContain('Admin');
  });

  it('hides Admin from everyone else', () => {
    expect(selectNavAreas(false).map((area) => area.label)).not.toContain('Admin');
  });

  it('links every setup page of SPEC §2', () => {
    const setup = NAV_AREAS.find((area) => area.label === 'Setup')?.items?.map((item) => item.to);
    expect(setup).toEqual(
      expect.arrayContaining([
        '/setup/tasks',
        '/setup/messaging',
        '/setup/queue',
        '/setup/pipelines-order',
        '/setup/ai',
        '/setup/tags',
        '/setup/tags-reconciliation',
        '/setup/pipelines',
        '/setup/connections',
        '/setup/labels',
        '/setup/workflows',
      ]),
    );
  });
});
