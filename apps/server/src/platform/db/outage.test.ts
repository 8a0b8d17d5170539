import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './outage';

/** An error as node-postgres raises it from a server message. */
function serverError(code: string, severity = 'ERROR') {
  return Object.assign(new Error(`server said ${code}`), { code, severity });
}

describe('isDatabaseUnavailable', () => {
  it('recognises a database that is down, restarting or cut off, also when Drizzle wraps the error', () => {
    const outages: unknown[] = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      serverError('57P01', 'FATAL'),
      serverError('57P03', 'FATAL'),
      serverError('08006'),
      serverError('55000', 'FATAL'),
      new Error('Connection terminated unexpectedly'),
      new Error('Failed query: select 1', { cause: serverError('57P01', 'FATAL') }),
      // Connecting to a name with several addresses fails with each address's error.
      new AggregateError([
        Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' }),
      ]),
    ];
    for (const error of outages) expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('leaves faults of the request or the code alone', () => {
    const faults: unknown[] = [
      serverError('23505'),
      serverError('22P02'),
      new Error('Failed query: insert', { cause: serverError('23503') }),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      'a string',
      null,
    ];
    for (const error of faults) expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
