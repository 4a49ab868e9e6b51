import { bootAddresses, bootRequestsSent, hasOkBootResponse } from '../api/boot-requests';
import { matchingApi } from '../features/matching/matching.api';
import { notificationsApi } from '../features/notifications/notifications.api';
import { projectsApi } from '../features/projects/projects.api';
import { dashboardFiguresApi, myAssessmentApi } from '../shared/api';
import { sessionApi } from '../shared/session';
import { appRouter } from './router';
import { appStore } from './store';
import { nextTask } from './next-task';

/**
 * The cache entry each of index.html's early GET requests (boot-plan.ts) answers: the endpoint and
 * argument the page's hooks ask with, so that the request they would build is that address.
 */
const BOOT_QUERIES: Record<string, () => { unwrap: () => Promise<unknown> }> = {
  '/api/auth/user': () =>
    appStore().dispatch(sessionApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false })),
  '/api/notifications/unread-count': () =>
    appStore().dispatch(
      notificationsApi.endpoints.getUnreadNotificationCount.initiate(undefined, { subscribe: false }),
    ),
  // BrowseProjects' newest projects, neither searched nor filtered.
  '/api/projects?limit=12': () =>
    appStore().dispatch(
      projectsApi.endpoints.browseProjects.initiate({ q: '', exchangeType: '' }, { subscribe: false }),
    ),
  '/api/matches/me?limit=100': () =>
    appStore().dispatch(matchingApi.endpoints.getMyMatches.initiate(undefined, { subscribe: false })),
  '/api/dashboard': () =>
    appStore().dispatch(dashboardFiguresApi.endpoints.getDashboard.initiate(undefined, { subscribe: false })),
  '/api/assessments/me': () =>
    appStore().dispatch(myAssessmentApi.endpoints.getMyAssessment.initiate(undefined, { subscribe: false })),
};

/** The cache entry of a request built from another's answer (boot-plan.ts `follow`), by path: its argument is in the query. */
const BOOT_FOLLOW_QUERIES: Record<string, (query: URLSearchParams) => { unwrap: () => Promise<unknown> }> = {
  '/api/matches/fit': (query) =>
    appStore().dispatch(
      matchingApi.endpoints.getProjectFits.initiate((query.get('projectIds') ?? '').split(','), { subscribe: false }),
    ),
};

/**
 * The cache entry of an early request with an id as its last segment (boot-plan.ts `:name`), by the path
 * before the id: its argument is the id, as the router gives it to the page (decoded). The endpoints of
 * pages other than the first ones are imported here when needed, not with the app.
 */
const BOOT_ID_QUERIES: Record<string, (id: string) => Promise<unknown>> = {
  '/api/workspaces/': (matchId) =>
    import('../features/workspace/workspace.api').then(({ workspaceApi }) =>
      appStore()
        .dispatch(workspaceApi.endpoints.getWorkspace.initiate(matchId, { subscribe: false }))
        .unwrap(),
    ),
  '/api/credentials/': (id) =>
    import('../features/credentials/credentials.api').then(({ credentialPageApi }) =>
      appStore()
        .dispatch(credentialPageApi.endpoints.getCredential.initiate(id, { subscribe: false }))
        .unwrap(),
    ),
};

/**
 * Early requests that are no endpoint's cache entry: the page's own request takes the answer when it
 * sends it (the issuer's keys, which credentials.api.ts verifyCredential asks within its query). Not
 * an id either (BOOT_ID_QUERIES).
 */
const TAKEN_BY_THE_PAGE = new Set(['/api/credentials/jwks.json']);

/** The BOOT_ID_QUERIES entry of `url`, bound to its id. */
function idQuery(url: URL): (() => Promise<unknown>) | undefined {
  if (TAKEN_BY_THE_PAGE.has(url.pathname)) return undefined;
  const at = url.pathname.lastIndexOf('/') + 1;
  const query = url.search ? undefined : BOOT_ID_QUERIES[url.pathname.slice(0, at)];
  const id = url.pathname.slice(at);
  return query && id ? () => query(decodeURIComponent(id)) : undefined;
}

/** How long the first render waits for the early answers at most; after that it renders without them. */
const WAIT_AT_MOST_MS = 4000;

let primedAt: number | undefined;

/**
 * Puts the answers of index.html's early requests into the API cache before the app's first render,
 * so that render (a transition, time-sliced) already shows the page's data: no large synchronous
 * re-render follows when the answers arrive, which would hold a phone's main thread. Each entry is
 * taken through the base query (api/boot-requests.ts), if it is a success. Resolves when every early
 * answer is in and the router has loaded the page's modules, or after WAIT_AT_MOST_MS. Making the
 * store, priming it and making the router each get a task of their own (next-task.ts).
 */
export async function primeBootQueries(): Promise<void> {
  const sent = bootRequestsSent(); // undefined: no boot script for this page (or a visitor on `/`)
  const primed: Promise<unknown>[] = [];
  // Only successful answers: an error (a visitor's 401) stays for the page's own request, which takes
  // it as before; in the cache, an error would be asked again by the first hook that reads it.
  const asked = new Set<string>();
  const prime = (address: string) => {
    if (asked.has(address)) return; // GET /api/auth/user: at once, and again among all the addresses
    asked.add(address);
    const url = new URL(address, window.location.origin);
    const follow = BOOT_FOLLOW_QUERIES[url.pathname];
    const entry = BOOT_QUERIES[address] ?? (follow && (() => follow(url.searchParams)));
    const query = entry ? () => entry().unwrap() : idQuery(url);
    if (!query) return;
    primed.push(hasOkBootResponse(address).then((ok) => (ok ? query().catch(() => undefined) : undefined)));
  };
  appStore();
  await nextTask();
  if (sent) prime('/api/auth/user');
  const all = (async () => {
    if (sent) {
      // The role's requests are sent once the user is known, those built from their answers once
      // these are in (boot-script.ts).
      await sent;
      for (const address of bootAddresses()) prime(address);
    }
    await nextTask();
    await Promise.all([...primed, routerReady()]);
  })();
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([all, new Promise((resolve) => (timer = setTimeout(resolve, WAIT_AT_MOST_MS)))]);
  clearTimeout(timer);
  primedAt = performance.now();
}

/**
 * Resolves once the router has loaded the first page's lazy route modules: rendered before, the app
 * would show the router's fallback first, then the page in a second render.
 */
function routerReady(): Promise<void> {
  return new Promise((resolve) => {
    const router = appRouter();
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * For hooks that ask again on every mount (`refetchOnMountOrArgChange: true`): the first page's mounts
 * keep what primeBootQueries has just put in, rather than asking the same again (a request and a
 * re-render); any later mount asks again.
 */
export function refetchOnMount(): true | number {
  return primedAt !== undefined && performance.now() - primedAt < FIRST_PAGE_MS ? FIRST_PAGE_MS / 1000 : true;
}
const FIRST_PAGE_MS = 5000;
