import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCompletion {
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    stream: boolean;
    messages: { role: string; content: string }[];
    stream_options?: { include_usage?: boolean };
  };
}

/**
 * A local OpenAI-compatible server: it answers POST /v1/chat/completions by streaming `answer` as
 * chat completion chunks (Server-Sent Events, then a usage chunk and [DONE]) and keeps each request,
 * so tests check what the app sent. `mode` makes it fail (500), or hold the answer until the caller
 * gives up ('hang'), and `closed` tells whether the app aborted a held request.
 */
export async function startFakeAiServer() {
  const received: ReceivedCompletion[] = [];
  const state = {
    answer: 'Hi there, this is the model.',
    mode: 'ok' as 'ok' | 'fail' | 'hang',
    /** How many held requests the app closed. */
    closed: 0,
  };
  const held = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        authorization: request.headers.authorization,
        body: JSON.parse(raw) as ReceivedCompletion['body'],
      });
      if (state.mode === 'fail') {
        response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"boom"}}');
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const send = (data: unknown) => response.write(`data: ${JSON.stringify(data)}\n\n`);
      send({ choices: [{ delta: { role: 'assistant', content: '' } }] });
      if (state.mode === 'hang') {
        send({ choices: [{ delta: { content: 'Hi ' } }] });
        held.add(response);
        response.on('close', () => {
          if (held.delete(response)) state.closed += 1;
        });
        return;
      }
      for (const word of state.answer.match(/\S+\s*/g) ?? [])
        send({ choices: [{ delta: { content: word } }] });
      send({ choices: [], usage: { prompt_tokens: 40, completion_tokens: 2, total_tokens: 42 } });
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    received,
    state,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const response of held) response.destroy();
        server.close(() => resolve());
      }),
  };
}
