/**
 * Answers to GET requests that index.html's boot script (app/boot-script.ts) sent before the app
 * loaded, by path and query (`/api/auth/user`, `/api/projects?limit=12`). Each is taken once, by the
 * first request for the same address, and only while the first page loads: after that a request goes
 * to the server as usual, so nothing old is ever shown.
 */
const GLOBAL = '__projectoryBoot'; // boot-script.ts BOOT_GLOBAL (not imported: this is in the landing's bundle)
/** Long enough for a slow phone to load the first page; an answer not taken by then is dropped. */
const TAKE_WITHIN_MS = 15_000;

/** By address; under `sent` (no address), a promise that settles once the role's requests were sent too. */
type BootAnswers = Record<string, Promise<Response> | undefined>;

const bootAnswers = () => (window as unknown as Record<string, BootAnswers | undefined>)[GLOBAL];

export function takeBootResponse(address: string): Promise<Response> | undefined {
  const answers = bootAnswers();
  const answer = address.startsWith('/') ? answers?.[address] : undefined;
  if (!answers || !answer) return undefined;
  answers[address] = undefined; // taken once
  return performance.now() <= TAKE_WITHIN_MS ? answer : undefined;
}

/**
 * Whether the boot script asked `address`, its answer has not been taken yet and is a success (2xx);
 * false while it is on its way. Does not take it.
 */
export async function hasOkBootResponse(address: string): Promise<boolean> {
  const answer = address.startsWith('/') ? bootAnswers()?.[address] : undefined;
  if (!answer || performance.now() > TAKE_WITHIN_MS) return false;
  try {
    return (await answer).ok && bootAnswers()?.[address] === answer;
  } catch {
    return false;
  }
}

/**
 * Settles once index.html's first frame of the page, if the boot script showed one, is painted: the
 * app's chunks are asked after it (boot-script.ts).
 */
export function bootFramePainted(): Promise<void> {
  return (bootAnswers() as { painted?: Promise<void> } | undefined)?.painted ?? Promise.resolve();
}

/** The addresses the boot script asked. */
export function bootAddresses(): string[] {
  return Object.keys(bootAnswers() ?? {}).filter((address) => address.startsWith('/'));
}

/** Settles once the boot script has sent all its requests (the role's follow GET /api/auth/user); undefined without it. */
export function bootRequestsSent(): Promise<void> | undefined {
  return (bootAnswers() as { sent?: Promise<void> } | undefined)?.sent;
}

/** `fetch`, except that a GET the boot script already sent is answered by its response (a network error: sent again). */
export function fetchWithBoot(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (input instanceof Request && input.method === 'GET' && !init) {
    const url = new URL(input.url);
    const early = url.origin === window.location.origin ? takeBootResponse(url.pathname + url.search) : undefined;
    if (early) return early.catch(() => fetch(input));
  }
  return fetch(input, init);
}
