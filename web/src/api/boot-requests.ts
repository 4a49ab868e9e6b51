/**
 * Answers to GET requests that index.html's boot script (app/boot-script.ts) sent before the app
 * loaded, by path and query (`/api/auth/user`, `/api/projects?limit=12`). Each is taken once, by the
 * first request for the same address, and only while the first page loads: after that a request goes
 * to the server as usual, so nothing old is ever shown.
 */
const GLOBAL = '__projectoryBoot'; // boot-script.ts BOOT_GLOBAL (not imported: this is in the landing's bundle)
/** Long enough for a slow phone to load the first page; an answer not taken by then is dropped. */
const TAKE_WITHIN_MS = 15_000;

/** What the boot script leaves for the app (boot-script.ts). */
interface Boot {
  /** The answers by address (path and query); an answer taken is removed. */
  answers: Record<string, Promise<Response> | undefined>;
  /** Settles once the role's requests, and those built from their answers, are sent. */
  sent?: Promise<void>;
  /** Settles once the page's first frame, if the script showed one, is on the screen. */
  painted?: Promise<void>;
}

const boot = () => (window as unknown as Record<string, Boot | undefined>)[GLOBAL];

export function takeBootResponse(address: string): Promise<Response> | undefined {
  const answers = boot()?.answers;
  const answer = answers?.[address];
  if (!answers || !answer) return undefined;
  answers[address] = undefined; // taken once
  return performance.now() <= TAKE_WITHIN_MS ? answer : undefined;
}

/**
 * Whether the boot script asked `address`, its answer has not been taken yet and is a success (2xx);
 * false while it is on its way. Does not take it.
 */
export async function hasOkBootResponse(address: string): Promise<boolean> {
  const answer = boot()?.answers[address];
  if (!answer || performance.now() > TAKE_WITHIN_MS) return false;
  try {
    return (await answer).ok && boot()?.answers[address] === answer;
  } catch {
    return false;
  }
}

/** Settles once index.html's first frame of the page, if any, is painted: the app's chunks are asked after it. */
export function bootFramePainted(): Promise<void> {
  return boot()?.painted ?? Promise.resolve();
}

/** The addresses the boot script asked. */
export function bootAddresses(): string[] {
  return Object.keys(boot()?.answers ?? {});
}

/** Settles once the boot script has sent all its requests; undefined without it. */
export function bootRequestsSent(): Promise<void> | undefined {
  return boot()?.sent;
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
