import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import type { SeededTeam } from '../seed-large';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

/** Builds the web app into `outDir` and reads the first-load budget lines the build prints (kB gzipped). */
export async function buildWeb(
  outDir: string,
): Promise<{ signin: number; pipeline: number; seconds: number }> {
  const started = performance.now();
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn('npx', ['vite', 'build', 'apps/web', '--outDir', outDir, '--emptyOutDir'], {
      cwd: repoRoot,
      env: process.env,
    });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`the web build failed:\n${text}`)),
    );
  });
  const read = (screen: RegExp) => {
    const match = output.match(new RegExp(`${screen.source}[^:]*: ([\\d.]+) kB gzipped JS`));
    if (!match) throw new Error(`the build printed no budget line for ${screen.source}`);
    return Number(match[1]);
  };
  return {
    signin: read(/sign-in \(\/login\)/),
    pipeline: read(/app shell \(\/contacts\/pipeline\)/),
    seconds: (performance.now() - started) / 1000,
  };
}

/** Chromium in the documented order: CHROMIUM_PATH, then the system one. */
function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(candidate))
    throw new Error(
      `No Chromium at ${candidate}; install one (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  return candidate;
}

// Records, inside the page, long tasks and when the first card or row appeared.
const PAGE_PROBE = `
  window.__bench = { longTasks: [], firstCard: null };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new MutationObserver(() => {
    if (window.__bench.firstCard === null && document.querySelector('[data-testid="contact-card"]')) {
      const found = performance.now();
      requestAnimationFrame(() => { window.__bench.firstCard = found; });
    }
  }).observe(document, { childList: true, subtree: true });
`;

interface Probe {
  longTasks: { start: number; duration: number }[];
  firstCard: number | null;
}

const readProbe = (page: Page) => page.evaluate<Probe>('window.__bench');

export interface ScrollFigures {
  /** The longest task while scrolling, ms. */
  longest: number;
  /** The longest task in the first and in the last quarter of the scrolling: does it grow as rows load? */
  firstQuarter: number;
  lastQuarter: number;
  longTasks: number;
  reachedEnd: boolean;
  /** Rows (or cards) rendered at the end, by their highest aria-rowindex or card count. */
  loaded: number | null;
}

/** Long tasks between two page times, summed up. */
async function longTasksBetween(page: Page, since: number, until: number) {
  const probe = await readProbe(page);
  const tasks = probe.longTasks.filter((task) => task.start >= since && task.start <= until);
  const quarter = (until - since) / 4;
  const longest = (list: typeof tasks) => Math.max(0, ...list.map((task) => task.duration));
  return {
    longest: longest(tasks),
    firstQuarter: longest(tasks.filter((task) => task.start < since + quarter)),
    lastQuarter: longest(tasks.filter((task) => task.start > until - quarter)),
    longTasks: tasks.length,
  };
}

const pageNow = (page: Page) => page.evaluate<number>('performance.now()');

/** Scrolls an element to its end, as a user flinging the wheel would, until it stops growing or time runs out. */
async function scrollToEnd(page: Page, selector: string, budgetMs: number) {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on the page`);
  await page.mouse.move(box.x + box.width / 2, box.y + Math.min(200, box.height / 2));
  const deadline = Date.now() + budgetMs;
  let still = 0;
  let last = -1;
  while (Date.now() < deadline) {
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(60);
    const state = await page.evaluate<{ top: number; height: number }>(
      `(() => { const element = document.querySelector(${JSON.stringify(selector)}); return { top: element.scrollTop + element.clientHeight, height: element.scrollHeight }; })()`,
    );
    if (state.top >= state.height - 2 && state.height === last) still += 1;
    else still = 0;
    last = state.height;
    // At the bottom and nothing more loaded for a while: the end.
    if (still >= 15) return { reachedEnd: true };
  }
  return { reachedEnd: false };
}

export interface WebFigures {
  firstCardMs: number;
  dropToRenderMs: number;
  pipelineScroll: ScrollFigures;
  tableScroll: ScrollFigures;
}

