import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Standard Webhooks 1.0 (standardwebhooks.com): the receiver checks `webhook-signature`, an HMAC-SHA256
// in base64 of "{webhook-id}.{webhook-timestamp}.{body}" under the endpoint's secret, which is shown
// to users as whsec_<base64>. Receivers de-duplicate on webhook-id, which a retry keeps.

const PREFIX = 'whsec_';

/** A new endpoint secret: 24 random bytes, as the user copies it into their receiver. */
export function createWebhookSecret(): string {
  return `${PREFIX}${randomBytes(24).toString('base64')}`;
}

/** One signature (`v1,<base64>`) of a message under a whsec_ secret. */
export function signWebhook(options: {
  secret: string;
  id: string;
  timestamp: number;
  body: string;
}): string {
  const key = Buffer.from(
    options.secret.startsWith(PREFIX) ? options.secret.slice(PREFIX.length) : options.secret,
    'base64',
  );
  const mac = createHmac('sha256', key)
    .update(`${options.id}.${options.timestamp}.${options.body}`)
    .digest('base64');
  return `v1,${mac}`;
}

/** The three headers of one try: signed with every secret given (two while a rotation overlaps). */
export function webhookHeaders(options: {
  secrets: string[];
  id: string;
  timestamp: number;
  body: string;
}): Record<string, string> {
  const { id, timestamp, body } = options;
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': options.secrets
      .map((secret) => signWebhook({ secret, id, timestamp, body }))
      .join(' '),
  };
}

/** How far a receiver lets a timestamp stray from its clock, as the specification suggests. */
export const WEBHOOK_TOLERANCE_S = 300;

/**
 * What a receiver does: whether the headers carry a valid signature of the body under the secret,
 * with a timestamp within the tolerance. The test receivers and docs/webhooks.md use it.
 */
export function verifyWebhook(options: {
  secret: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  now?: number;
}): boolean {
  const header = (name: string) => {
    const value = options.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const id = header('webhook-id');
  const timestamp = Number(header('webhook-timestamp'));
  const signatures = header('webhook-signature');
  if (!id || !Number.isInteger(timestamp) || !signatures) return false;
  const now = Math.floor((options.now ?? Date.now()) / 1000);
  if (Math.abs(now - timestamp) > WEBHOOK_TOLERANCE_S) return false;
  const expected = Buffer.from(signWebhook({ secret: options.secret, id, timestamp, body: options.body }));
  return signatures.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
