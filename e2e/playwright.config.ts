import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, defineConfig, devices } from '@playwright/test';

// GROUPTRACK_E2E_PORT lets two runs share a machine.
const PORT = Number(process.env.GROUPTRACK_E2E_PORT ?? 3199);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// The stand-in for the platforms' image hosts (photo-host.ts), beside the server.
const PHOTO_HOST = `http://127.0.0.1:${PORT + 1000}`;
const SYSTEM_CHROMIUM = '/usr/bin/chromium';
// Debian's build of the old headless shell, the browser Playwright itself runs headless journeys in: no
// window system, no GPU process, about a sixth less work than the full browser for the same journeys.
// The extension's journeys need the full browser (tests/extension/fixtures.ts).
const SYSTEM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * A browser in the documented order: CHROMIUM_PATH, the system's headless shell, the system Chromium,
 * then Playwright's own download.
 */
function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH points to ${fromEnv}, which does not exist.`);
    return fromEnv;
  }
  const installed = [SYSTEM_HEADLESS_SHELL, SYSTEM_CHROMIUM].find((binary) => existsSync(binary));
  if (installed) return installed;
  if (existsSync(chromium.executablePath())) return undefined;
  throw new Error(
    'No Chromium found for the end-to-end tests. Install one with `apt-get install -y chromium` ' +
      '(it lands in /usr/bin/chromium), or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
}

// WEB_DIST_DIR (as for the server) lets a run test a build kept apart from apps/web/dist.
const WEB_DIST = path.resolve(process.env.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../apps/web/dist'));
if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
  throw new Error(
    'The web app is not built. Run `npm run build` (or `npm run test:e2e`) from the repository root.',
  );
}

// The config is loaded again in every worker; they inherit the runner's folder through the environment.
const dataDir = (process.env.GROUPTRACK_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'grouptrack-e2e-')));

const SERVER = 'node --import tsx ../apps/server/src';
const SUPER_USER_EMAIL = 'demo@grouptrack.local';

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  // On CI a failed journey runs once more and, if it then passes, is reported as flaky rather than
  // failing the run: a slower machine's timing must not throw away a whole change. Locally, never.
  retries: process.env.CI ? 1 : 0,
  // A journey's whole budget, and how long one check may wait: on a busy two-core machine a page's
  // first paint after a reload can take several seconds.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: BASE_URL,
    // Recording a trace costs a journey about a quarter of its time: on CI only a retry records one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: findChromium(),
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-dev-shm-usage',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: [
    {
      command: 'node --import tsx photo-host.ts',
      url: `${PHOTO_HOST}/healthz`,
      reuseExistingServer: false,
      env: { PHOTO_HOST_PORT: String(PORT + 1000) },
    },
    {
      // The demo user is seeded and made a super user through the CLI, on the same data folder, before the
      // server starts (Playwright starts the web server before any global setup would run).
      command: [
        `${SERVER}/cli.ts seed`,
        `${SERVER}/cli.ts grant-super ${SUPER_USER_EMAIL}`,
        `${SERVER}/main.ts`,
      ].join(' && '),
      url: `${BASE_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        DATA_DIR: dataDir,
        WEB_DIST_DIR: WEB_DIST,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        APP_URL: BASE_URL,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        // The tests sign the same demo user in many times within minutes.
        AUTH_SIGNIN_MAX_ATTEMPTS: '10000',
        // The app is opened on http://localhost:<port> to see the wrong-address dialog; tests use 127.0.0.1.
        HOSTING_DEFAULT_DOMAINS: 'localhost',
        SSO_ALLOWED_DOMAINS: 'grouptrack.example',
        PHOTO_TEST_UPSTREAM: PHOTO_HOST,
        // The connections journey sees a failing receiver's retries and dead-letter within seconds.
        SYNC_RETRY_SCHEDULE: '1,2',
      },
    },
  ],
});
