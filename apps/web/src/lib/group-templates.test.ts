import { describe, expect, it } from 'vitest';
import { groupByCategory, listDistinctLabels } from './group-templates';

describe('listDistinctLabels', () => {
  it('suggests each category once, without blanks, in alphabetical order', () => {
    expect(listDistinctLabels(['Sales', '', 'onboarding', ' Sales ', 'Onboarding'])).toEqual([
      'onboarding',
      'Sales',
    ]);
  });
});

describe('groupByCategory', () => {
  it('keeps the server order within and between groups and puts uncategorised templates last', () => {
    const templates = [
      { name: 'a', category: '' },
      { name: 'b', category: 'Onboarding' },
      { name: 'c', category: 'Sales' },
      { name: 'd', category: 'Onboarding' },
    ];
    expect(
      groupByCategory(templates).map((group) => [group.category, group.templates.map((t) => t.name)]),
    ).toEqual([
      ['Onboarding', ['b', 'd']],
      ['Sales', ['c']],
      ['', ['a']],
    ]);
  });
});
