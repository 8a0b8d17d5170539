import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, chromium, expect } from '@playwright/test';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { EXTENSION_ID } from '../../../apps/extension/src/extension-id';
import { APP_ORIGIN } from '../helpers';
import type { PageWindow } from '../helpers';

export { EXTENSION_ID };

/** The unpacked extension `npm run build -w apps/extension` writes (EXTENSION_DIST_DIR moves it). */
const EXTENSION_DIR = path.resolve(
  process.env.EXTENSION_DIST_DIR ?? path.join(import.meta.dirname, '../../../apps/extension/dist'),
);

/**
 * The full browser, which loads unpacked extensions (the headless shell the other journeys run in does
 * not): CHROMIUM_PATH, else Debian's Chromium.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** An extension page's address, e.g. extensionUrl('src/popup/index.html'). */
export function extensionUrl(page: string): string {
  return `chrome-extension://${EXTENSION_ID}/${page}`;
}

/** The extension's storage as its service worker sees it (code run with worker.evaluate). */
export interface ExtensionStorage {
  session?: {
    serverUrl: string;
    token: string;
    expiresAt?: string;
    user: { id?: string; name: string; email: string };
  };
  selectorPacks?: { fetchedAt: number; packs: Record<string, { platform: string; version: number }> };
}

/** What a service-worker evaluate touches: e2e compiles without the chrome types. */
export interface WorkerGlobal {
  chrome: {
    storage: {
      local: { get(key: string): Promise<ExtensionStorage>; set(values: ExtensionStorage): Promise<void> };
    };
    alarms: { get(name: string): Promise<{ name: string; scheduledTime: number } | undefined> };
  };
}

interface ExtensionFixtures {
  /** A browser profile of its own with the built extension loaded, closed after the test. */
  extensionContext: BrowserContext;
  /** The extension's service worker. */
  serviceWorker: Worker;
  /** A tab in extensionContext. */
  extensionPage: Page;
}

/**
 * Journeys with the real extension: a persistent Chromium profile with apps/extension/dist loaded
 * unpacked (--load-extension), headless. Its pages reach the e2e server like any tab.
 */
export const test = base.extend<ExtensionFixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern.
  extensionContext: async ({}, use) => {
    if (!existsSync(path.join(EXTENSION_DIR, 'manifest.json'))) {
      throw new Error(
        `The extension is not built in ${EXTENSION_DIR}: run \`npm run build -w apps/extension\`.`,
      );
    }
    const profile = mkdtempSync(path.join(tmpdir(), 'grouptrack-ext-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: existsSync(CHROMIUM) ? CHROMIUM : undefined,
      headless: true,
      baseURL: APP_ORIGIN,
      args: [
        `--disable-extensions-except=${EXTENSION_DIR}`,
        `--load-extension=${EXTENSION_DIR}`,
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--no-first-run',
      ],
    });
    await use(context);
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  },
  serviceWorker: async ({ extensionContext }, use) => {
    const worker =
      extensionContext.serviceWorkers().find((sw) => sw.url().startsWith(extensionUrl(''))) ??
      (await extensionContext.waitForEvent('serviceworker', (sw) => sw.url().startsWith(extensionUrl(''))));
    await use(worker);
  },
  extensionPage: async ({ extensionContext, serviceWorker }, use) => {
    // The worker is up first, so the bridge and the port have someone to talk to.
    void serviceWorker;
    await use(extensionContext.pages()[0] ?? (await extensionContext.newPage()));
  },
});

export { expect };

/** A saved page of packages/capture/fixtures, e.g. 'instagram/profile.en.html'. */
export function readCaptureFixture(name: string): string {
  return readFileSync(path.join(CAPTURE_FIXTURES_DIR, name), 'utf8');
}

const CAPTURE_FIXTURES_DIR = path.resolve(import.meta.dirname, '../../../packages/capture/fixtures');

/**
 * Serves a fixture page at a platform's real address in the extension's browser, so the content script
 * runs on it as on the site; anything else the page asks of that site (images, scripts) gets a 404.
 */
export async function serveSitePage(
  context: BrowserContext,
  site: string,
  pages: Record<string, string>,
): Promise<void> {
  await context.route(`https://${site}/**`, async (route) => {
    const { pathname } = new URL(route.request().url());
    const fixture = pages[pathname];
    if (fixture === undefined) await route.fulfill({ status: 404, body: '' });
    else
      await route.fulfill({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: readCaptureFixture(fixture),
      });
  });
}

/** Signs the extension in as the user the page's request context is signed in as, the way /authorize does. */
export async function signInExtension(page: Page): Promise<void> {
  await page.goto('/authorize?client=extension');
  await expect(page.getByText('The extension is signed in. You can close this tab.')).toBeVisible();
}

/**
 * Posts a message to the extension from an app page, as the web app does, and resolves to the first
 * answer of `resultType`. The extension's bridge reaches the page at document_idle, which can come
 * after the load event page.goto waits for, and a message posted before it is lost: the message is
 * posted again every 2 s until something answers.
 */
export function askExtension<Answer>(
  page: Page,
  message: { type: string; [field: string]: unknown },
  resultType: string,
): Promise<Answer> {
  return page.evaluate(
    async ({ message, resultType }) => {
      const app = globalThis as unknown as PageWindow;
      let answer: unknown = null;
      app.addEventListener('message', (event) => {
        const data = event.data as { type?: string } | null;
        if (answer === null && data?.type === resultType) answer = data;
      });
      for (let attempt = 0; attempt < 10 && answer === null; attempt += 1) {
        app.postMessage(message, app.location.origin);
        for (let waited = 0; waited < 2_000 && answer === null; waited += 100)
          await new Promise((resolve) => setTimeout(resolve, 100));
      }
      if (answer === null) throw new Error(`The extension never answered ${message.type}.`);
      return answer as Answer;
    },
    { message, resultType },
  );
}
