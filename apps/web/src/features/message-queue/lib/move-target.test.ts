import { describe, expect, it } from 'vitest';
import { findMoveTarget } from './move-target';

const items = [
  { id: 'f1', platform: 'facebook' as const },
  { id: 'i1', platform: 'instagram' as const },
  { id: 'f2', platform: 'facebook' as const },
  { id: 'f3', platform: 'facebook' as const },
];

describe('moving a scheduled message', () => {
  it('moves up to just before the previous message of its own queue, passing other platforms', () => {
    expect(findMoveTarget(items, 2, -1)).toEqual({ before: 'f1' });
  });

  it('moves down to just after the next message of its own queue', () => {
    expect(findMoveTarget(items, 2, 1)).toEqual({ after: 'f3' });
  });

  it('cannot move past the top or bottom of its queue', () => {
    expect(findMoveTarget(items, 0, -1)).toBeNull();
    expect(findMoveTarget(items, 3, 1)).toBeNull();
    expect(findMoveTarget(items, 1, -1)).toBeNull();
  });
});
