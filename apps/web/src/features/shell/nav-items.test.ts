import { describe, expect, it } from 'vitest';
import { NAV_AREAS, isNavItemActive, selectNavAreas } from './nav-items';
import { PAGE_AVAILABILITY, isPageAvailable } from './page-availability';

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

describe('which pages are offered', () => {
  const navPages = NAV_AREAS.flatMap((area) => (area.items ? area.items.map((item) => item.to) : [area.to!]));
  // Every page of the navigation is built today: the rules are checked on a list where one still comes.
  const withConnectionsComing = { ...PAGE_AVAILABILITY, '/setup/connections': 'coming' } as const;

  it('has a line in the one availability list for every page of the navigation', () => {
    expect(navPages.filter((to) => PAGE_AVAILABILITY[to] === undefined)).toEqual([]);
  });

  it.each([
    { name: 'a built page', pathname: '/tasks', expected: true },
    { name: 'a page below a built one', pathname: '/contacts/pipeline/p1', expected: true },
    { name: 'a coming page', pathname: '/setup/connections', expected: false },
    { name: 'a page below a coming one', pathname: '/setup/connections/c1', expected: false },
    { name: 'the queue processor of a platform', pathname: '/queue/instagram', expected: true },
    { name: 'a page the list does not name', pathname: '/contact/abc/overview', expected: true },
    {
      name: 'a sibling sharing a prefix with a coming page',
      pathname: '/setup/connections-x',
      expected: true,
    },
  ])('$name: $expected', ({ pathname, expected }) => {
    expect(isPageAvailable(pathname, withConnectionsComing)).toBe(expected);
  });

  it('offers no coming page, and no group whose pages are all coming', () => {
    const offeredWith = (availability: Record<string, 'available' | 'coming'>) =>
      selectNavAreas(true, NAV_AREAS, (to) => isPageAvailable(to, availability)).flatMap((area) =>
        area.items ? area.items.map((item) => item.to) : [area.to!],
      );
    const offered = offeredWith(withConnectionsComing);
    expect(offered.filter((to) => !isPageAvailable(to, withConnectionsComing))).toEqual([]);
    expect(offered).not.toContain('/setup/connections');
    expect(offered).toEqual(expect.arrayContaining(['/contacts/pipeline', '/tasks', '/setup/labels']));
  });

  it('turns a page on with its one line', () => {
    const withOnly = (lines: Record<string, 'available' | 'coming'>) =>
      selectNavAreas(false, NAV_AREAS, (to) => isPageAvailable(to, { ...PAGE_AVAILABILITY, ...lines }));
    expect(
      withOnly({ '/dashboard/home': 'coming', '/dashboard/kpi': 'available' }).find(
        (area) => area.label === 'Dashboards',
      )?.items,
    ).toEqual([{ label: 'KPI', to: '/dashboard/kpi' }]);
    expect(
      withOnly({ '/dashboard/home': 'coming', '/dashboard/kpi': 'coming' }).map((area) => area.label),
    ).not.toContain('Dashboards');
  });
});
