import type { Config } from './config';

/** Sends one text message; throws when the provider refuses it, so the job retries. */
export interface SmsSender {
  send(message: { to: string; text: string }): Promise<void>;
}

type SmsConfig = Pick<Config, 'SMS_API_URL' | 'SMS_ACCOUNT_SID' | 'SMS_AUTH_TOKEN' | 'SMS_FROM'>;

/**
 * A sender for Twilio's Messages API, or any provider that speaks the same call
 * (POST {base}/2010-04-01/Accounts/{sid}/Messages.json, form-encoded To, From and Body, basic auth).
 * Answers null when the SMS settings are incomplete: SMS is then off for the installation.
 */
export function createTwilioSmsSender(config: SmsConfig): SmsSender | null {
  const { SMS_API_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM } = config;
  if (!SMS_API_URL || !SMS_ACCOUNT_SID || !SMS_AUTH_TOKEN || !SMS_FROM) return null;
  const endpoint = new URL(
    `2010-04-01/Accounts/${encodeURIComponent(SMS_ACCOUNT_SID)}/Messages.json`,
    SMS_API_URL.endsWith('/') ? SMS_API_URL : `${SMS_API_URL}/`,
  );
  const authorization = `Basic ${Buffer.from(`${SMS_ACCOUNT_SID}:${SMS_AUTH_TOKEN}`).toString('base64')}`;

  return {
    async send({ to, text }) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: to, From: SMS_FROM, Body: text }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) {
        const detail = await response.text().catch(() => '');
        throw new Error(`The SMS provider answered ${response.status}: ${detail.slice(0, 300)}`);
      }
    },
  };
}
