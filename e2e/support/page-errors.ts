import type { Page } from '@playwright/test';

export interface ExpectedResponse {
  /** The request's URL. */
  url: RegExp;
  status: number;
}

/**
 * Console errors, page errors and failed requests while a test runs. A visitor's GET /api/auth/user
 * answers 401 by contract (that is how the app learns nobody is signed in), and Chromium logs every
 * 4xx response as a console error: that one is expected and left out, and so are the `expected`
 * answers a test provokes on purpose (e.g. 404 ASSESSMENT_NOT_FOUND before the first assessment).
 * Socket.IO long-polls that a navigation cancels are not failures either.
 */
export function collectErrors(page: Page, expected: ExpectedResponse[] = []): string[] {
  const errors: string[] = [];
  const allowed = [{ url: /\/api\/auth\/user$/, status: 401 }, ...expected];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const url = message.location().url;
    const text = message.text();
    if (allowed.some((answer) => answer.url.test(url) && text.includes(`status of ${answer.status}`))) return;
    errors.push(text);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText;
    // Leaving a page cancels the socket's pending long-poll: the browser's doing, not a failure.
    if (reason === 'net::ERR_ABORTED' && /\/api\/socket\.io\//.test(request.url())) return;
    errors.push(`${request.url()}: ${reason}`);
  });
  return errors;
}
