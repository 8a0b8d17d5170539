import { describe, expect, it } from 'vitest';
import type { MessageTemplate } from '../api/message-templates';
import { filterMessageTemplates } from './filter-templates';

function buildTemplate(patch: Partial<MessageTemplate>): MessageTemplate {
  return {
    templateUID: 'tpl',
    name: 'Welcome',
    text: 'Hi {firstName}',
    category: '',
    type: '',
    tags: [],
    ...patch,
  };
}

const templates = [
  buildTemplate({ templateUID: 'a', name: 'Welcome', category: 'Onboarding', tags: ['new'] }),
  buildTemplate({ templateUID: 'b', name: 'Follow up', text: 'Any news about the offer?', type: 'DM' }),
  buildTemplate({ templateUID: 'c', name: 'Offer', category: 'Sales', type: 'DM', tags: ['new', 'vip'] }),
];
const any = { search: '', category: null, type: null, tag: null };

describe('filterMessageTemplates', () => {
  it.each([
    { name: 'shows every template without a filter', filter: any, expected: ['a', 'b', 'c'] },
    {
      name: 'finds words in the name or the text, in any case',
      filter: { ...any, search: 'OFFER' },
      expected: ['b', 'c'],
    },
    { name: 'needs every word', filter: { ...any, search: 'news offer' }, expected: ['b'] },
    { name: 'keeps one category', filter: { ...any, category: 'Onboarding' }, expected: ['a'] },
    { name: 'keeps one type', filter: { ...any, type: 'DM' }, expected: ['b', 'c'] },
    { name: 'keeps templates with the tag', filter: { ...any, tag: 'new' }, expected: ['a', 'c'] },
    { name: 'combines the filters', filter: { ...any, type: 'DM', tag: 'vip' }, expected: ['c'] },
  ])('$name', ({ filter, expected }) => {
    expect(filterMessageTemplates(templates, filter).map((template) => template.templateUID)).toEqual(
      expected,
    );
  });
});
