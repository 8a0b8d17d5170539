import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '../integrations/webhooks/standard-webhooks';

/** One webhook the receiver took, with whether its signature held under the secret it was given. */
export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  signature: string;
  verified: boolean;
  body: Record<string, unknown>;
  /** The status the receiver answered. */
  answered: number;
}

/**
 * A webhook receiver on this machine, as a user would run one: it verifies each Standard Webhooks
 * signature with the secret it is given, keeps what came, and answers `status` (2xx by default; set
 * 500 to see retries). The API tests, the journey and the bench use it.
 */
export async function startWebhookReceiver(options: { status?: number } = {}) {
  const received: ReceivedWebhook[] = [];
  const state = { status: options.status ?? 200, secret: '' };
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const header = (name: string) => String(request.headers[name] ?? '');
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        // Kept as empty: the test then sees a body it did not expect.
      }
      received.push({
        id: header('webhook-id'),
        timestamp: header('webhook-timestamp'),
        signature: header('webhook-signature'),
        verified:
          state.secret !== '' &&
          verifyWebhook({ secret: state.secret, headers: request.headers, body: text }),
        body,
        answered: state.status,
      });
      const ok = state.status >= 200 && state.status < 300;
      response
        .writeHead(state.status, { 'content-type': 'application/json' })
        .end(ok ? '{"received":true}' : '{"error":"the receiver is down"}');
      for (const waiter of waiters.filter((entry) => received.length >= entry.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/grouptrack`,
    received,
    /** The secret signatures are checked with (the one the app showed once). */
    useSecret(secret: string) {
      state.secret = secret;
    },
    answer(status: number) {
      state.status = status;
    },
    /** Resolves once `count` webhooks have come in all (answered or not). */
    waitFor(count: number) {
      return new Promise<void>((resolve) => {
        if (received.length >= count) resolve();
        else waiters.push({ count, resolve });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
