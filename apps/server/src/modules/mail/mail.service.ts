import { createPushId } from '@grouptrack/domain';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Config } from '../../platform/config';
import type { DirectoryDb } from '../../platform/db/databases';
import type { Logger } from '../../platform/logger';
import type { JobContract, JobDefinition, JobQueue } from '../../platform/queue';
import { findMail, insertMail, listOutbox, recordDelivery } from './mail.repository';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Makes sending idempotent: a second mail with the same key is not sent. */
  idempotencyKey?: string;
}

export const deliverMailContract = {
  name: 'deliver-mail',
  payload: z.object({ mailId: z.string() }),
  retryLimit: 8,
} satisfies JobContract<z.ZodType>;

export interface MailService {
  /** Keeps the mail in the outbox and hands delivery to a job, so a slow server never slows a request. */
  sendMail(mail: OutgoingMail): Promise<string>;
  listOutbox(options: { limit: number; to?: string }): ReturnType<typeof listOutbox>;
  deliverMailJob: JobDefinition<typeof deliverMailContract.payload>;
}

export function createMailService(deps: {
  directory: DirectoryDb;
  queue: JobQueue;
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>;
  log: Logger;
}): MailService {
  const { directory, queue, config, log } = deps;
  const transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;

  const deliver = async ({ mailId }: { mailId: string }) => {
    const mail = await findMail(directory, mailId);
    // Already delivered: a retried job must not send the same mail twice.
    if (!mail || mail.status === 'sent' || mail.status === 'logged') return;
    if (!transport) {
      log.info(
        { mail: { to: mail.to, subject: mail.subject, text: mail.text } },
        'mail (no SMTP_URL: kept in outbox)',
      );
      await recordDelivery(directory, mail.id, { status: 'logged' });
      return;
    }
    try {
      await transport.sendMail({
        from: config.MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
      await recordDelivery(directory, mail.id, { status: 'sent' });
    } catch (error) {
      await recordDelivery(directory, mail.id, { status: 'failed', error: String(error) });
      throw error;
    }
  };

  return {
    async sendMail({ idempotencyKey, ...mail }) {
      const id = idempotencyKey ? `mail_${idempotencyKey}` : createPushId('mail_');
      // A mail asked for twice under one key (a retried job) is stored and sent once.
      if (await insertMail(directory, { id, ...mail })) await queue.send(deliverMailContract, { mailId: id });
      return id;
    },
    listOutbox: (options) => listOutbox(directory, options),
    deliverMailJob: { ...deliverMailContract, handle: deliver },
  };
}
