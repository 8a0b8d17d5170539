import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSms {
  path: string;
  authorization: string | undefined;
  to: string | null;
  from: string | null;
  body: string | null;
}

/**
 * A local HTTP server that answers Twilio's Messages call and keeps what it receives, so tests
 * check what the app sent. `failNext` makes the next calls fail, as a provider outage would.
 */
export async function startFakeSmsServer() {
  const received: ReceivedSms[] = [];
  let failuresLeft = 0;
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        response.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"try later"}');
        return;
      }
      const form = new URLSearchParams(raw);
      received.push({
        path: request.url ?? '',
        authorization: request.headers.authorization,
        to: form.get('To'),
        from: form.get('From'),
        body: form.get('Body'),
      });
      response.writeHead(201, { 'content-type': 'application/json' }).end('{"sid":"SM1","status":"queued"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    failNext(times: number) {
      failuresLeft = times;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
