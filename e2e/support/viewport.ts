import { expect, type Page } from '@playwright/test';

export const PHONE = { width: 375, height: 812 };

/** Nothing on the page reaches past the right edge of the viewport (no horizontal scrolling). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const widths = await page
    .locator('html')
    .evaluate((html) => ({ scroll: html.scrollWidth, client: html.clientWidth }));
  const overflowing = await page
    .locator('body *')
    .evaluateAll(
      (elements, width) =>
        elements
          .filter((element) => element.getBoundingClientRect().right > width)
          .map((e) => `${e.getBoundingClientRect().right} ${e.outerHTML.slice(0, 80)}`),
      widths.client,
    );
  expect(overflowing).toEqual([]);
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}
