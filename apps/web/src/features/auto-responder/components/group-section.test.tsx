import { MantineProvider } from '@mantine/core';
import type { AutoResponder } from '@grouptrack/domain';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GroupSection } from './group-section';
import { JobCard } from './job-card';

const job: AutoResponder = {
  jobID: 'j1',
  jobGroupId: 'g1',
  jobName: 'Spring giveaway',
  platform: 'facebook',
  settings: {
    permalinkURL: 'https://www.facebook.com/groups/runners/posts/123',
    triggerWords: ['info', 'price'],
  },
  replyTemplateId: 'thanks',
  messageTemplateId: null,
  tagIds: [],
  pipelineId: null,
  stageId: null,
  order: 'a0',
  archived: false,
  createdByUID: 'u1',
  counts: { seen: 1200, matched: 4, replied: 3, messaged: 0, captured: 4 },
  lastVisitedAt: '2025-01-01T11:55:00.000Z',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};
const noop = () => {};

// Vitest runs in Node without a DOM, so the markup is read with patterns.
describe('a group with its jobs', () => {
  it('shows the group switch, the job card with its link, trigger words, action and counts', () => {
    const html = renderToStaticMarkup(
      <MantineProvider>
        <GroupSection
          group={{ id: 'g1', name: 'Spring', status: 'running', order: 'a0', createdAt: job.createdAt }}
          isRunning
          isFirst
          isLast
          isChanging={false}
          error="The Auto Responder needs the Pro plan."
          onRun={noop}
          onMove={noop}
          onRename={noop}
          onDelete={noop}
        >
          <JobCard
            job={job}
            names={{
              template: (id) => (id === 'thanks' ? 'Thanks' : undefined),
              tag: () => undefined,
              pipeline: () => undefined,
              stage: () => undefined,
              firstStage: () => undefined,
            }}
            now={new Date('2025-01-01T12:00:00.000Z')}
            isFirst
            isLast
            isChanging={false}
            onEdit={noop}
            onDelete={noop}
            onArchive={noop}
            onMove={noop}
          />
        </GroupSection>
      </MantineProvider>,
    );
    const text = html
      .replace(/<[^>]+>/g, ' ')
      .replaceAll('&quot;', '"')
      .replace(/\s+/g, ' ');
    const switches = [...html.matchAll(/<input[^>]*role="switch"[^>]*>/g)].map(([tag]) => ({
      label: /aria-label="([^"]*)"/.exec(tag)?.[1],
      isOn: /\schecked=""/.test(tag),
    }));
    expect(switches).toEqual([{ label: 'Run Spring', isOn: true }]);
    expect(html).toContain('aria-label="Auto responder Spring giveaway"');
    expect(html).toMatch(
      /<a[^>]*href="https:\/\/www.facebook.com\/groups\/runners\/posts\/123"[^>]*target="_blank"/,
    );
    expect(text).toContain('Reply "Thanks"');
    expect(text).toContain('The Auto Responder needs the Pro plan.');
    for (const label of ['Comments seen 1,200', 'Matched 4', 'Replied 3', 'Messaged 0', 'Captured 4'])
      expect(text).toContain(label);
    expect(text).toContain('Post last read 5 minutes ago.');
  });
});
