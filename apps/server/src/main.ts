import { DEMO_USER } from './seed/demo';
import { loadConfig } from './platform/config';
import { createLogger } from './platform/logger';
import { startServer } from './server';

const roleFlag = process.argv.indexOf('--role');
const config = loadConfig({
  ...process.env,
  ...(roleFlag > 0 && process.argv[roleFlag + 1] ? { ROLE: process.argv[roleFlag + 1] } : {}),
});
const log = createLogger(config);

const server = await startServer(config, log);
if (server.app) {
  const where = config.DATABASE_URL ? 'PostgreSQL' : `the embedded database in ${config.DATA_DIR}`;
  const lines = [`GroupTrack is running at ${config.APP_URL} (role ${config.ROLE}, ${where})`];
  if (config.SEED_DEMO) lines.push(`Demo sign-in: ${DEMO_USER.email} / ${DEMO_USER.password}`);
  process.stdout.write(`\n  ${lines.join('\n  ')}\n\n`);
} else {
  log.info({ role: config.ROLE }, 'workers started');
}

let signalled = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (signalled) return;
    signalled = true;
    log.info({ signal }, 'shutting down');
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
