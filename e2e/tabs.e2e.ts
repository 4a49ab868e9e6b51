import { expect, test, type Locator, type Page } from '@playwright/test';
import { dashboardTexts } from '../web/src/features/dashboard/dashboard.texts.js';
import { newAccount, signUpThroughApi } from './support/accounts.js';
import { collectErrors } from './support/page-errors.js';

const t = dashboardTexts;
const TABS = [t.tabs.overview, t.tabs.matches, t.tabs.projects, t.tabs.skills];
/** Before the first assessment GET /api/assessments/me answers 404 ASSESSMENT_NOT_FOUND, by contract. */
const NO_ASSESSMENT_YET = { url: /\/api\/assessments\/me$/, status: 404 };

/** The panel a tab controls, found by the tab's aria-controls (hidden or not). */
async function controlled(page: Page, tab: Locator): Promise<Locator> {
  const id = await tab.getAttribute('aria-controls');
  expect(id).toBeTruthy();
  return page.locator(`[id="${id}"]`);
}

/**
 * The app's tabs (shared/ui/Tabs.tsx), on the student's dashboard: the WAI-ARIA tabs pattern's roles,
 * names and keys, and the panels of tabs opened before kept in the page, hidden.
 */
test('tabs: roles and names, one tab in the Tab order, arrows that wrap, Home and End; opened panels stay', async ({
  page,
}) => {
  const errors = collectErrors(page, [NO_ASSESSMENT_YET]);
  await signUpThroughApi(page, newAccount('student'));
  await page.goto('/dashboard');
  const main = page.getByRole('main');
  const tab = (name: string) => main.getByRole('tab', { name, exact: true });
  const tabs = main.getByRole('tablist', { name: t.tabsLabel }).getByRole('tab');
  await expect(tabs).toHaveText(TABS);

  // Each tab controls a panel that its label names; only the open tab is in the Tab order.
  for (const name of TABS) {
    const panel = await controlled(page, tab(name));
    await expect(panel).toHaveAttribute('role', 'tabpanel');
    await expect(panel).toHaveAttribute('aria-labelledby', (await tab(name).getAttribute('id'))!);
    const open = name === t.tabs.overview;
    await expect(tab(name)).toHaveAttribute('aria-selected', String(open));
    await expect(tab(name)).toHaveAttribute('tabindex', open ? '0' : '-1');
    await expect(panel).toBeVisible({ visible: open });
  }
  const overview = main.getByRole('tabpanel', { name: t.tabs.overview, exact: true });
  await expect(overview).toHaveAttribute('tabindex', '0');
  await expect(overview.getByText(t.recent.empty)).toBeVisible();

  // Left from the first tab wraps to the last, and opens it at once (the address follows).
  await tab(t.tabs.overview).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(tab(t.tabs.skills)).toBeFocused();
  await expect(tab(t.tabs.skills)).toHaveAttribute('aria-selected', 'true');
  await expect(tab(t.tabs.skills)).toHaveAttribute('tabindex', '0');
  await expect(tab(t.tabs.overview)).toHaveAttribute('tabindex', '-1');
  await expect(page).toHaveURL(/\?tab=skills$/);
  await expect(
    main.getByRole('tabpanel', { name: t.tabs.skills, exact: true }).getByText(t.skills.empty),
  ).toBeVisible();
  // The overview's panel is still in the page, with its content, hidden.
  const keptOverview = await controlled(page, tab(t.tabs.overview));
  await expect(keptOverview).toBeHidden();
  await expect(keptOverview.getByText(t.recent.empty)).toBeAttached();

  // Right from the last tab wraps to the first; End and Home go to either end.
  await page.keyboard.press('ArrowRight');
  await expect(tab(t.tabs.overview)).toBeFocused();
  await expect(tab(t.tabs.overview)).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.keyboard.press('End');
  await expect(tab(t.tabs.skills)).toBeFocused();
  await expect(tab(t.tabs.skills)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(tab(t.tabs.overview)).toBeFocused();
  await expect(tab(t.tabs.overview)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(tab(t.tabs.matches)).toBeFocused();
  await expect(page).toHaveURL(/\?tab=matches$/);
  // The address changes before React renders the open tab (router navigations are transitions): on a
  // busy machine a Tab pressed in between went to the overview's panel, which that render then hid.
  await expect(tab(t.tabs.matches)).toHaveAttribute('aria-selected', 'true');

  // Tab leaves the list for the open panel, not for the next tab.
  await page.keyboard.press('Tab');
  await expect(main.getByRole('tabpanel', { name: t.tabs.matches, exact: true })).toBeFocused();

  // A click opens a tab too.
  await tab(t.tabs.projects).click();
  await expect(tab(t.tabs.projects)).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\?tab=projects$/);
  expect(errors).toEqual([]);
});
