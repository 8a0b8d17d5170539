import { describe, expect, it } from 'vitest';
import type { DuplicateGroup, DuplicateTag } from '../api/tag-reconciliation';
import {
  canKeepTag,
  countContactsToMove,
  describeTagPlace,
  formatContactCount,
  pickTagToKeep,
} from './merge-plan';

const tag = (overrides: Partial<DuplicateTag>): DuplicateTag => ({
  tagUID: 't',
  name: 'VIP',
  color: null,
  tagSetUID: 's',
  tagSetName: 'Status',
  tagSetColor: '#1C7EBB',
  pipelineID: null,
  pipelineName: null,
  contacts: 0,
  ...overrides,
});

const group = (tags: DuplicateTag[]): DuplicateGroup => ({ key: 'vip', tags });

describe('canKeepTag', () => {
  it('lets a global tag take tags of any set, and a pipeline tag only its own pipeline’s', () => {
    const global = tag({ tagUID: 'g' });
    const inA = tag({ tagUID: 'a', pipelineID: 'A', pipelineName: 'Alpha' });
    const alsoA = tag({ tagUID: 'a2', pipelineID: 'A', pipelineName: 'Alpha' });
    expect(canKeepTag(global, group([global, inA]))).toBe(true);
    expect(canKeepTag(inA, group([global, inA]))).toBe(false);
    expect(canKeepTag(inA, group([inA, alsoA]))).toBe(true);
  });
});

describe('pickTagToKeep', () => {
  it('offers a global tag first, then the one on most contacts', () => {
    const small = tag({ tagUID: 'small', contacts: 1 });
    const big = tag({ tagUID: 'big', contacts: 9 });
    const local = tag({ tagUID: 'local', pipelineID: 'A', contacts: 50 });
    expect(pickTagToKeep(group([small, local, big]))?.tagUID).toBe('big');
    const onlyLocal = [
      tag({ tagUID: 'x', pipelineID: 'A', contacts: 1 }),
      tag({ tagUID: 'y', pipelineID: 'A', contacts: 3 }),
    ];
    expect(pickTagToKeep(group(onlyLocal))?.tagUID).toBe('y');
  });
});

describe('countContactsToMove', () => {
  it('adds up the contacts of every tag but the kept one', () => {
    const tags = [
      tag({ tagUID: 'k', contacts: 4 }),
      tag({ tagUID: 'a', contacts: 2 }),
      tag({ tagUID: 'b', contacts: 3 }),
    ];
    expect(countContactsToMove(group(tags), 'k')).toBe(5);
  });
});

describe('describeTagPlace and formatContactCount', () => {
  it('names the set and pipeline, and counts in plain English', () => {
    expect(describeTagPlace(tag({}))).toBe('Status (global)');
    expect(describeTagPlace(tag({ pipelineID: 'A', pipelineName: 'Alpha' }))).toBe('Status in Alpha');
    expect(describeTagPlace(tag({ pipelineID: 'A' }))).toBe("Status in a pipeline you can't see");
    expect(formatContactCount(1)).toBe('1 contact');
    expect(formatContactCount(2500)).toBe('2,500 contacts');
  });
});
