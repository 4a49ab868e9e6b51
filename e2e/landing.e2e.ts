import { expect, test } from '@playwright/test';
import {
  about,
  closingCta,
  features,
  hero,
  howItWorks,
  nav,
  pricing,
  testimonials,
} from '../web/src/features/landing/landing.texts.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { collectErrors } from './support/page-errors.js';
import { expectNoHorizontalOverflow, PHONE } from './support/viewport.js';

test.describe('landing page', () => {
  test('shows the hero and every section', async ({ page }) => {
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(hero.titleLines.join(' '));
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByText(hero.note)).toBeVisible();

    for (const [id, title] of [
      ['features', features.title],
      ['how-it-works', howItWorks.title],
      ['testimonials', testimonials.title],
      ['pricing', pricing.title],
      ['about', about.title],
    ]) {
      await expect(page.locator(`section#${id}`).getByRole('heading', { level: 2, name: title })).toBeAttached();
    }

    const featureCards = page.locator('#features').getByRole('heading', { level: 3 });
    await expect(featureCards).toHaveText(features.cards.map((card) => card.title));
    for (const track of howItWorks.tracks) {
      const steps = page
        .locator('#how-it-works')
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 4 }) });
      for (const step of track.steps) await expect(steps.filter({ hasText: step.title }).first()).toBeAttached();
    }
    await expect(page.locator('#testimonials blockquote')).toHaveCount(testimonials.items.length);
    const plans = page.locator('#pricing').getByRole('heading', { level: 3 });
    await expect(plans).toHaveText([...pricing.plans.map((plan) => plan.name), pricing.allPlansTitle]);
    await expect(page.locator('#pricing').getByText('Most Popular')).toBeVisible();
    await expect(page.locator('#about li')).toHaveCount(about.stats.length);
    await expect(page.getByRole('heading', { level: 2, name: closingCta.title })).toBeAttached();
    await expect(page.getByText(closingCta.note)).toBeAttached();
    await expect(page.getByRole('contentinfo')).toBeAttached();
  });

  test('sends visitors to sign-up and sign-in', async ({ page }) => {
    await page.goto('/');
    const heroSection = page.locator('#home');
    await expect(heroSection.getByRole('link', { name: hero.primaryCta })).toHaveAttribute('href', '/signup');
    await expect(heroSection.getByRole('link', { name: hero.secondaryCta })).toHaveAttribute('href', '/login');
    const mainNav = page.getByRole('navigation', { name: nav.label });
    await expect(mainNav.getByRole('link', { name: nav.signIn })).toHaveAttribute('href', '/login');
    await expect(mainNav.getByRole('link', { name: nav.getStarted })).toHaveAttribute('href', '/signup');
  });

  test('in-page navigation scrolls to a section', async ({ page }) => {
    await page.goto('/');
    const pricingHeading = page.getByRole('heading', { level: 2, name: pricing.title });
    await expect(pricingHeading).not.toBeInViewport();

    const pricingLink = page.getByRole('navigation', { name: nav.label }).getByRole('link', { name: 'Pricing' });
    await pricingLink.click();

    await expect(page).toHaveURL(/#pricing$/);
    await expect(pricingHeading).toBeInViewport();
    await expect(pricingLink).toHaveAttribute('aria-current', 'location');
  });

  test('loads without console errors', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    expect(errors).toEqual([]);
  });

  test('works on a 375 px phone without horizontal scrolling', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await expectNoHorizontalOverflow(page);

    // The links fold into a menu that opens, scrolls to a section and closes again.
    const menuButton = page.getByRole('button', { name: nav.openMenu });
    await expect(menuButton).toBeVisible();
    await menuButton.click();
    const aboutLink = page.getByRole('navigation', { name: nav.label }).getByRole('link', { name: 'About' });
    await aboutLink.click();
    await expect(page.getByRole('heading', { level: 2, name: about.title })).toBeInViewport();
    await expect(aboutLink).toBeHidden();
  });

  test('keyboard users can skip to the main content', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skipLink = page.getByRole('link', { name: nav.skipLink });
    await expect(skipLink).toBeFocused();
    await expect(skipLink).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });

  test('has no serious accessibility violations', async ({ page }) => {
    await page.goto('/');
    await expectNoSeriousAxeViolations(page);

    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: nav.openMenu }).click();
    await expectNoSeriousAxeViolations(page);
  });
});

test('an unknown path shows the not-found page', async ({ page }) => {
  const errors = collectErrors(page);
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: hero.titleLines.join(' ') })).toHaveCount(0);
  expect(errors).toEqual([]);
});
