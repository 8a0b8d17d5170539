import { describe, expect, it } from 'vitest';
import { keepUnfixedErrors } from './validate';

describe('keepUnfixedErrors', () => {
  it('drops an error as soon as its field is fixed, and shows what is wrong now with one still wrong', () => {
    const submitted = { name: 'Enter a name', email: 'Enter an email' };
    expect(keepUnfixedErrors(submitted, { email: 'Check the email' })).toEqual({ email: 'Check the email' });
    expect(keepUnfixedErrors(submitted, {})).toEqual({});
  });

  it('shows nothing for a field that was fine when submitted, even once it goes wrong', () => {
    expect(
      keepUnfixedErrors<'name' | 'email'>({ name: 'Enter a name' }, { email: 'Enter an email' }),
    ).toEqual({});
  });
});
