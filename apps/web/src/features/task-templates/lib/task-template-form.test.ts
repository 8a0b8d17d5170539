import { describe, expect, it } from 'vitest';
import { toTaskTemplateFormValues, validateTaskTemplateForm } from './task-template-form';

const blank = toTaskTemplateFormValues(null);

describe('validateTaskTemplateForm', () => {
  it('saves a new template for whoever creates the task, due today at the default time', () => {
    expect(validateTaskTemplateForm({ ...blank, name: '  Call back  ' })).toEqual({
      ok: true,
      fields: {
        name: 'Call back',
        category: '',
        type: '',
        assigneeUID: null,
        dueInDays: 0,
        dueTime: null,
        reminder: 'in-app',
      },
    });
  });

  it('keeps a chosen member, the days and the time', () => {
    const result = validateTaskTemplateForm({
      ...blank,
      name: 'Send welcome pack',
      assigneeUID: 'user-1',
      dueInDays: 2,
      dueTime: '10:00',
      reminder: 'email',
    });
    expect(result).toMatchObject({
      ok: true,
      fields: { assigneeUID: 'user-1', dueInDays: 2, dueTime: '10:00', reminder: 'email' },
    });
  });

  it.each([
    {
      name: 'refuses a template without a name',
      patch: { name: ' ' },
      field: 'name',
      message: 'Name the task',
    },
    {
      name: 'refuses an empty number of days',
      patch: { name: 'x', dueInDays: '' },
      field: 'dueInDays',
      message: 'Enter a whole number of days from 0 to 365',
    },
    {
      name: 'refuses more than a year',
      patch: { name: 'x', dueInDays: 366 },
      field: 'dueInDays',
      message: 'Enter a whole number of days from 0 to 365',
    },
    {
      name: 'refuses a time that is not HH:mm',
      patch: { name: 'x', dueTime: '25:00' },
      field: 'dueTime',
      message: 'Enter a time such as 10:00',
    },
  ])('$name', ({ patch, field, message }) => {
    expect(validateTaskTemplateForm({ ...blank, ...patch })).toEqual({
      ok: false,
      errors: { [field]: message },
    });
  });
});
