import pino from 'pino';
import type { Config } from './config';

export type Logger = pino.Logger;

/**
 * Structured JSON logs; secrets in headers never reach them. Lines are written asynchronously and
 * gathered into writes of 4 kB, flushed at least every half second: a synchronous write per line
 * cost a search about a tenth of its server-side time, and a write per line, even asynchronous, is
 * a system call per request under load. pino flushes what is buffered when the process exits.
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  const options = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  };
  return config.LOG_LEVEL === 'silent'
    ? pino(options)
    : pino(options, pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 500 }));
}
