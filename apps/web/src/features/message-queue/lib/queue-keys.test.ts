import { describe, expect, it } from 'vitest';
import { readQueueKey } from './queue-keys';

const plain = { ctrl: false, meta: false, alt: false };

describe('keys of the queue lists', () => {
  it.each([
    ['j', { kind: 'move', by: 1 }],
    ['ArrowDown', { kind: 'move', by: 1 }],
    ['K', { kind: 'move', by: -1 }],
    ['ArrowUp', { kind: 'move', by: -1 }],
    ['a', { kind: 'approve' }],
    ['R', { kind: 'reject' }],
    ['e', { kind: 'edit' }],
    ['x', { kind: 'select' }],
    ['d', null],
    ['Enter', null],
  ])('%s', (key, expected) => {
    expect(readQueueKey(key, plain)).toEqual(expected);
  });

  it('leaves the browser its shortcuts: nothing happens with Ctrl, Cmd or Alt held', () => {
    expect(readQueueKey('a', { ...plain, ctrl: true })).toBeNull();
    expect(readQueueKey('r', { ...plain, meta: true })).toBeNull();
    expect(readQueueKey('x', { ...plain, alt: true })).toBeNull();
  });
});
