import nodemailer from 'nodemailer';
import type { Config } from '../../platform/config';
import { AdapterError, type AdapterErrorCode } from '../adapter-error';
import type { MessageChannel } from '../message-channel';

/** What nodemailer puts on its errors: its own code, and the SMTP server's reply code when there was one. */
interface SmtpFailure {
  code?: unknown;
  responseCode?: unknown;
}

const AUTH_CODES = new Set(['EAUTH', 'ENOAUTH', 'EOAUTH2']);
/** Replies that refuse the login itself: authentication required, too weak, credentials invalid. */
const AUTH_REPLIES = new Set([530, 534, 535]);
/** nodemailer's refusals of the envelope before any server reply (no recipients, too many). */
const ENVELOPE_CODES = new Set(['EENVELOPE', 'EMAXRECIPIENTS']);

/**
 * Classifies a failed SMTP exchange. A 4xx reply is temporary by RFC 5321 (even a 454 at login); a
 * refused login is `auth`; another 5xx reply refuses this message or recipient for good. A lost
 * connection, a timeout, TLS trouble and anything unknown are temporary, as every failure was before.
 */
export function classifySmtpFailure(error: unknown): AdapterErrorCode {
  const { code, responseCode } = (error ?? {}) as SmtpFailure;
  const reply = typeof responseCode === 'number' ? responseCode : null;
  if (reply !== null && reply >= 400 && reply < 500) return 'temporary';
  if (AUTH_CODES.has(String(code)) || (reply !== null && AUTH_REPLIES.has(reply))) return 'auth';
  if (reply !== null && reply >= 500) return 'invalid';
  if (reply === null && ENVELOPE_CODES.has(String(code))) return 'invalid';
  return 'temporary';
}

/** nodemailer's error as an AdapterError, with the same message and the original as its cause. */
function toAdapterError(error: unknown) {
  if (error instanceof AdapterError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new AdapterError(classifySmtpFailure(error), message, { cause: error });
}

/** Mail through the SMTP server of `SMTP_URL`, or null when it is unset: mail is then only kept in the outbox. */
export function createSmtpChannel(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>): MessageChannel | null {
  if (!config.SMTP_URL) return null;
  const transport = nodemailer.createTransport(config.SMTP_URL);
  return {
    channel: 'email',
    async send({ to, subject, text }) {
      try {
        await transport.sendMail({ from: config.MAIL_FROM, to, subject, text });
      } catch (error) {
        throw toAdapterError(error);
      }
    },
    async testConnection() {
      try {
        await transport.verify();
      } catch (error) {
        throw toAdapterError(error);
      }
    },
  };
}
