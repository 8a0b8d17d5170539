import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TeamMember } from '../../../lib/team-members';
import { NO_PIPELINES_NOTE, PipelineAccess } from './pipeline-access';

function buildMember(overrides: Partial<TeamMember>): TeamMember {
  return {
    uid: 'u1',
    name: 'Mia Member',
    email: 'mia@example.com',
    photoURL: null,
    role: 'member',
    teamOwner: false,
    groupAccess: [],
    joinedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

// Vitest runs in Node without a DOM, so the markup is read with a pattern: each switch's label and state.
function render(element: ReactElement) {
  const html = renderToStaticMarkup(<MantineProvider>{element}</MantineProvider>);
  const switches = [...html.matchAll(/<input[^>]*role="switch"[^>]*>/g)].map(([tag]) => ({
    label: /aria-label="([^"]*)"/.exec(tag)?.[1],
    isOn: /\schecked=""/.test(tag),
  }));
  const text = html.replace(/<[^>]+>/g, ' ');
  return { switches, text };
}

const owner = buildMember({ uid: 'o1', name: 'Olga Owner', role: 'owner', teamOwner: true });
const mia = buildMember({ uid: 'u1', name: 'Mia Member', groupAccess: ['p2'] });
const pipelines = [
  { id: 'p1', name: 'Leads' },
  { id: 'p2', name: 'Clients' },
];

describe('PipelineAccess', () => {
  it('shows a switch per pipeline for a member, on for the pipelines they see', () => {
    const doc = render(
      <PipelineAccess
        members={[owner, mia]}
        pipelines={pipelines}
        actor={{ uid: 'o1', role: 'owner' }}
        onChange={() => {}}
      />,
    );
    expect(doc.switches).toEqual([
      { label: 'Leads for Mia Member', isOn: false },
      { label: 'Clients for Mia Member', isOn: true },
    ]);
    expect(doc.text).toContain('Sees every pipeline');
  });

  it('shows no switches to a member', () => {
    const doc = render(
      <PipelineAccess
        members={[owner, mia]}
        pipelines={pipelines}
        actor={{ uid: 'u1', role: 'member' }}
        onChange={() => {}}
      />,
    );
    expect(doc.switches).toEqual([]);
  });

  it('explains, without switches, that the team has no pipelines yet', () => {
    const doc = render(
      <PipelineAccess
        members={[owner, mia]}
        pipelines={[]}
        actor={{ uid: 'o1', role: 'owner' }}
        onChange={() => {}}
      />,
    );
    expect(doc.text).toContain(NO_PIPELINES_NOTE);
    expect(doc.switches).toEqual([]);
  });
});
