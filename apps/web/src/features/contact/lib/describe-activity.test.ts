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
      action: 'replied',
      data: { platform: 'facebook' },
      pipeline: null,
      expected: 'They replied',
    },
    {
      type: 'workflow',
      action: 'waiting',
      data: { step: 0, said: 'Wait 2 days' },
      pipeline: null,
      expected: 'Wait 2 days',
    },
    {
      type: 'message',
      action: 'copied',
      data: { templateName: 'Welcome' },
      pipeline: null,
      expected: 'Message copied from template Welcome',
    },
    {
      type: 'queued_message',
      action: 'failed',
      data: { reason: 'No message box' },
      pipeline: null,
      expected: 'Queued message not sent: No message box',
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
    {
      type: 'member_request',
      action: 'approve',
      data: { groupId: 'demofounders', group: 'Demo Founders Circle', rule: 'Email given' },
      pipeline: 'Members',
      expected: 'Request to join Demo Founders Circle to be approved by the rule "Email given"',
    },
    {
      type: 'member_request',
      action: 'decline',
      data: { groupId: 'demofounders', rule: 'Everyone else', feedback: 'Answer the questions, please.' },
      pipeline: 'Members',
      expected:
        'Request to join demofounders to be declined by the rule "Everyone else", saying "Answer the questions, please."',
    },
    {
      type: 'member_request',
      action: 'flag',
      data: { group: 'Demo Founders Circle', rule: 'Heard from a friend' },
      pipeline: 'Members',
      expected: 'Request to join Demo Founders Circle flagged for review by the rule "Heard from a friend"',
    },
    {
      type: 'member_request',
      action: 'approve',
      data: { group: 'Demo Founders Circle', decidedBy: 'u1' },
      pipeline: 'Members',
      expected: 'Request to join Demo Founders Circle to be approved',
    },
    {
      type: 'member_request',
      action: 'declined',
      data: { group: 'Demo Founders Circle' },
      pipeline: 'Members',
      expected: 'Declined from Demo Founders Circle',
    },
    { type: 'other', action: 'done', data: null, pipeline: null, expected: 'other done' },
  ])('names a $type $action', ({ type, action, data, pipeline, expected }) => {
    expect(describeActivity({ activity: { type, action, data, note: null }, pipelineName: pipeline })).toBe(
      expected,
    );
  });
});