/** Opens the 40,000-contact board and table in headless Chromium as the bench user. */
export async function measureWeb(options: {
  url: string;
  team: SeededTeam;
  credentials: { email: string; password: string };
  scrollBudgetMs: number;
}): Promise<WebFigures> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({
      baseURL: options.url,
      viewport: { width: 1440, height: 900 },
    });
    const signIn = await context.request.post('/api/auth/sign-in/email', {
      data: options.credentials,
      headers: { origin: options.url },
    });
    if (!signIn.ok()) throw new Error(`sign-in answered ${signIn.status()}`);
    await context.addInitScript(PAGE_PROBE);
    const page = await context.newPage();

    // Warm the browser's caches of the app's files once, as a returning user has them.
    await page.goto(`/contacts/pipeline/${options.team.pipelineId}`);
    await page.getByTestId('contact-card').first().waitFor({ timeout: 60_000 });
    await page.goto('about:blank');
    await page.goto(`/contacts/pipeline/${options.team.pipelineId}`);
    await page.getByTestId('contact-card').first().waitFor({ timeout: 60_000 });
    await page.waitForFunction('window.__bench.firstCard !== null');
    const firstCardMs = (await readProbe(page)).firstCard!;

    // Drop: a card from the first stage onto the second; from the pointer's release to the card in place.
    const columns = page.getByTestId('board-column');
    const source = columns.nth(0);
    const target = columns.nth(1);
    const card = source.getByTestId('contact-card').first();
    const href = (await card.getByRole('link').first().getAttribute('href'))!;
    const from = (await card.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.evaluate(`(() => {
      window.__drop = { released: null, shown: null };
      window.addEventListener('pointerup', () => (window.__drop.released = performance.now()), { capture: true, once: true });
      const targetColumn = document.querySelectorAll('[data-testid="board-column"]')[1];
      const observer = new MutationObserver(() => {
        if (window.__drop.released !== null && targetColumn.querySelector('a[href=${JSON.stringify(href).replace(/'/g, "\\'")}]')) {
          const seen = performance.now();
          observer.disconnect();
          requestAnimationFrame(() => (window.__drop.shown = seen));
        }
      });
      observer.observe(targetColumn, { childList: true, subtree: true });
    })()`);
    await page.mouse.move(from.x + from.width / 2, from.y + 12);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + 20, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + 120, { steps: 15 });
    await page.mouse.up();
    await page.waitForFunction('window.__drop.shown !== null', undefined, { timeout: 20_000 });
    const drop = await page.evaluate<{ released: number; shown: number }>('window.__drop');
    const dropToRenderMs = drop.shown - drop.released;

    // Scrolling the biggest column (the first stage) to its last card.
    await page.waitForTimeout(500);
    let since = await pageNow(page);
    const pipelineEnd = await scrollToEnd(page, '[data-testid="column-scroll"]', options.scrollBudgetMs);
    const pipelineScroll: ScrollFigures = {
      ...(await longTasksBetween(page, since, await pageNow(page))),
      reachedEnd: pipelineEnd.reachedEnd,
      loaded: null,
    };

    await page.goto(`/contacts/table/${options.team.pipelineId}`);
    await page.getByRole('grid', { name: 'Contacts' }).getByRole('row').nth(1).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);
    since = await pageNow(page);
    const tableEnd = await scrollToEnd(page, '.contact-table-scroll', options.scrollBudgetMs);
    const tableScroll: ScrollFigures = {
      ...(await longTasksBetween(page, since, await pageNow(page))),
      reachedEnd: tableEnd.reachedEnd,
      loaded: await page.evaluate<number>(
        `Math.max(0, ...[...document.querySelectorAll('.contact-table-scroll tr[aria-rowindex]')].map((row) => Number(row.getAttribute('aria-rowindex')) - 1))`,
      ),
    };
    return { firstCardMs, dropToRenderMs, pipelineScroll, tableScroll };
  } finally {
    await browser.close();
  }
}
