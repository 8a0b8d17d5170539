import { expect, test, type Page } from '@playwright/test';
import { DEMO_USER, buildUser, expectTeamPage, submitSignIn, submitSignUp } from './helpers';

/** A new account opens the default contact view; the team page is one click away. */
async function landOnPipelineThenOpenTeam(page: Page) {
  await expect(page).toHaveURL(/\/contacts\/pipeline(\/[\w-]+)?$/);
  await page.goto('/profile/team');
}

test.describe('signing up and in', () => {
  test('a new user signs up, accepts the terms and lands on their team page as its owner', async ({
    page,
  }) => {
    const user = buildUser('Olivia');
    await page.goto('/login/signup');
    await expect(page).toHaveTitle('GroupTrack 2.0 | Login');

    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Accept the terms of service to create an account.')).toBeVisible();
    await expect(page.getByText('Enter the name of your community or team.')).toBeVisible();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    // A fixed field's error goes as it is typed; the others stay until fixed too.
    await expect(page.getByText('Enter a name (1 to 100 characters).')).toBeVisible();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(user.name);
    await expect(page.getByText('Enter a name (1 to 100 characters).')).toBeHidden();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();

    await submitSignUp(page, user);
    await landOnPipelineThenOpenTeam(page);

    await expectTeamPage(page, { userName: user.name, teamName: user.teamName });
    await expect(page).toHaveTitle('GroupTrack 2.0 | Profile');
    const ownRow = page
      .getByRole('table', { name: 'Team members' })
      .getByRole('row')
      .filter({ hasText: user.email });
    await expect(ownRow.getByText('Owner', { exact: true })).toBeVisible();
    await expect(page.getByText('1 of 6')).toBeVisible();
  });

  test('an invite link brings a second person into the owner’s team as a member', async ({
    page,
    browser,
  }) => {
    const owner = buildUser('Owen');
    const invitee = buildUser('Ivy');
    const teamName = `${owner.name}'s team`;
    await page.goto('/login/signup');
    await submitSignUp(page, owner);
    await landOnPipelineThenOpenTeam(page);
    await expectTeamPage(page, { userName: owner.name, teamName });

    await page.getByRole('button', { name: 'Create invite link' }).click();
    const linkField = page.getByLabel('Invite link');
    await expect(linkField).toHaveValue(/\/login\/signup\/[\w-]+$/);
    const inviteLink = await linkField.inputValue();

    const inviteeContext = await browser.newContext();
    try {
      const inviteePage = await inviteeContext.newPage();
      await inviteePage.goto(inviteLink);
      await expect(inviteePage.getByText(`You're invited to join ${teamName}`)).toBeVisible();
      await submitSignUp(inviteePage, invitee);
      await landOnPipelineThenOpenTeam(inviteePage);
      await expectTeamPage(inviteePage, { userName: invitee.name, teamName });
    } finally {
      await inviteeContext.close();
    }

    await page.reload();
    const members = page.getByRole('table', { name: 'Team members' });
    await expect(members.getByRole('combobox', { name: `Role of ${invitee.name}` })).toHaveValue('Member');
    await expect(page.getByText('2 of 6')).toBeVisible();
  });

  test('the demo user signs in and sees the Demo Community team', async ({ page }) => {
    await page.goto('/profile/team');
    await expect(page).toHaveURL(/\/login\?next=%2Fprofile%2Fteam$/);

    await submitSignIn(page, DEMO_USER);

    await expectTeamPage(page, { userName: 'Demo Lead', teamName: DEMO_USER.teamName });
  });

  test('a wrong password shows the server’s message', async ({ page }) => {
    await page.goto('/login');
    await submitSignIn(page, { email: DEMO_USER.email, password: 'not-the-password' });

    await expect(page.getByRole('alert').filter({ hasText: 'Could not sign in' })).toContainText(
      'Invalid email or password',
    );
    await expect(page).toHaveURL(/\/login$/);
  });
});
