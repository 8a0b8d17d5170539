import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { registerAdminRoutes } from './modules/admin/admin.routes';
import { registerAppRoutes } from './modules/app/app.routes';
import { registerPipelineRoutes } from './modules/pipelines/pipelines.routes';
import { registerContactRoutes } from './modules/contacts/contacts.routes';
import { registerSearchRoutes } from './modules/search/search.routes';
import { registerBrowserSessionRoutes } from './modules/browser-sessions/browser-sessions.routes';
import { registerBulkRoutes } from './modules/bulk/bulk.routes';
import { registerTagReconciliationRoutes } from './modules/tag-reconciliation/tag-reconciliation.routes';
import { registerExportRoutes } from './modules/exports/exports.routes';
import { registerDeletionRoutes } from './modules/deletions/deletions.routes';
import { registerImportRoutes } from './modules/imports/imports.routes';
import { registerListRoutes } from './modules/lists/lists.routes';
import { registerTaskRoutes } from './modules/tasks/tasks.routes';
import { registerInboxRoutes } from './modules/inbox/inbox.routes';
import { registerDashboardRoutes } from './modules/dashboards/dashboards.routes';
import { registerTemplateRoutes } from './modules/templates/templates.routes';
import { registerAiRoutes } from './modules/ai';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerEventRoutes } from './modules/events/events.routes';
import { registerExtensionDownloadRoutes } from './modules/extension-download/extension-download.routes';
import { registerExtensionRoutes } from './modules/extension/extension.routes';
import { registerPhotoRoutes } from './modules/photos/photos.routes';
import { registerMemberRequestRoutes } from './modules/member-requests/member-requests.routes';
import { registerMessageQueueRoutes } from './modules/message-queue/message-queue.routes';
import { registerWorkflowRoutes } from './modules/workflows/workflows.routes';
import { registerConnectionRoutes } from './modules/connections/connections.routes';
import { registerAutoResponderRoutes } from './modules/auto-responder/auto-responder.routes';
import { registerFunctionRoutes } from './modules/functions/functions.routes';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerTeamRoutes } from './modules/teams/teams.routes';
import { registerUserRoutes } from './modules/users/users.routes';
import { installCsrfGuard } from './platform/http/csrf';
import { installExtensionAuth } from './platform/http/extension-auth';
import { createOutageCheck } from './platform/db/outage';
import { installErrorHandler } from './platform/http/error-handler';
import { RequestLogController } from './platform/http/request-log';
import { answerUndecodablePath, installInputGuard } from './platform/http/input-guard';
import { installSecurityHeaders } from './platform/http/security-headers';
import type { App } from './platform/http/types';

/**
 * How long a browser may keep a file of the web app. A file under assets/ is named after its
 * content, so it never changes: kept a year without asking again, a return visit loads no script
 * over the network. Any other (index.html, color-scheme.js) is asked about each time.
 */
function webFileCaching(webDist: string, filePath: string): string {
  const inAssets = path.relative(path.join(webDist, 'assets'), filePath);
  return inAssets.startsWith('..') || path.isAbsolute(inAssets)
    ? 'no-cache'
    : 'public, max-age=31536000, immutable';
}

/** The HTTP API and the web app, on one origin. */
export async function buildApp(context: AppContext): Promise<App> {
  const { config, log } = context;
  const loggerInstance: FastifyBaseLogger = log;
  const app = Fastify({
    loggerInstance,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    frameworkErrors: answerUndecodablePath,
    logController: new RequestLogController(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app, createOutageCheck(context.databases));
  installSecurityHeaders(app, config);
  installCsrfGuard(app, config);
  installExtensionAuth(app, context);
  installInputGuard(app);

  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'GroupTrack API', version: '1.0.0', description: 'The REST API of GroupTrack.' },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' } },
      },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());

  registerHealthRoutes(app, context);
  registerAuthRoutes(app, context);
  registerUserRoutes(app, context);
  registerTeamRoutes(app, context);
  registerEventRoutes(app, context);
  registerAppRoutes(app, context);
  registerBrowserSessionRoutes(app, context);
  registerPipelineRoutes(app, context);
  registerContactRoutes(app, context);
  registerSearchRoutes(app, context);
  registerBulkRoutes(app, context);
  registerTagReconciliationRoutes(app, context);
  registerExportRoutes(app, context);
  registerDeletionRoutes(app, context);
  registerImportRoutes(app, context);
  registerListRoutes(app, context);
  registerTaskRoutes(app, context);
  registerInboxRoutes(app, context);
  registerDashboardRoutes(app, context);
  registerTemplateRoutes(app, context);
  registerAiRoutes(app, context);
  registerAdminRoutes(app, context);
  registerFunctionRoutes(app, context);
  registerExtensionDownloadRoutes(app, context);
  registerExtensionRoutes(app, context);
  registerPhotoRoutes(app, context);
  registerMemberRequestRoutes(app, context);
  registerMessageQueueRoutes(app, context);
  registerWorkflowRoutes(app, context);
  registerConnectionRoutes(app, context);
  registerAutoResponderRoutes(app, context);

  const webDist = path.resolve(config.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist'));
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb)
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes a Brotli and a gzip copy of each file (apps/web/vite.config.ts); the one the
      // browser accepts is sent.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', webFileCaching(webDist, filePath));
      },
    });

  app.setNotFoundHandler((request, reply) => {
    const isApi = /^\/(api|functions|search)(\/|$)/.test(request.url);
    // Every other GET is a screen of the single-page app, which shows its own 404 page.
    if (!isApi && hasWeb && request.method === 'GET') {
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({
      error: { code: 'not-found', message: `No route ${request.method} ${request.url.split('?')[0]}` },
    });
  });
  return app;
}
