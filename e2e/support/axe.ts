import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe on the page once its finite animations are over (a dialog zooming in or a toast fading in
 * has half its final contrast mid-way); fails on any serious or critical violation, naming the nodes.
 */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  await page.evaluate(() => {
    // The page's Web Animations API, typed here as far as it is used (the tests compile without the DOM lib).
    interface Running {
      effect: { getTiming(): { iterations?: number } } | null;
      finished: Promise<unknown>;
    }
    const { document } = globalThis as unknown as { document: { getAnimations(): Running[] } };
    return Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => `${String(node.target)}: ${node.failureSummary ?? ''}`).join('; ')})`,
    );
  expect(serious).toEqual([]);
}
