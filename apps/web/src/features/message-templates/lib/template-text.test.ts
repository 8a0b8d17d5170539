import { renderTemplate } from '@grouptrack/domain';
import { describe, expect, it } from 'vitest';
import {
  FIELD_NAME_VALUES,
  buildContactValues,
  describeMissingFields,
  describeUnknownFields,
  insertField,
  listQuestions,
  markMissingValues,
} from './template-text';

const pipelines = [
  { groupUID: 'p1', nickName: 'Coaching', stages: [{ stageUID: 's1', name: 'New' }] },
  { groupUID: 'p2', nickName: 'Mastermind', stages: [{ stageUID: 's2', name: 'Call booked' }] },
] as const;

describe('buildContactValues', () => {
  it('fills names, and the pipeline and stage of the first listed pipeline the contact is in', () => {
    const values = buildContactValues({
      contact: {
        firstName: 'Ada',
        lastName: 'Byron',
        name: 'Ada Byron',
        emailAddress: null,
        phoneNumber: null,
        groupData: { p2: { stage: 's2', questions: [] } } as never,
      },
      pipelines: pipelines as never,
      senderName: 'Sam',
    });
    expect(renderTemplate('Hi {firstName} {lastName}, {name} in {pipeline} at {stage}', values)).toBe(
      'Hi Ada Byron, Ada Byron in Mastermind at Call booked',
    );
  });

  it('leaves pipeline and stage empty for a contact in no pipeline', () => {
    const values = buildContactValues({
      contact: {
        firstName: 'Ada',
        lastName: '',
        name: '',
        emailAddress: null,
        phoneNumber: null,
        groupData: {},
      },
      pipelines: pipelines as never,
      senderName: 'Sam',
    });
    expect(values).toEqual({
      firstName: 'Ada',
      lastName: '',
      name: 'Ada',
      emailAddress: null,
      phoneNumber: null,
      pipeline: null,
      stage: null,
      senderName: 'Sam',
    });
  });

  it("takes the board's pipeline when asked, with its answers", () => {
    const values = buildContactValues({
      contact: {
        firstName: 'Ada',
        lastName: '',
        name: '',
        emailAddress: null,
        phoneNumber: null,
        groupData: {
          p1: { stage: 's1', questions: [] },
          p2: { stage: 's2', questions: [{ question: 'Goal?', answer: 'Run' }] },
        } as never,
      },
      pipelines: pipelines as never,
      senderName: 'Sam',
      pipelineId: 'p2',
    });
    expect(renderTemplate('{stage}: {answer:Goal?}', values)).toBe('Call booked: Run');
  });
});

describe('missing fields', () => {
  it('shows what the person lacks as the field itself, and says what to do', () => {
    const values = markMissingValues({ firstName: 'Ada', phoneNumber: null }, ['phoneNumber']);
    expect(renderTemplate('Hi {firstName}, call {phoneNumber}', values)).toBe('Hi Ada, call {phoneNumber}');
    expect(describeMissingFields(['phoneNumber', 'answer:Goal?'], 'Ada')).toBe(
      'No phone, answer to "Goal?" for Ada: replace {phoneNumber}, {answer:Goal?} in the text, or remove them, before copying.',
    );
    expect(describeMissingFields([], 'Ada')).toBeNull();
  });
});

describe('listQuestions', () => {
  it('lists each question once, whatever its case', () => {
    expect(
      listQuestions([{ questions: ['Goal?', 'Email?'] }, { questions: ['goal? ', 'Where from?'] }]),
    ).toEqual(['Goal?', 'Email?', 'Where from?']);
  });
});

describe('FIELD_NAME_VALUES', () => {
  it('renders a template with the field names when there is no contact', () => {
    expect(renderTemplate('Hi {firstName}!', FIELD_NAME_VALUES)).toBe('Hi {firstName}!');
  });
});

describe('describeUnknownFields', () => {
  it.each([
    { name: 'says nothing when every field is known', unknown: [], expected: null },
    {
      name: 'names one unknown field',
      unknown: ['frstName'],
      expected: '{frstName} is not a field. Use one of the fields above, or fix its spelling.',
    },
    {
      name: 'names several unknown fields',
      unknown: ['frstName', 'nme'],
      expected: '{frstName}, {nme} are not fields. Use the fields above, or fix their spelling.',
    },
  ])('$name', ({ unknown, expected }) => {
    expect(describeUnknownFields(unknown)).toBe(expected);
  });
});

describe('insertField', () => {
  it('inserts the field at the cursor and puts the cursor after it', () => {
    expect(insertField({ text: 'Hi !', field: 'firstName', selectionStart: 3, selectionEnd: 3 })).toEqual({
      text: 'Hi {firstName}!',
      cursor: 14,
    });
  });

  it('replaces the selected text', () => {
    expect(insertField({ text: 'Hi you!', field: 'name', selectionStart: 3, selectionEnd: 6 })).toEqual({
      text: 'Hi {name}!',
      cursor: 9,
    });
  });
});
