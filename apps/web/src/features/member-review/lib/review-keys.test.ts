import { describe, expect, it } from 'vitest';
import { readReviewKey } from './review-keys';

const plain = { ctrl: false, meta: false, alt: false };

describe('keys of the review list', () => {
  it.each([
    ['a', { kind: 'decide', decision: 'approve' }],
    ['A', { kind: 'decide', decision: 'approve' }],
    ['d', { kind: 'decide', decision: 'decline' }],
    ['s', { kind: 'decide', decision: 'skip' }],
    ['j', { kind: 'move', by: 1 }],
    ['ArrowDown', { kind: 'move', by: 1 }],
    ['k', { kind: 'move', by: -1 }],
    ['ArrowUp', { kind: 'move', by: -1 }],
    ['x', null],
    ['Enter', null],
  ])('%s', (key, expected) => {
    expect(readReviewKey(key, plain)).toEqual(expected);
  });

  it('leaves the browser its shortcuts: nothing happens with Ctrl, Cmd or Alt held', () => {
    expect(readReviewKey('a', { ...plain, ctrl: true })).toBeNull();
    expect(readReviewKey('d', { ...plain, meta: true })).toBeNull();
    expect(readReviewKey('s', { ...plain, alt: true })).toBeNull();
  });
});
