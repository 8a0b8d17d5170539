import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { DEMO_USER, callApi, readCurrentTeamUID, signInThroughApi } from './helpers';

interface PipelinesAnswer {
  pipelines: {
    groupUID: string;
    nickName: string;
    isDefault: boolean;
    stages: { stageUID: string; name: string }[];
    tagSets: { name: string; tags: { tagUID: string; name: string }[] }[];
  }[];
  globalTagSets: { name: string; tags: { tagUID: string; name: string }[] }[];
}

const grid = (page: Page) => page.getByRole('grid', { name: 'Contacts' });
const rowAt = (page: Page, rowIndex: number) => grid(page).locator(`tr[aria-rowindex="${rowIndex}"]`);
const nameOf = async (row: Locator) => ((await row.getByRole('link').textContent()) ?? '').trim();
const scrollOf = (page: Page) =>
  page.locator('.contact-table-scroll').evaluate((element) => element.scrollTop);

/** The rows whose top edge is inside the table's scrolled view, as aria-rowindex numbers. */
async function visibleRowIndexes(page: Page): Promise<number[]> {
  return page.locator('.contact-table-scroll').evaluate((element) => {
    const box = element.getBoundingClientRect();
    return [...element.querySelectorAll('tbody tr')]
      .filter((row) => {
        const top = row.getBoundingClientRect().top;
        return top >= box.top + 44 && top < box.bottom - 44;
      })
      .map((row) => Number(row.getAttribute('aria-rowindex')));
  });
}

