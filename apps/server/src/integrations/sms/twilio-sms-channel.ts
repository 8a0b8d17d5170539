import type { Config } from '../../platform/config';
import { AdapterError, type AdapterErrorCode } from '../adapter-error';
import type { MessageChannel } from '../message-channel';

type SmsConfig = Pick<Config, 'SMS_API_URL' | 'SMS_ACCOUNT_SID' | 'SMS_AUTH_TOKEN' | 'SMS_FROM'>;

/**
 * Classifies the provider's answer to a failed call: rate limits, timeouts and its own failures (5xx)
 * are temporary; refused credentials or account are `auth`; any other 4xx (a bad number, an unknown
 * account path) refuses this message for good.
 */
export function classifySmsStatus(status: number): AdapterErrorCode {
  if (status === 401 || status === 403) return 'auth';
  if (status === 408 || status === 425 || status === 429 || status >= 500) return 'temporary';
  return 'invalid';
}

/**
 * A channel for Twilio's Messages API, or any provider that speaks the same call
 * (POST {base}/2010-04-01/Accounts/{sid}/Messages.json, form-encoded To, From and Body, basic auth).
 * Answers null when the SMS settings are incomplete: SMS is then off for the installation.
 */
export function createTwilioSmsChannel(config: SmsConfig): MessageChannel | null {
  const { SMS_API_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM } = config;
  if (!SMS_API_URL || !SMS_ACCOUNT_SID || !SMS_AUTH_TOKEN || !SMS_FROM) return null;
  const base = SMS_API_URL.endsWith('/') ? SMS_API_URL : `${SMS_API_URL}/`;
  const account = `2010-04-01/Accounts/${encodeURIComponent(SMS_ACCOUNT_SID)}`;
  const messagesUrl = new URL(`${account}/Messages.json`, base);
  const accountUrl = new URL(`${account}.json`, base);
  const authorization = `Basic ${Buffer.from(`${SMS_ACCOUNT_SID}:${SMS_AUTH_TOKEN}`).toString('base64')}`;

  /** One call to the provider; throws an AdapterError when it fails or refuses. */
  const call = async (url: URL, init: { method: 'GET' | 'POST'; body?: URLSearchParams }) => {
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      // Unreachable, reset or too slow: the same call may pass later.
      throw new AdapterError('temporary', `The SMS provider could not be reached: ${String(error)}`, {
        cause: error,
      });
    }
    if (!response.ok) {
      const detail = await response.text().catch(() => '');
      throw new AdapterError(
        classifySmsStatus(response.status),
        `The SMS provider answered ${response.status}: ${detail.slice(0, 300)}`,
      );
    }
  };

  return {
    channel: 'sms',
    async send({ to, text }) {
      await call(messagesUrl, {
        method: 'POST',
        body: new URLSearchParams({ To: to, From: SMS_FROM, Body: text }),
      });
    },
    async testConnection() {
      // Twilio's account resource: it answers only to the account's own credentials.
      await call(accountUrl, { method: 'GET' });
    },
  };
}
