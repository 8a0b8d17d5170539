import type { CsvField } from '@grouptrack/domain';
import { describe, expect, it } from 'vitest';
import { formatFieldLabel, listFieldOptions } from './field-options';

const pairValues = (mapping: CsvField[]) =>
  listFieldOptions(mapping)
    .find((group) => group.group === 'Questions and answers')!
    .items.map((item) => item.value);

describe('listFieldOptions', () => {
  it.each([
    { mapping: ['name'] as CsvField[], pairs: ['question.1', 'answer.1'] },
    {
      mapping: ['name', 'question.1', 'answer.1', 'answer.2'] as CsvField[],
      pairs: ['question.1', 'answer.1', 'question.2', 'answer.2', 'question.3', 'answer.3'],
    },
  ])('offers the pairs in use and one more ($mapping)', ({ mapping, pairs }) => {
    expect(pairValues(mapping)).toEqual(pairs);
  });

  it('offers the Notes column as the first note', () => {
    const contact = listFieldOptions([]).find((group) => group.group === 'Contact')!;
    expect(contact.items).toContainEqual({ value: 'note', label: 'Notes (the first note)' });
  });
});

describe('formatFieldLabel', () => {
  it.each([
    ['question.2', 'Question 2'],
    ['answer.2', 'Answer 2'],
    ['instagram.profileId', 'Instagram profile ID'],
    ['emailAddress', 'Email'],
  ])('names %s "%s"', (field, label) => {
    expect(formatFieldLabel(field)).toBe(label);
  });
});
