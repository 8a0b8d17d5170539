import type { AppContext } from '../../context';
import { unreachableDatabases } from '../../platform/db/outage';
import type { App } from '../../platform/http/types';

export function registerHealthRoutes(app: App, { databases, events, appEvents }: AppContext) {
  app.get('/healthz', { schema: { tags: ['health'], summary: 'The process is up' } }, () => ({
    status: 'ok',
  }));

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary:
          'Every database answers and realtime listens; otherwise 503 with `down` naming the parts that do not',
      },
    },
    async (_request, reply) => {
      const down = await unreachableDatabases(databases);
      // A process whose change streams are deaf would serve stale screens while looking healthy.
      if (!events.isLive() || !appEvents.isLive()) down.push('realtime');
      if (down.length === 0) return { status: 'ready' };
      return reply.status(503).send({ status: 'unavailable', down });
    },
  );
}
