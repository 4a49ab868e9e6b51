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
 * Reads that a navigation cancels (a list still loading when the user moves on) and the socket's
 * transport requests are not failures either; a cancelled write of the app's still is.
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
    // Leaving a page cancels its pending reads (under load, e.g. GET /api/matches/fit still on its way)
    // and the socket's own transport requests (a long-poll's POST of a ping or a close): the browser's
    // doing, not a failure.
    const transport = new URL(request.url()).pathname.startsWith('/api/socket.io/');
    if (reason === 'net::ERR_ABORTED' && (request.method() === 'GET' || transport)) return;
    errors.push(`${request.url()}: ${reason}`);
  });
  return errors;
}
