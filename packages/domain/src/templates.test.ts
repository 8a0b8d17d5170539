import { describe, expect, it } from 'vitest';
import {
  buildTemplateValues,
  findMissingTemplateFields,
  findUnknownTemplateFields,
  listTemplateFields,
  renderTemplate,
} from './templates';

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

describe('fallbacks and the new fields', () => {
  const ana = {
    contact: {
      firstName: 'Ana',
      lastName: 'Ruiz',
      name: '',
      emailAddress: 'ana@example.com',
      phoneNumber: null,
    },
    pipeline: {
      name: 'Fit Moms',
      stage: 'Welcomed',
      questions: [{ question: 'What brings you here?', answer: 'Running again' }],
    },
    senderName: 'Sam Lee',
  };

  it('renders a fallback when the person lacks the value, and the value when they have it', () => {
    expect(renderTemplate('Hi {firstName|there}!', { firstName: '' })).toBe('Hi there!');
    expect(renderTemplate('Hi {firstName|there}!', { firstName: '  ' })).toBe('Hi there!');
    expect(renderTemplate('Hi { firstName | there }!', { firstName: 'Ana' })).toBe('Hi Ana!');
  });

  it('fills email, the sender and membership answers by question', () => {
    const values = buildTemplateValues(ana);
    expect(
      renderTemplate(
        '{name}: {emailAddress}. You said "{answer:What brings you here?}". {senderName} from {pipeline}',
        values,
      ),
    ).toBe('Ana Ruiz: ana@example.com. You said "Running again". Sam Lee from Fit Moms');
    expect(renderTemplate('{answer: what brings you here? }', values)).toBe('Running again');
    expect(renderTemplate('{answer:Favourite colour?|no answer}', values)).toBe('no answer');
  });

  it('names the fields a person lacks, except those with a fallback', () => {
    const values = buildTemplateValues({ ...ana, pipeline: null });
    expect(
      findMissingTemplateFields('Hi {firstName}, {phoneNumber} {stage|} {answer:Goal?} {stage}', values),
    ).toEqual(['phoneNumber', 'answer:Goal?', 'stage']);
    expect(findMissingTemplateFields('Hi {firstName|there}', { firstName: '' })).toEqual([]);
  });

  it('knows answers and the new fields, and lists fields without their fallbacks', () => {
    expect(findUnknownTemplateFields('{senderName} {emailAddress} {answer:Goal?} {answer} {email}')).toEqual([
      'answer',
      'email',
    ]);
    expect(listTemplateFields('{firstName|there} {answer:Goal?|none} {firstName}')).toEqual([
      'firstName',
      'answer:Goal?',
    ]);
  });
});
