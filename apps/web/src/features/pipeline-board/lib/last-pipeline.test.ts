import { describe, expect, it } from 'vitest';
import { choosePipeline } from './last-pipeline';

const pipelines = [
  { groupUID: 'p1', isDefault: false },
  { groupUID: 'p2', isDefault: true },
  { groupUID: 'p3', isDefault: false },
];

describe('choosePipeline', () => {
  it.each([
    ['the last pipeline viewed', pipelines, 'p3', 'p3'],
    ['the default one when the last viewed is no longer visible', pipelines, 'gone', 'p2'],
    ['the default one when none was viewed', pipelines, null, 'p2'],
    ['the first one when none is the default', [pipelines[0]!, pipelines[2]!], null, 'p1'],
    ['nothing when the member sees no pipeline', [], 'p1', null],
  ])('opens %s', (_name, list, lastViewed, expected) => {
    expect(choosePipeline({ pipelines: list, lastViewed })).toBe(expected);
  });
});
