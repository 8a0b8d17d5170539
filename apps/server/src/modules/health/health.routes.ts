import type { AppContext } from '../../context';
import type { App } from '../../platform/http/types';

export function registerHealthRoutes(app: App, { databases }: AppContext) {
  app.get('/healthz', { schema: { tags: ['health'], summary: 'The process is up' } }, () => ({
    status: 'ok',
  }));

  app.get(
    '/readyz',
    { schema: { tags: ['health'], summary: 'Every database answers' } },
    async (_request, reply) => {
      const engines = new Set([databases.directoryEngine, ...databases.shards.map((shard) => shard.engine)]);
      const results = await Promise.allSettled(
        [...engines].map((engine) => engine.executeSql('select 1', [])),
      );
      const ready = results.every((result) => result.status === 'fulfilled');
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable' });
    },
  );
}
