import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

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
}

/** Builds a user whose email no other test run has used. */
export function buildUser(firstName: string): NewUser {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return {
    name: `${firstName} Tester`,
    email: `${firstName.toLowerCase()}.${unique}@example.com`,
    password: `pw-${unique}-secret`,
  };
}

/** Fills and sends the sign-up form on the page that shows it. */
export async function submitSignUp(page: Page, user: NewUser): Promise<void> {
  await page.getByLabel('Name').fill(user.name);
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
