import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { AppContext } from '../../context';
import type { App } from '../../platform/http/types';

/** The address of the extension's zip, which /setup/extension links to. */
export const EXTENSION_ZIP_ROUTE = '/extension/grouptrack-extension.zip';

/**
 * Offers the browser extension this server was built with, for "Load unpacked". A server without the
 * build says how to make it, rather than answering with the web app's 404 page.
 */
export function registerExtensionDownloadRoutes(app: App, { config }: Pick<AppContext, 'config'>) {
  app.get(
    EXTENSION_ZIP_ROUTE,
    {
      schema: {
        tags: ['extension'],
        summary: 'The browser extension as a zip to load unpacked; 404 when this server has not built it',
      },
    },
    async (_request, reply) => {
      const file = await stat(config.EXTENSION_ZIP_PATH).catch(() => null);
      if (!file?.isFile()) {
        return reply.status(404).send({
          error: {
            code: 'not-found',
            message:
              'This server has not built the browser extension yet. Run `npm run build -w apps/extension` on the server, then download it again.',
          },
        });
      }
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(file.size))
        .header('content-disposition', 'attachment; filename="grouptrack-extension.zip"')
        .header('cache-control', 'no-cache')
        .send(createReadStream(config.EXTENSION_ZIP_PATH));
    },
  );
}
