import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';

const HEARTBEAT_MS = 25_000;

/** The open Server-Sent Event streams of a route group, so a shutdown can end them. */
export function trackStreams(app: FastifyInstance) {
  const open = new Set<ServerResponse>();
  // Streams never end by themselves; close them so a graceful shutdown can finish.
  app.addHook('preClose', (done) => {
    for (const response of open) response.end();
    done();
  });
  return {
    /** Takes over the reply as an SSE stream with a heartbeat; `onClose` runs once it ends. */
    open(reply: FastifyReply, onClose: () => void) {
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      response.write('retry: 3000\n\n');
      open.add(response);
      const heartbeat = setInterval(() => response.write(': keep-alive\n\n'), HEARTBEAT_MS);
      response.on('close', () => {
        clearInterval(heartbeat);
        open.delete(response);
        onClose();
      });
      return {
        send(event: string, data: unknown, id?: number) {
          response.write(
            `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
          );
        },
        end: () => response.end(),
      };
    },
  };
}
