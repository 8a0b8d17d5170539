import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { APIRequest, APIRequestContext, Page } from '@playwright/test';

/** The demo account the server creates on first start (SEED_DEMO). */
export const DEMO_USER = {
  email: 'demo@grouptrack.local',
  password: 'grouptrack-demo',
  teamName: 'Demo Community',
};

export interface NewUser {
  name: string;
  email: string;
  password: string;
  /** The community or team a sign-up starts (not asked when following an invitation). */
  teamName: string;
}

/** Builds a user whose email no other test run has used. */
export function buildUser(firstName: string): NewUser {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return {
    name: `${firstName} Tester`,
    email: `${firstName.toLowerCase()}.${unique}@example.com`,
    password: `pw-${unique}-secret`,
    teamName: `${firstName} Tester's team`,
  };
}

/** Fills and sends the sign-up form on the page that shows it. */
export async function submitSignUp(page: Page, user: NewUser): Promise<void> {
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(user.name);
  // Following an invitation (/login/signup/<code>) joins that team, so no team name is asked.
  const isInvited = /\/login\/signup\/[^/?]+/.test(new URL(page.url()).pathname);
  if (!isInvited) await page.getByLabel('Community or team name').fill(user.teamName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByLabel('I accept the terms of service').check();
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Fills and sends the sign-in form on the page that shows it. */
export async function submitSignIn(
  page: Page,
  credentials: { email: string; password: string },
): Promise<void> {
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Waits for the team page and checks the header names the signed-in user. */
export async function expectTeamPage(
  page: Page,
  { userName, teamName }: { userName: string; teamName: string },
) {
  await expect(page).toHaveURL(/\/profile\/team$/);
  await expect(page.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
  await expect(page.getByRole('banner').getByText(userName)).toBeVisible();
}

/** The port of the e2e server (playwright.config.ts). */
export const APP_PORT = Number(process.env.GROUPTRACK_E2E_PORT ?? 3199);

/** Where the e2e server runs; the pages use it as their base URL. */
export const APP_ORIGIN = `http://127.0.0.1:${APP_PORT}`;

// better-auth refuses cookie-carrying calls from an unknown origin, as a browser would send them.
const API_HEADERS = { origin: APP_ORIGIN };

/** Creates an account through the API in a request context (a page's `page.request` shares its cookies). */
export async function signUpThroughApi(
  request: APIRequestContext,
  user: NewUser,
  { acceptTerms = true }: { acceptTerms?: boolean } = {},
): Promise<void> {
  const response = await request.post('/api/auth/sign-up/email', { data: user, headers: API_HEADERS });
  expect(response.ok(), await response.text()).toBe(true);
  if (acceptTerms) {
    const accepted = await request.post('/api/v1/me/accept-terms', {
      data: { termsVersion: '1.0.1' },
      headers: API_HEADERS,
    });
    expect(accepted.ok(), await accepted.text()).toBe(true);
  }
}

/** Signs in through the API in a request context. */
export async function signInThroughApi(
  request: APIRequestContext,
  credentials: { email: string; password: string },
): Promise<void> {
  const response = await request.post('/api/auth/sign-in/email', { data: credentials, headers: API_HEADERS });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Calls the API with the origin header a browser sends, and checks it succeeded; answers `data`. */
export async function callApi<T = Record<string, unknown>>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(path, { method, data, headers: API_HEADERS });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  // A delete answers 204 with nothing to read.
  if (response.status() === 204) return undefined as T;
  const body = (await response.json()) as { data: T };
  return body.data;
}

/** The signed-in user's team, read through the API. */
export async function readCurrentTeamUID(request: APIRequestContext): Promise<string> {
  const me = await callApi<{ currentTeam: { teamUID: string } }>(request, 'GET', '/api/v1/me');
  return me.currentTeam.teamUID;
}

/** A request context signed in as the demo user, who holds the super permission in the e2e run. */
export async function createOperatorRequest(apiRequest: APIRequest): Promise<APIRequestContext> {
  const request = await apiRequest.newContext({ baseURL: APP_ORIGIN });
  await signInThroughApi(request, DEMO_USER);
  return request;
}

/**
 * What the specs touch of a page's window in code that runs in the browser (page.evaluate, addInitScript),
 * reached as `globalThis as unknown as PageWindow` there: e2e compiles without the DOM library.
 */
export interface PageWindow {
  addEventListener(type: 'message', listener: (event: { source: unknown; data: unknown }) => void): void;
  postMessage(message: unknown, targetOrigin: string): void;
  location: { origin: string };
  innerWidth: number;
  document: {
    documentElement: { scrollWidth: number };
    getAnimations(): PageAnimation[];
  };
  [key: string]: unknown;
}

/** A running animation or transition, as the Web Animations API shows it. */
interface PageAnimation {
  effect: { getComputedTiming(): { endTime?: number } } | null;
  finished: Promise<unknown>;
}

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Scans the page with axe-core (WCAG 2.1 A and AA) and lists the serious and critical violations.
 * Running transitions end first: a popover caught fading in has the colours of half its opacity,
 * which axe would report as too little contrast.
 */
export async function findBlockingA11yViolations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      (globalThis as unknown as PageWindow).document
        .getAnimations()
        // A loader spins for ever; waiting on it would never end.
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/** A pipeline as the API answers it on creation. */
export interface CreatedPipeline {
  groupUID: string;
  stages: { stageUID: string; name: string }[];
}

/**
 * A new account with a pipeline of its own and `people` in its first stage, so a journey's board and
 * search hold only what it made (other journeys of the run change the demo team). Answers the team, the
 * pipeline and each person's GTID by name, created in the order given.
 */
export async function signUpWithPipeline(
  request: APIRequestContext,
  input: { firstName: string; stages: string[]; people: string[] },
) {
  await signUpThroughApi(request, buildUser(input.firstName));
  const teamUID = await readCurrentTeamUID(request);
  const pipeline = await callApi<CreatedPipeline>(request, 'POST', `/api/v1/teams/${teamUID}/pipelines`, {
    nickName: 'Members',
    stages: input.stages.map((name) => ({ name })),
  });
  // The team's starter pipeline goes, so the journey's pipeline is the team's only one and its default.
  const { pipelines } = await callApi<{ pipelines: { groupUID: string }[] }>(
    request,
    'GET',
    `/api/v1/teams/${teamUID}/pipelines`,
  );
  for (const other of pipelines.filter((each) => each.groupUID !== pipeline.groupUID)) {
    await callApi(request, 'DELETE', `/api/v1/teams/${teamUID}/pipelines/${other.groupUID}`);
  }
  const GTIDs: Record<string, string> = {};
  for (const name of input.people) {
    const contact = await callApi<{ GTID: string }>(request, 'POST', `/api/v1/teams/${teamUID}/contacts`, {
      name,
      pipeline: { pipelineId: pipeline.groupUID, stageId: pipeline.stages[0]!.stageUID },
    });
    GTIDs[name] = contact.GTID;
  }
  return { teamUID, pipeline, GTIDs };
}
