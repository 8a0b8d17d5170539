import { describe, expect, it } from 'vitest';
import { describeActivity } from './describe-activity';

describe('describeActivity', () => {
  it.each([
    {
      type: 'stage',
      action: 'changed',
      data: { stage: 'Won' },
      pipeline: 'Sales',
      expected: 'Moved to stage Won in Sales',
    },
    { type: 'pipeline', action: 'added', data: null, pipeline: 'Sales', expected: 'Added to Sales' },
    { type: 'tag', action: 'removed', data: { tag: 'VIP' }, pipeline: null, expected: 'Tag VIP removed' },
    { type: 'note', action: 'added', data: null, pipeline: null, expected: 'Note added' },
    {
      type: 'message',
      action: 'copied',
      data: { templateName: 'Welcome' },
      pipeline: null,
      expected: 'Message copied from template Welcome',
    },
    {
      type: 'info',
      action: 'updated',
      data: { fields: ['emailAddress'] },
      pipeline: null,
      expected: 'Updated email',
    },
    { type: 'contact', action: 'created', data: null, pipeline: null, expected: 'Contact created' },
    {
      type: 'member_request',
      action: 'asked',
      data: { platform: 'facebook', groupId: 'demofounders', group: 'Demo Founders Circle' },
      pipeline: 'Members',
      expected: 'Asked to join Demo Founders Circle',
    },
    { type: 'other', action: 'done', data: null, pipeline: null, expected: 'other done' },
  ])('names a $type $action', ({ type, action, data, pipeline, expected }) => {
    expect(describeActivity({ activity: { type, action, data, note: null }, pipelineName: pipeline })).toBe(
      expected,
    );
  });
});
