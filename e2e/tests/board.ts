import type { Locator, Page } from '@playwright/test';

// What the board's journeys share: a column by its stage's name, its count, and a drag.

export const boardColumn = (page: Page, stageName: string) =>
  page.getByRole('region', { name: stageName, exact: true });

/** The count a column's header shows. */
export async function readCount(stage: Locator): Promise<number> {
  const text = (await stage.getByTestId('stage-count').textContent()) ?? '';
  return Number(text.replace(/[^0-9]/g, ''));
}

/** Drags with small mouse steps, as the board's sensor waits for a few pixels of movement. */
export async function dragToPoint(page: Page, source: Locator, to: { x: number; y: number }) {
  const from = (await source.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + 12);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + 20, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 15 });
  await page.mouse.up();
}

/** Drags a card onto a column, near its top. */
export async function dragTo(page: Page, source: Locator, target: Locator) {
  const box = (await target.boundingBox())!;
  await dragToPoint(page, source, { x: box.x + box.width / 2, y: box.y + 120 });
}

/** Drags a card into the gap between two cards of a column. */
export async function dropBetween(page: Page, card: Locator, upper: Locator, lower: Locator) {
  const [top, bottom] = [(await upper.boundingBox())!, (await lower.boundingBox())!];
  await dragToPoint(page, card, { x: top.x + top.width / 2, y: (top.y + top.height + bottom.y) / 2 });
}
