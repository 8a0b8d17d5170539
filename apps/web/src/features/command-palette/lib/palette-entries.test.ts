import { describe, expect, it } from 'vitest';
import type { NavArea } from '../../shell';
import { matchesQuery, palettePages, stageMoves } from './palette-entries';

const AREAS: NavArea[] = [
  {
    label: 'Contacts',
    icon: 'contacts',
    items: [
      { label: 'Pipeline', to: '/contacts/pipeline' },
      { label: 'Table', to: '/contacts/table' },
    ],
  },
  { label: 'Tasks', icon: 'tasks', to: '/tasks' },
  { label: 'Admin', icon: 'admin', to: '/admin', isSuperOnly: true },
];

describe('the palette', () => {
  it('lists every page with its area, and Admin only for the super user', () => {
    expect(palettePages(AREAS, false)).toEqual([
      { label: 'Contacts: Pipeline', to: '/contacts/pipeline' },
      { label: 'Contacts: Table', to: '/contacts/table' },
      { label: 'Tasks', to: '/tasks' },
    ]);
    expect(palettePages(AREAS, true).map((page) => page.label)).toContain('Admin');
  });

  it('offers no page that is still coming', () => {
    const withComing: NavArea[] = [
      ...AREAS,
      { label: 'Dashboards', icon: 'dashboard', items: [{ label: 'KPI', to: '/dashboard/kpi' }] },
      { label: 'Conversations', icon: 'conversations', to: '/messages' },
    ];
    const isAvailable = (to: string) => !['/dashboard/kpi', '/messages'].includes(to);
    expect(palettePages(withComing, true, isAvailable).map((page) => page.to)).toEqual([
      '/contacts/pipeline',
      '/contacts/table',
      '/tasks',
      '/admin',
    ]);
  });

  it.each([
    ['Contacts: Table', 'table', true],
    ['Contacts: Table', 'CON tab', true],
    ['Contacts: Table', 'tasks', false],
    ['Setup: Tags', '', true],
  ])('%j matches %j: %s', (label, query, expected) => {
    expect(matchesQuery(label, query)).toBe(expected);
  });

  it('offers the other stages of the pipelines the contact is in', () => {
    const pipelines = [
      {
        groupUID: 'p1',
        nickName: 'Members',
        stages: [
          { stageUID: 's1', name: 'New' },
          { stageUID: 's2', name: 'Welcomed' },
        ],
      },
      { groupUID: 'p2', nickName: 'Clients', stages: [{ stageUID: 's3', name: 'Call booked' }] },
    ];
    expect(stageMoves({ p1: { stage: 's1' } }, pipelines)).toEqual([
      { pipelineId: 'p1', stageId: 's2', label: 'Welcomed' },
    ]);
    expect(stageMoves({ p1: { stage: 's2' }, p2: { stage: 'gone' } }, pipelines)).toEqual([
      { pipelineId: 'p1', stageId: 's1', label: 'New (Members)' },
      { pipelineId: 'p2', stageId: 's3', label: 'Call booked (Clients)' },
    ]);
  });
});
