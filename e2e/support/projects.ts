import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { projectsTexts } from '../../web/src/features/projects/projects.texts.js';

/**
 * A word no other project contains, for the full-text search to find one project among those every
 * other test posts: letters only (digits would make a separate token), the same after stemming.
 */
export function uniqueWord(): string {
  return `zx${randomUUID()
    .replace(/-/g, '')
    .slice(0, 10)
    .replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)]!)}`;
}

/** A card (project, application or candidate) by its heading. */
export function cardTitled(scope: Page | Locator, name: string): Locator {
  const page = 'mouse' in scope ? scope : scope.page();
  return scope.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** The figure of one of the employer's stat cards. */
export function stat(page: Page, label: string): Locator {
  return page
    .getByRole('main')
    .getByRole('list', { name: projectsTexts.stats.label })
    .getByRole('listitem')
    .filter({ hasText: label });
}

/** The page is the same document as when `markDocument` ran: nothing reloaded it. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (globalThis as { pjNoReload?: boolean }).pjNoReload = true;
  });
}

export async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => (globalThis as { pjNoReload?: boolean }).pjNoReload)).toBe(true);
}

/**
 * Picks an option of an antd Select (its list opens in a layer of its own, with an animation). On a
 * busy machine a click could wait on an option that never settled until the test timed out: each try
 * is short, and opens the list again if it closed.
 */
export async function chooseOption(page: Page, combobox: Locator, label: string): Promise<void> {
  const option = page.locator('.ant-select-item-option').filter({ hasText: label });
  await expect(async () => {
    if (!(await option.isVisible())) await combobox.click({ timeout: 2_000 });
    await option.click({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
