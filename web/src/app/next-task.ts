/**
 * Resolves in a later task of the browser's event loop, so that what follows does not lengthen the
 * current one: on a phone, one long task holds the page's input and counts towards its Total
 * Blocking Time. `scheduler.yield()` where the browser has it (the rest runs ahead of other queued
 * tasks), a timeout elsewhere.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