test.describe('lists lead to records and back', () => {
  test('opens a contact from a filtered, sorted and scrolled Table, walks the list, and comes back to the same filters, scroll and ticks', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signInThroughApi(page.request, DEMO_USER);
    await page.goto('/contacts/table');
    await expect(rowAt(page, 2)).toBeVisible();

    // Filter to contacts with an email, and sort by name from its column's header.
    await page.getByRole('button', { name: 'More filters' }).click();
    await page.getByRole('combobox', { name: 'Email' }).click();
    await page.getByRole('option', { name: 'Has one' }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/hasEmail=true/);
    await grid(page).getByRole('button', { name: 'Name', exact: true }).click();
    await expect(grid(page).getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(page).toHaveURL(/sort=name&order=asc/);
    const listUrl = page.url();

    // Scroll well down the list, tick a contact, and open the one below it by its name.
    await grid(page).hover();
    // Past the first page of 100 rows.
    await expect(async () => {
      await page.mouse.wheel(0, 2_000);
      expect(await scrollOf(page)).toBeGreaterThan(5_000);
    }).toPass();
    const inView = await visibleRowIndexes(page);
    const [ticked, opened] = [inView[1]!, inView[2]!];
    const scrolled = await scrollOf(page);
    await rowAt(page, ticked).getByRole('checkbox').click();
    await expect(page.getByText('1 selected')).toBeVisible();
    const tickedName = await nameOf(rowAt(page, ticked));
    const openedName = await nameOf(rowAt(page, opened));
    const nextName = await nameOf(rowAt(page, opened + 1));
    await rowAt(page, opened).getByRole('link').click();

    await expect(page).toHaveURL(/\/contact\//);
    await expect(page.getByRole('heading', { level: 1, name: openedName })).toBeVisible();
    const walk = page.getByRole('group', { name: 'Contacts in the list' });
    // The place in the list says which contact shows: two neighbours may share a name.
    const at = (row: number) =>
      expect(walk).toContainText(new RegExp(`^${(row - 1).toLocaleString('en-US')} of [\\d,]+`));
    await at(opened);

    // Next, then K back to the one opened: the list's own order.
    await walk.getByRole('button', { name: 'Next contact' }).click();
    await at(opened + 1);
    await expect(page.getByRole('heading', { level: 1, name: nextName })).toBeVisible();
    await page.keyboard.press('k');
    await at(opened);
    await expect(page.getByRole('heading', { level: 1, name: openedName })).toBeVisible();
    await page.keyboard.press('j');
    await at(opened + 1);
    await expect(page.getByRole('heading', { level: 1, name: nextName })).toBeVisible();

    // A tab of the contact, and a reload, keep the way back.
    await page.getByRole('tab', { name: 'Notes' }).click();
    await page.reload();
    await at(opened + 1);
    await expect(page.getByRole('heading', { level: 1, name: nextName })).toBeVisible();
    await expect(walk.getByRole('button', { name: 'Previous contact' })).toBeEnabled();
    await page.getByRole('link', { name: 'Back to the table' }).click();

    await expect(page).toHaveURL(listUrl);
    await expect(page.getByRole('button', { name: 'More filters (1)' })).toBeVisible();
    await expect(grid(page).getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect.poll(() => scrollOf(page)).toBe(scrolled);
    await expect(rowAt(page, ticked).getByRole('checkbox', { name: `Select ${tickedName}` })).toBeChecked();
    await expect(page.getByText('1 selected')).toBeVisible();

    // A reload reads the pages again down to where the list was.
    await page.reload();
    await expect.poll(() => scrollOf(page)).toBe(scrolled);
    await expect(rowAt(page, opened).getByRole('link')).toHaveText(openedName);
  });

  test('the name opens the contact; its pencil, F2 or a double click on the cell edit it', async ({
    page,
  }) => {
    await signInThroughApi(page.request, DEMO_USER);
    await page.goto('/contacts/table');
    const row = rowAt(page, 2);
    const name = await nameOf(row);
    await expect(row.getByRole('link', { name })).toHaveAttribute('href', /^\/contact\/[^/]+$/);

    await row.getByRole('button', { name: `edit name of ${name}` }).click();
    await expect(row.getByRole('textbox', { name: 'First name' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(row.getByRole('link', { name })).toBeVisible();

    await row.getByRole('link', { name }).focus();
    await page.keyboard.press('F2');
    await expect(row.getByRole('textbox', { name: 'First name' })).toBeFocused();
    await page.keyboard.press('Escape');

    // The blank part of the cell, right of the name and its pencil.
    const cell = row.locator('.gt-cell-linked').filter({ has: page.getByRole('link') });
    const box = (await cell.boundingBox())!;
    await page.mouse.dblclick(box.x + box.width - 4, box.y + box.height / 2);
    await expect(row.getByRole('textbox', { name: 'First name' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/contacts\/table$/);
  });

  test("changes a contact's stage and tags in place, and the changes stay", async ({ page }) => {
    await signInThroughApi(page.request, DEMO_USER);
    const teamUID = await readCurrentTeamUID(page.request);
    const details = await callApi<PipelinesAnswer>(page.request, 'GET', `/api/v1/teams/${teamUID}/pipelines`);
    const pipeline = details.pipelines.find((each) => each.isDefault)!;
    const tag = [...details.globalTagSets, ...pipeline.tagSets]
      .flatMap((set) => set.tags.map((each) => ({ ...each, label: `${set.name}: ${each.name}` })))
      .at(-1)!;

    await page.goto(`/contacts/table/${pipeline.groupUID}`);
    const row = rowAt(page, 2);
    const name = await nameOf(row);
    const stage = row.getByRole('combobox', { name: `Stage of ${name}` });
    const current = await stage.inputValue();
    // The stage selects, tag pencils and name links of a pipeline's table.
    const results = await new AxeBuilder({ page })
      .include('table[aria-label="Contacts"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    const other = pipeline.stages.find((each) => each.stageUID !== current)!;
    await stage.selectOption(other.stageUID);
    await expect(stage).toBeEnabled();
    await expect(stage).toHaveValue(other.stageUID);

    await row.getByRole('button', { name: `Edit tags of ${name}` }).click();
    const picker = page.getByRole('group', { name: `Tags of ${name}` });
    const box = picker.getByRole('checkbox', { name: tag.label });
    const hadTag = await box.isChecked();
    await box.click();
    await expect(box).toBeChecked({ checked: !hadTag });
    await expect(box).toBeEnabled();
    await page.keyboard.press('Escape');
    const cellTitle = row.locator('.gt-cell-tags');
    if (hadTag) await expect(cellTitle).not.toHaveAttribute('title', new RegExp(tag.label));
    else await expect(cellTitle).toHaveAttribute('title', new RegExp(tag.label));

    await page.reload();
    const again = grid(page)
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name, exact: true }) });
    await expect(again.getByRole('combobox', { name: `Stage of ${name}` })).toHaveValue(other.stageUID);
    const search = await callApi<{ hits: { GTID: string; tags: string[] }[] }>(
      page.request,
      'POST',
      '/search/v2',
      {
        teamUID,
        searchObj: { text: name },
        paging: { from: 0, size: 20 },
      },
    );
    const href = (await again.getByRole('link', { name, exact: true }).getAttribute('href'))!;
    const GTID = decodeURIComponent(href.split('/')[2]!);
    expect(search.hits.find((hit) => hit.GTID === GTID)?.tags.includes(tag.tagUID)).toBe(!hadTag);

    // Puts the contact back as it was for the specs that count it.
    await callApi(
      page.request,
      'PUT',
      `/api/v1/teams/${teamUID}/contacts/${GTID}/pipelines/${pipeline.groupUID}`,
      {
        stageId: current,
      },
    );
    await callApi(
      page.request,
      hadTag ? 'PUT' : 'DELETE',
      `/api/v1/teams/${teamUID}/contacts/${GTID}/tags/${tag.tagUID}`,
    );
  });

  test('a card opened from a filtered board goes back to the board with its filters and walks its column', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signInThroughApi(page.request, DEMO_USER);
    await page.goto('/contacts/pipeline?hasEmail=true');
    await expect(page).toHaveURL(/\/contacts\/pipeline\/[^?]+\?hasEmail=true$/);
    const boardUrl = page.url();
    const column = page.getByTestId('board-column').first();
    const cards = column.getByTestId('contact-card');
    await expect(cards.nth(1)).toBeVisible();
    const first = ((await cards.nth(0).getByRole('link').textContent()) ?? '').trim();
    const second = ((await cards.nth(1).getByRole('link').textContent()) ?? '').trim();
    await cards.nth(0).getByRole('link').click();

    await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
    const walk = page.getByRole('group', { name: 'Contacts in the list' });
    await expect(walk.getByRole('button', { name: 'Previous contact' })).toBeDisabled();
    await walk.getByRole('button', { name: 'Next contact' }).click();
    await expect(page.getByRole('heading', { level: 1, name: second })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the pipeline' }).click();
    await expect(page).toHaveURL(boardUrl);
    await expect(page.getByRole('button', { name: 'More filters (1)' })).toBeVisible();

    // Down the longest column, a card's contact comes back to the same place in it.
    const counts = await page
      .getByTestId('stage-count')
      .evaluateAll((badges) => badges.map((badge) => Number(badge.textContent?.replace(/\D/g, ''))));
    const longest = page.getByTestId('board-column').nth(counts.indexOf(Math.max(...counts)));
    const list = longest.getByTestId('column-scroll');
    await list.hover();
    await page.mouse.wheel(0, 700);
    await expect.poll(() => list.evaluate((element) => element.scrollTop)).toBeGreaterThan(500);
    const scrolled = await list.evaluate((element) => element.scrollTop);
    const lower = await list.evaluate((element) => {
      const top = element.getBoundingClientRect().top;
      const card = [...element.querySelectorAll('[data-testid="contact-card"]')].find(
        (each) => each.getBoundingClientRect().top >= top,
      );
      return card?.querySelector('a')?.textContent?.trim() ?? '';
    });
    await longest.getByRole('link', { name: lower, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: lower })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the pipeline' }).click();
    await expect(page).toHaveURL(boardUrl);
    await expect.poll(() => list.evaluate((element) => element.scrollTop)).toBe(scrolled);
  });

  test('a contact opened from the filtered tasks goes back to the tasks with their filters and scroll', async ({
    page,
  }) => {
    // A short window, so the list scrolls.
    await page.setViewportSize({ width: 1280, height: 360 });
    await signInThroughApi(page.request, DEMO_USER);
    const teamUID = await readCurrentTeamUID(page.request);
    const search = await callApi<{ hits: { GTID: string; name: string }[] }>(
      page.request,
      'POST',
      '/search/v2',
      {
        teamUID,
        paging: { from: 40, size: 2 },
      },
    );
    const stamp = Date.now().toString(36);
    const tasks: string[] = [];
    for (const [index, hit] of search.hits.entries()) {
      // A day apart, so the list shows them in this order.
      const due = new Date(Date.now() + (3 + index) * 86_400_000).toISOString().slice(0, 10);
      const task = await callApi<{ taskUID: string }>(
        page.request,
        'POST',
        `/api/v1/teams/${teamUID}/tasks`,
        {
          taskName: `Walk ${stamp} ${index}`,
          dueDate: due,
          GTID: hit.GTID,
          reminder: 'none',
        },
      );
      tasks.push(task.taskUID);
    }

    await page.goto('/tasks');
    await page.getByRole('textbox', { name: 'Search tasks' }).fill(`Walk ${stamp}`);
    await expect(page).toHaveURL(new RegExp(`[?&]q=Walk(\\+|%20)${stamp}`));
    // The list follows the search a moment after the typing stops.
    await expect(page.getByRole('list', { name: 'Upcoming' }).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByText('No completed task matches these filters.')).toBeVisible();
    const tasksUrl = page.url();
    const item = page.getByRole('listitem', { name: `Walk ${stamp} 0` });
    await item.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const scrolled = await page.locator('html').evaluate((element) => element.scrollTop);
    expect(scrolled).toBeGreaterThan(0);
    await item.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: search.hits[0]!.name })).toBeVisible();
    const walk = page.getByRole('group', { name: 'Contacts in the list' });
    await expect(walk).toContainText('1 of 2');
    await walk.getByRole('button', { name: 'Next contact' }).click();
    await expect(page.getByRole('heading', { level: 1, name: search.hits[1]!.name })).toBeVisible();
    await page.getByRole('link', { name: 'Back to tasks' }).click();
    await expect(page).toHaveURL(tasksUrl);
    await expect(page.getByRole('textbox', { name: 'Search tasks' })).toHaveValue(`Walk ${stamp}`);
    await expect.poll(() => page.locator('html').evaluate((element) => element.scrollTop)).toBe(scrolled);

    for (const taskUID of tasks)
      await callApi(page.request, 'DELETE', `/api/v1/teams/${teamUID}/tasks/${taskUID}`);
  });

  test('lists J and K in the shortcuts', async ({ page }) => {
    await signInThroughApi(page.request, DEMO_USER);
    await page.goto('/contacts/table');
    await expect(rowAt(page, 2)).toBeVisible();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toContainText('the next one in the list you opened it from');
    await expect(dialog).toContainText('the previous one in the list you opened it from');
  });
});
