import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { InvitePanel } from './invite-panel';
import type { PipelineSummary } from './pipeline-access';

// Vitest runs in Node without a DOM: the markup is read as text.
function renderText(pipelines: PipelineSummary[]) {
  const html = renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <InvitePanel teamUID="t1" actorRole="owner" pipelines={pipelines} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

const NONE_YET = 'They will see no contacts until you give them a pipeline.';

describe('InvitePanel', () => {
  it("gives a team's only pipeline unless the inviter changes it, on the link and by email", () => {
    const text = renderText([{ id: 'p1', name: 'Leads' }]);
    expect(text).toContain('Link gives the pipelines');
    expect(text).toContain('Pipelines they will see');
    expect(text.match(/Leads/g)?.length).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain(NONE_YET);
  });

  it('asks which of several pipelines to give, and says none given means no contacts', () => {
    const text = renderText([
      { id: 'p1', name: 'Leads' },
      { id: 'p2', name: 'Clients' },
    ]);
    expect(text).toContain(NONE_YET);
    // Nothing is chosen for them: no pipeline's name shows before the list is opened.
    expect(text).not.toContain('Leads');
  });

  it('asks nothing of a team without pipelines', () => {
    expect(renderText([])).not.toContain('Link gives the pipelines');
  });
});
