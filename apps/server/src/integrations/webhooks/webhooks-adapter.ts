import { AdapterError } from '../adapter-error';
import type { SyncAdapterFactory } from '../adapter';
import { buildWebhookPayload } from './webhook-payload';
import { webhookHeaders } from './standard-webhooks';

// Our own receivers' pace is the user's business; this only keeps one stuck endpoint from taking
// every worker slot. 10,000 deliveries in 30 s is about 330 a second.
const LIMIT = { requests: 1000, perMs: 1000 };

/**
 * POSTs each delivery to the user's URL, signed with Standard Webhooks headers. The webhook-id is
 * the delivery's id, the same on every retry; any 2xx is success, anything else a failure (a 3xx
 * too: a receiver that moved must be told, not followed).
 */
export const createWebhooksAdapter: SyncAdapterFactory = (connection, http) => {
  const url = connection.settings.url ?? '';
  const { signingSecret, previousSigningSecret, previousSigningSecretUntil } = connection.secrets;
  // After a rotation the old secret signs too, for a day, so receivers can switch over.
  const overlapping =
    previousSigningSecretUntil !== undefined && Date.parse(previousSigningSecretUntil) > Date.now();
  const secrets = [signingSecret, overlapping ? previousSigningSecret : undefined].filter(
    (secret): secret is string => typeof secret === 'string' && secret !== '',
  );
  if (secrets.length === 0) throw new AdapterError('auth', 'This webhook has no signing secret.');

  async function post(id: string, payload: unknown) {
    const body = JSON.stringify(payload);
    const timestamp = Math.floor(Date.now() / 1000);
    return http.request(
      {
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'GroupTrack-Webhooks/1.0',
          ...webhookHeaders({ secrets, id, timestamp, body }),
        },
        body,
      },
      { limitKey: `webhooks:${connection.id}`, limit: LIMIT },
    );
  }

  return {
    async test() {
      const response = await post(`test_${Date.now()}`, { event: 'test', action: 'test' });
      return `The receiver answered ${response.status}.`;
    },
    async deliver(delivery) {
      const response = await post(delivery.id, buildWebhookPayload(delivery));
      return { status: response.status };
    },
  };
};
