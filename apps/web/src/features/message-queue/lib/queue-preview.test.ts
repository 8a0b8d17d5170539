import { describe, expect, it } from 'vitest';
import { buildQueuePreview, listProfilePlatforms } from './queue-preview';

const pipelineData = (stage: string, addedAt: string, answer = '') => ({
  stage,
  questions: answer ? [{ question: 'Goal', answer }] : [],
  addedAt,
  tagSets: {},
  deals: [],
  stagesHistory: [],
});

const pipelines = [
  { groupUID: 'p-late', nickName: 'Coaching', stages: [{ stageUID: 's2', name: 'Call booked' }] },
  { groupUID: 'p-early', nickName: 'Members', stages: [{ stageUID: 's1', name: 'New' }] },
];

const contact = {
  firstName: 'Ana',
  lastName: 'Silva',
  name: 'Ana Silva',
  emailAddress: null,
  phoneNumber: null,
  groupData: {
    'p-late': pipelineData('s2', '2024-05-01T00:00:00.000Z'),
    'p-early': pipelineData('s1', '2024-01-01T00:00:00.000Z', 'Grow'),
  },
};

describe('the preview of a queued message', () => {
  it('fills the fields from the pipeline the contact was added to first, as the server does', () => {
    expect(
      buildQueuePreview({
        text: 'Hi {firstName}, welcome to {pipeline} ({stage}). {answer:Goal}! {senderName}',
        contact,
        pipelines,
        senderName: 'Bea',
      }),
    ).toEqual({ text: 'Hi Ana, welcome to Members (New). Grow! Bea', missing: [] });
  });

  it('keeps a field the person lacks in the text, and names it, so the message waits in Review', () => {
    expect(
      buildQueuePreview({ text: 'Call you on {phoneNumber}?', contact, pipelines, senderName: 'Bea' }),
    ).toEqual({ text: 'Call you on {phoneNumber}?', missing: ['phoneNumber'] });
  });

  it('lists only the platforms the contact has a profile on', () => {
    expect(
      listProfilePlatforms({
        facebook: { profileID: '1', username: null, url: null },
        instagram: undefined,
      }),
    ).toEqual(['facebook']);
  });
});
