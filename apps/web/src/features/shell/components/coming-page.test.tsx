import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ComingPage } from './coming-page';

// Vitest runs in Node without a DOM: the markup is read as text. No page is coming today, so the
// journeys cannot open one; this keeps what such a page says checked until the next one comes.
function renderText() {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <MantineProvider>
        <ComingPage title="Reports" icon="dashboard" description="Your reports will appear here." />
      </MantineProvider>
    </MemoryRouter>,
  );
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe('ComingPage', () => {
  it('says the area is not built yet, what it will be for, and where to go instead', () => {
    const text = renderText();
    expect(text).toContain('Reports');
    expect(text).toContain('Coming');
    expect(text).toContain('Your reports will appear here.');
    expect(text).toContain('This area is not built yet, so nothing here works today.');
    expect(text).toContain('pipeline board');
  });
});
