import { z } from 'zod';
import { declareJob } from './job';

/**
 * Delivers one message of the outbox (a mail, or a text message with `channel = 'sms'`), handled by
 * the mail service. Safe to run twice: a message already delivered is skipped.
 */
export const deliverMailJob = declareJob({
  name: 'deliver-mail',
  version: 1,
  payload: z.object({ mailId: z.string() }),
  retryLimit: 8,
});
