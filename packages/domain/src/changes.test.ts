import { describe, expect, it } from 'vitest';
import { changedFields } from './changes';

describe('changedFields', () => {
  const stage = { name: 'New', color: '#FF0000', questions: ['Why?'], description: null as string | null };

  it('keeps only the fields that differ', () => {
    expect(changedFields(stage, { name: 'Warm', color: '#FF0000' })).toEqual({ name: 'Warm' });
    expect(changedFields(stage, { description: 'First contact' })).toEqual({ description: 'First contact' });
  });

  it('compares lists by content, and answers null when nothing differs', () => {
    expect(changedFields(stage, { questions: ['Why?'] })).toBeNull();
    expect(changedFields(stage, { questions: ['Why?', 'How?'] })).toEqual({ questions: ['Why?', 'How?'] });
    expect(changedFields(stage, { name: 'New', description: null })).toBeNull();
  });

  it('leaves out fields the patch does not give', () => {
    expect(changedFields(stage, { name: undefined })).toBeNull();
    expect(changedFields(stage, {})).toBeNull();
  });
});
