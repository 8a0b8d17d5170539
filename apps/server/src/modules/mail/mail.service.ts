import { createPushId } from '@grouptrack/domain';
import type { Config } from '../../platform/config';
import type { DirectoryDb } from '../../platform/db/databases';
import type { Logger } from '../../platform/logger';
import { deliverMailJob } from '../../jobs/deliver-mail.job';
import type { JobDefinition, JobQueue } from '../../platform/queue';
import { AdapterError, isRetryable } from '../../integrations/adapter-error';
import type { MessageChannel } from '../../integrations/message-channel';
import { createSmtpChannel } from '../../integrations/smtp/smtp-channel';
import { findMail, insertMail, listOutbox, recordDelivery } from './mail.repository';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Makes sending idempotent: a second mail with the same key is not sent. */
  idempotencyKey?: string;
}

export interface OutgoingSms {
  /** A phone number in E.164 form. */
  to: string;
  text: string;
  /** Makes sending idempotent: a second message with the same key is not sent. */
  idempotencyKey?: string;
}

export interface MailService {
  /** Keeps the mail in the outbox and hands delivery to a job, so a slow server never slows a request. */
  sendMail(mail: OutgoingMail): Promise<string>;
  /** The same for a text message, delivered through the SMS provider. */
  sendSms(sms: OutgoingSms): Promise<string>;
  /** Whether an SMS provider is set up; without one, text messages are only kept in the outbox. */
  readonly isSmsEnabled: boolean;
  listOutbox(options: { limit: number; to?: string }): ReturnType<typeof listOutbox>;
  deliverMailJob: JobDefinition<typeof deliverMailJob.payload>;
}

export function createMailService(deps: {
  directory: DirectoryDb;
  queue: JobQueue;
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>;
  /** The SMS provider, or null when the installation has none. */
  sms: MessageChannel | null;
  log: Logger;
}): MailService {
  const { directory, queue, config, sms, log } = deps;
  const email = createSmtpChannel(config);

  const deliver = async ({ mailId }: { mailId: string }) => {
    const mail = await findMail(directory, mailId);
    // Already delivered: a retried job must not send the same message twice.
    if (!mail || mail.status === 'sent' || mail.status === 'logged') return;
    const isSms = mail.channel === 'sms';
    const channel = isSms ? sms : email;
    if (!channel) {
      log.info(
        { mail: { channel: mail.channel, to: mail.to, subject: mail.subject, text: mail.text } },
        isSms ? 'sms (no SMS provider: kept in outbox)' : 'mail (no SMTP_URL: kept in outbox)',
      );
      await recordDelivery(directory, mail.id, { status: 'logged' });
      return;
    }
    try {
      await channel.send({ to: mail.to, subject: mail.subject, text: mail.text });
      await recordDelivery(directory, mail.id, { status: 'sent' });
    } catch (error) {
      await recordDelivery(directory, mail.id, { status: 'failed', error: String(error) });
      // Refused credentials are the operator's to fix, and the mail waits for them: it is retried.
      if (isRetryable(error) || (error instanceof AdapterError && error.code === 'auth')) throw error;
      // A refused recipient fails the same way on every try: the failure recorded above is final,
      // and the job ends instead of retrying.
      log.warn(
        { err: error, mail: { id: mail.id, channel: mail.channel, to: mail.to } },
        'message refused for good; it will not be retried',
      );
    }
  };

  /** Keeps the message in the outbox and queues its delivery; one key is stored and sent once. */
  async function enqueue(message: Parameters<typeof insertMail>[1]) {
    if (await insertMail(directory, message)) await queue.send(deliverMailJob, { mailId: message.id });
    return message.id;
  }

  return {
    sendMail: ({ idempotencyKey, ...mail }) =>
      enqueue({ id: idempotencyKey ? `mail_${idempotencyKey}` : createPushId('mail_'), ...mail }),
    sendSms: ({ idempotencyKey, to, text }) =>
      enqueue({
        id: idempotencyKey ? `sms_${idempotencyKey}` : createPushId('sms_'),
        channel: 'sms',
        to,
        subject: '',
        text,
      }),
    isSmsEnabled: sms !== null,
    listOutbox: (options) => listOutbox(directory, options),
    deliverMailJob: deliverMailJob.handledBy(deliver),
  };
}
