import { describe, expect, it } from 'vitest';
import { findUnknownTemplateFields, listTemplateFields, renderTemplate } from './templates';

describe('renderTemplate', () => {
  it.each([
    [
      'Hi {firstName}, welcome to {pipeline}!',
      { firstName: 'Ana', pipeline: 'Fit Moms' },
      'Hi Ana, welcome to Fit Moms!',
    ],
    ['Hi {firstName}!', {}, 'Hi!'],
    ['Hi { firstName } , how are you?', { firstName: ' Bo ' }, 'Hi Bo, how are you?'],
    [
      '{name} is in {stage}.\nThanks {firstName}',
      { name: 'Ana Ruiz', stage: 'Call booked', firstName: '' },
      'Ana Ruiz is in Call booked.\nThanks',
    ],
    ['Your code: {promo_code}', { promo_code: 'SPRING' }, 'Your code: SPRING'],
    ['No fields at all', { firstName: 'x' }, 'No fields at all'],
  ])('renders %j', (text, values, expected) => {
    expect(renderTemplate(text, values)).toBe(expected);
  });
});

describe('template fields', () => {
  it('lists the fields in order of first use', () => {
    expect(listTemplateFields('{a} {b} {a} {c.d}')).toEqual(['a', 'b', 'c.d']);
  });

  it('flags fields that are neither built in nor custom, before saving', () => {
    expect(findUnknownTemplateFields('Hi {firstName} {frstName} {goal}', ['goal'])).toEqual(['frstName']);
    expect(findUnknownTemplateFields('Hi {firstName}')).toEqual([]);
  });
});
