import type { Page } from '@playwright/test';

/**
 * Console errors, page errors and failed requests while a test runs. A visitor's GET /api/auth/user
 * answers 401 by contract (that is how the app learns nobody is signed in), and Chromium logs every
 * 4xx response as a console error: that one is expected and left out.
 */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const url = message.location().url;
    if (/\/api\/auth\/user$/.test(url) && message.text().includes('401')) return;
    errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('requestfailed', (request) => errors.push(`${request.url()}: ${request.failure()?.errorText}`));
  return errors;
}
