import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { buildUser, callApi, readCurrentTeamUID, signUpThroughApi } from './helpers';

interface TagSet {
  tagSetUID: string;
  tags: { tagUID: string; name: string }[];
}

async function createTagSet(request: APIRequestContext, teamUID: string, name: string, tags: string[]) {
  return callApi<TagSet>(request, 'POST', `/api/v1/teams/${teamUID}/tag-sets`, { name, tags });
}

async function createContact(request: APIRequestContext, teamUID: string, name: string, tagIds: string[]) {
  const contact = await callApi<{ GTID: string }>(request, 'POST', `/api/v1/teams/${teamUID}/contacts`, {
    name,
    tagIds,
  });
  return contact.GTID;
}

test.describe('tag reconciliation', () => {
  test('merges tags that differ only in case and spaces, with progress, leaving contacts the kept tag', async ({
    page,
  }) => {
    await signUpThroughApi(page.request, buildUser('Tidy'));
    const teamUID = await readCurrentTeamUID(page.request);
    const customers = await createTagSet(page.request, teamUID, 'Customers', ['VIP']);
    const imported = await createTagSet(page.request, teamUID, 'Imported', ['vip ']);
    const keep = customers.tags[0]!.tagUID;
    const drop = imported.tags[0]!.tagUID;
    await createContact(page.request, teamUID, 'Ann Keep', [keep]);
    const bob = await createContact(page.request, teamUID, 'Bob Drop', [drop]);
    await createContact(page.request, teamUID, 'Cy Both', [keep, drop]);

    await page.goto('/setup/tags-reconciliation');
    await expect(page.getByRole('heading', { level: 1, name: 'Tag reconciliation' })).toBeVisible();
    const group = page.getByRole('region', { name: 'Duplicates of VIP' });
    await expect(group.getByRole('row')).toHaveCount(3);
    // The page's own content meets WCAG 2.1 AA (the shell around it has its own specs).
    const scan = await new AxeBuilder({ page })
      .include('main')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      scan.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')),
    ).toEqual([]);

    await group.getByRole('button', { name: 'Merge into…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge the tags named like “VIP”' });
    await dialog.getByRole('radio', { name: 'VIP – Customers (global)' }).check();
    await dialog.getByRole('button', { name: 'Merge 2 contacts' }).click();

    await expect(page.getByRole('status', { name: 'Merge into VIP' })).toContainText(
      'Merged "vip" into "VIP": 2 of 2 contacts moved.',
    );
    await expect(group).toBeHidden();
    await expect(
      page.getByText('Your tags are tidy: no duplicates and no tags missing from a set.'),
    ).toBeVisible();
    // The merge's outcome outlasts a reload of the page, until it is closed.
    await page.reload();
    const outcome = page.getByRole('status', { name: 'Merge into VIP' });
    await expect(outcome).toContainText('Merged "vip" into "VIP": 2 of 2 contacts moved.');
    await outcome.getByRole('button', { name: 'Close' }).click();
    await expect(outcome).toBeHidden();
    await page.reload();
    await expect(
      page.getByText('Your tags are tidy: no duplicates and no tags missing from a set.'),
    ).toBeVisible();
    await expect(outcome).toBeHidden();

    const contact = await callApi<{ globalTagSets: Record<string, string[]> }>(
      page.request,
      'GET',
      `/api/v1/teams/${teamUID}/contacts/${bob}`,
    );
    expect(contact.globalTagSets).toEqual({ [customers.tagSetUID]: [keep] });
  });

  test('gives an orphaned tag name a real tag, and explains a rename that would clash', async ({ page }) => {
    await signUpThroughApi(page.request, buildUser('Orphan'));
    const teamUID = await readCurrentTeamUID(page.request);
    await createTagSet(page.request, teamUID, 'Events', ['Webinar', 'Live']);
    await createTagSet(page.request, teamUID, 'Old events', ['LIVE']);
    await callApi(page.request, 'POST', `/api/v1/teams/${teamUID}/contacts`, {
      name: 'Dee Orphan',
      tagNames: ['Webinar 2024'],
    });

    await page.goto('/setup/tags-reconciliation');
    await page.getByRole('button', { name: 'Add Webinar 2024 to a tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Webinar 2024 to a tag' });
    await dialog.getByRole('combobox', { name: 'Tag' }).fill('Webi');
    await page.getByRole('option', { name: 'Webinar', exact: true }).click();
    await dialog.getByRole('button', { name: 'Add tag' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Every tag on your contacts is in a tag set.')).toBeVisible();

    const group = page.getByRole('region', { name: 'Duplicates of Live' });
    await group.getByRole('button', { name: 'Rename Live in Events' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename Live' });
    await rename.getByRole('textbox', { name: 'New name' }).fill('webinar');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(rename.getByRole('alert')).toHaveText(
      'The tag set "Events" already has a tag named "Webinar". Choose another name, or merge the two tags.',
    );
    await rename.getByRole('textbox', { name: 'New name' }).fill('Live online');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(group).toBeHidden();
  });
});
