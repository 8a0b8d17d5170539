import { describe, expect, it } from 'vitest';
import { AdapterError, isRetryable } from './adapter-error';

describe('isRetryable', () => {
  it.each([
    ['a temporary refusal', new AdapterError('temporary', 'down'), true],
    ['refused credentials', new AdapterError('auth', 'bad token'), false],
    ['a record that is not there', new AdapterError('not-found', 'gone'), false],
    ['a refused call', new AdapterError('invalid', 'bad number'), false],
    ['an error no adapter classified', new Error('the database is away'), true],
    ['a thrown value that is no error', 'boom', true],
  ])('retries %s: %s', (_case, error, retryable) => {
    expect(isRetryable(error)).toBe(retryable);
  });

  it('keeps what it wraps as its cause', () => {
    const cause = new Error('535 bad credentials');
    const error = new AdapterError('auth', cause.message, { cause });
    expect(error).toMatchObject({
      name: 'AdapterError',
      code: 'auth',
      message: '535 bad credentials',
      cause,
    });
  });
});
