import { describe, expect, it } from 'vitest';
import { describeBulkResult, describeQueuedItem } from './describe-queue-result';

describe('what queueing one message came to', () => {
  it.each([
    [
      { status: 'scheduled', reason: null, platform: 'instagram' },
      {
        tone: 'scheduled',
        title: 'Scheduled',
        message: 'It goes out from your Instagram queue in its turn, at the pace set in Queue Setup.',
      },
    ],
    [
      {
        status: 'pending',
        reason: 'Needs {phoneNumber}: this person has no value for it.',
        platform: 'facebook',
      },
      {
        tone: 'review',
        title: 'Waiting in Review',
        message: 'Needs {phoneNumber}: this person has no value for it.',
      },
    ],
    [
      {
        status: 'skipped',
        reason: 'No Facebook profile: add one to the contact to message them there.',
        platform: 'facebook',
      },
      {
        tone: 'skipped',
        title: 'Not queued',
        message: 'No Facebook profile: add one to the contact to message them there.',
      },
    ],
  ] as const)('says the server answer %o plainly', (item, expected) => {
    expect(describeQueuedItem(item)).toEqual(expected);
  });
});

describe('what a bulk review or cancel did', () => {
  it('counts what changed', () => {
    expect(describeBulkResult('approve', { changed: ['a', 'b'], refused: [] })).toBe('Approved 2 messages.');
  });

  it('gives the reason one was left alone', () => {
    expect(
      describeBulkResult('approve', {
        changed: ['a'],
        refused: [{ id: 'b', reason: 'Still needs {phoneNumber}: edit the text first.' }],
      }),
    ).toBe('Approved 1 message. 1 message was not approved: Still needs {phoneNumber}: edit the text first.');
  });

  it('gives the first reason when several were left alone', () => {
    expect(
      describeBulkResult('cancel', {
        changed: [],
        refused: [
          { id: 'a', reason: 'It is sent.' },
          { id: 'b', reason: 'It is sent.' },
        ],
      }),
    ).toBe('2 messages were not cancelled; the first: It is sent.');
  });
});
