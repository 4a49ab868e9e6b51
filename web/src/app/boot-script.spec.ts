import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  bootFramePainted,
  bootRequestsSent,
  fetchWithBoot,
  hasOkBootResponse,
  takeBootResponse,
} from '../api/boot-requests';
import { bootScript } from './boot-script';

const ENTRY = '/assets/index.js';

/** A part of the item page's frame filled in from the item's early answer. */
const itemField = (part: string, field: string) => ({ part, after: '/api/items/:id', field });

const pages = {
  '/': { files: ['/assets/App.js'] },
  '/projects': {
    files: ['/assets/App.js', '/assets/ProjectsPage.js', '/assets/projects.css'],
    requests: { student: ['/api/projects?limit=12'] },
  },
  '/list': {
    files: [],
    requests: { student: ['/api/list?limit=2', '/api/empty'] },
    follow: {
      student: [
        { after: '/api/list?limit=2', path: '/api/fit', param: 'ids' },
        { after: '/api/empty', path: '/api/none', param: 'ids' },
      ],
    },
  },
  '/items/:id': {
    files: ['/assets/App.js', '/assets/ItemPage.js'],
    requests: { student: ['/api/items/:id', '/api/items/:id/notes?limit=5'] },
    // The answer has an item.title, no item.missing.
    fill: { student: [itemField('title', 'item.title'), itemField('other', 'item.missing')] },
  },
  // A public page: its data for anyone, a visitor too; the user's own besides.
  '/public/:id': {
    files: ['/assets/App.js', '/assets/PublicPage.js'],
    anyone: ['/api/public/:id', '/api/keys', '/api/notifications/unread-count'],
    requests: { student: ['/api/public/:id/mine'] },
  },
  '/dash': {
    files: [],
    requests: { student: ['/api/dash', '/api/dash-done'] },
    reveal: {
      student: [
        { part: 'prompt', after: '/api/dash', unless: { list: 'checks', item: { key: 'a', done: true } } },
        { part: 'done', after: '/api/dash-done', unless: { list: 'checks', item: { key: 'a', done: true } } },
        { part: 'other', after: '/api/empty', unless: { list: 'checks', item: { key: 'a', done: true } } },
      ],
    },
  },
};

/** JSON answers of the fake server, by address; any other address answers a text. */
const JSON_ANSWERS: Record<string, unknown> = {
  '/api/list?limit=2': { items: [{ id: 'a' }, { id: 'b' }] },
  '/api/empty': { items: [] },
  '/api/dash': {
    checks: [
      { key: 'b', done: true },
      { key: 'a', done: false },
    ],
  },
  '/api/dash-done': { checks: [{ key: 'a', done: true }] },
  [`/api/items/${encodeURIComponent('itém:1')}`]: { item: { title: 'An <em>item</em>' } },
};

const frames = {
  shell: '<div class="shell"></div>',
  pages: {
    '/projects': { student: '<div class="shell"><h1>Projects</h1></div>' },
    '/items/:id': { student: '<div class="shell"><a>Back</a></div>' },
  },
};

interface Page {
  links: { rel: string; as?: string; href: string; blocking?: string }[];
  /** The module scripts the boot script added (the app's entry), by address, and their count before the first paint. */
  modules: string[];
  modulesBeforePaint: number;
  /** The links there when the script has run, before the first paint. */
  linksBeforePaint: Page['links'];
  fetched: string[];
  /** The requests sent as the script ran, before any answer. */
  fetchedAtOnce: string[];
  /** The frame's parts (`data-frame-part`) and whether they are hidden. */
  parts: Record<string, { hidden: boolean }>;
  /** The text of each part's `data-frame-text` element, once filled in. */
  texts: Record<string, string>;
}

/** Runs the boot script as index.html would, at `address`, with a server that answers GET /api/auth/user with `user`. */
async function boot(address: string, user: { role: string } | null, signedIn: string | null = null): Promise<Page> {
  const page: Page = {
    links: [],
    linksBeforePaint: [],
    modules: [],
    modulesBeforePaint: 0,
    fetched: [],
    fetchedAtOnce: [],
    parts: {},
    texts: {},
  };
  for (const part of ['prompt', 'done', 'other', 'title']) {
    const text = {
      set textContent(value: string) {
        page.texts[part] = value;
      },
    };
    page.parts[part] = Object.defineProperty({ hidden: true }, 'querySelector', {
      value: (selector: string) => (selector === '[data-frame-text]' ? text : null),
    });
  }
  const url = new URL(address, 'https://projectory.test');
  const fetch = jest.fn((input: string) => {
    page.fetched.push(input);
    if (input === '/api/auth/user') {
      return Promise.resolve(
        user ? new Response(JSON.stringify(user), { status: 200 }) : new Response('{}', { status: 401 }),
      );
    }
    if (input in JSON_ANSWERS) return Promise.resolve(new Response(JSON.stringify(JSON_ANSWERS[input])));
    return Promise.resolve(new Response(`answer to ${input}`));
  });
  // The browser's first contentful paint, a task after the script has run and the document is parsed.
  class PerformanceObserver {
    constructor(private readonly callback: (list: unknown, observer: PerformanceObserver) => void) {}
    observe() {
      const list = { getEntriesByName: (name: string) => (name === 'first-contentful-paint' ? [{ name }] : []) };
      setTimeout(() => this.callback(list, this), 5);
    }
    disconnect() {}
  }
  Object.assign(globalThis, { window: globalThis, location: url, fetch, PerformanceObserver });
  const document = {
    createElement: () => ({
      setAttribute(this: Record<string, string>, name: string, value: string) {
        this[name] = value;
      },
    }),
    // Parsed by the time the script's promises settle (the boot script runs in the head, before the body).
    readyState: 'loading',
    addEventListener: (type: string, listener: () => void) => type === 'DOMContentLoaded' && setTimeout(listener, 0),
    head: {
      appendChild: (element: Page['links'][number] & { type?: string; src?: string }) =>
        element.type === 'module' ? page.modules.push(element.src!) : page.links.push(element),
    },
    querySelector: (selector: string) =>
      page.parts[/^\[data-app-frame\] \[data-frame-part="(\w+)"\]$/.exec(selector)?.[1] ?? ''] ?? null,
  };
  new Function('document', 'signedIn', bootScript(ENTRY, pages, ['/api/notifications/unread-count'], frames))(
    document,
    signedIn,
  );
  page.linksBeforePaint = [...page.links];
  page.fetchedAtOnce = [...page.fetched];
  // The document is parsed (DOMContentLoaded, a task) before the first paint (the observer's, another task).
  await new Promise((resolve) => setTimeout(resolve, 0));
  page.modulesBeforePaint = page.modules.length;
  await new Promise((resolve) => setTimeout(resolve, 10));
  return page;
}

const bootFrame = () => (globalThis as { __projectoryBoot?: { frame?: string } }).__projectoryBoot?.frame;

// The page's clock (performance.now(), from navigation in a browser; from the worker's start here, which
// is past 15 s in a long test run): a first page still loading, unless a test says otherwise.
beforeEach(() => {
  jest.spyOn(performance, 'now').mockReturnValue(1_000);
});

afterEach(() => {
  jest.restoreAllMocks();
  delete (globalThis as Record<string, unknown>).__projectoryBoot;
});

describe('the boot script of index.html', () => {
  it('leaves the landing page alone for a visitor', async () => {
    const page = await boot('/', null);
    expect(page).toMatchObject({ links: [], linksBeforePaint: [], fetched: [] });
  });

  it('starts the app once the document is parsed, and on the landing page once that is painted too', async () => {
    const landing = await boot('/', null);
    expect(landing).toMatchObject({ modulesBeforePaint: 0, modules: [ENTRY] });
    for (const [address, signedIn] of [
      ['/', 'student'],
      ['/projects', null],
      ['/projects', 'student'],
      ['/no-plan', null],
    ] as const) {
      expect(await boot(address, null, signedIn)).toMatchObject({ modulesBeforePaint: 1, modules: [ENTRY] });
    }
  });

  it("picks the page's first frame for the last session's role, and lets its stylesheets block the first paint", async () => {
    const page = await boot('/projects', { role: 'student' }, 'student');
    expect(bootFrame()).toBe(frames.pages['/projects'].student);
    expect(page.links.find((link) => link.href === '/assets/projects.css')).toMatchObject({
      rel: 'stylesheet',
      blocking: 'render',
    });
    // The chunks once the frame is painted (the browser's first contentful paint).
    expect(page.linksBeforePaint.map((link) => link.href)).toEqual(['/assets/projects.css']);
    expect(page.links.map((link) => link.href)).toContain('/assets/ProjectsPage.js');
    expect(await bootFramePainted()).toBeUndefined();
    await boot('/projects', { role: 'employer' }, 'employer');
    expect(bootFrame()).toBe(frames.shell);
    await boot('/', { role: 'student' }, 'student');
    expect(bootFrame()).toBe(frames.shell);
  });

  it('shows no frame without the signed-in hint (a visitor may be sent to sign in)', async () => {
    const page = await boot('/projects', null);
    expect(bootFrame()).toBeUndefined();
    expect(page.links.find((link) => link.href === '/assets/projects.css')).toMatchObject({
      rel: 'preload',
      as: 'style',
    });
  });

  it('writes no closing tag of the inline script, whatever the frames hold', () => {
    const script = bootScript(ENTRY, pages, [], { shell: '</script><script>alert(1)</script>', pages: {} });
    expect(script).not.toContain('</');
  });

  it("starts a student's /projects: its files, the user, then the page's and the shell's reads", async () => {
    const page = await boot('/projects', { role: 'student' });
    expect(page.links.map((link) => [link.rel, link.as, link.href])).toEqual([
      ['preload', 'style', '/assets/projects.css'],
      ['preload', 'script', '/assets/App.js'],
      ['preload', 'script', '/assets/ProjectsPage.js'],
    ]);
    expect(page.fetched).toEqual(['/api/auth/user', '/api/notifications/unread-count', '/api/projects?limit=12']);
  });

  it("asks the hinted role's reads at once, without waiting for the user; those of the user's role if another", async () => {
    const hinted = await boot('/projects', { role: 'student' }, 'student');
    expect(hinted.fetchedAtOnce).toEqual([
      '/api/auth/user',
      '/api/notifications/unread-count',
      '/api/projects?limit=12',
    ]);
    expect(hinted.fetched).toEqual(hinted.fetchedAtOnce);
    // A stale hint: the last session was an admin's; the shell's read is not asked twice.
    const stale = await boot('/list', { role: 'student' }, 'admin');
    expect(stale.fetchedAtOnce).toEqual(['/api/auth/user', '/api/notifications/unread-count']);
    expect(stale.fetched).toEqual([...stale.fetchedAtOnce, '/api/list?limit=2', '/api/empty', '/api/fit?ids=a%2Cb']);
  });

  it('shows a hidden part of the frame when the early answer does not hold the item that rules it out', async () => {
    const page = await boot('/dash', { role: 'student' }, 'student');
    await bootRequestsSent();
    expect(page.parts).toEqual({
      prompt: { hidden: false }, // no { key: 'a', done: true } in the answer's checks
      done: { hidden: true }, // the answer holds it
      other: { hidden: true }, // the answer has no such list (and /api/empty was not asked: not here)
      title: { hidden: true },
    });
  });

  it("takes a page's id from its address: its files, its frame, and its requests with that id", async () => {
    const page = await boot('/items/it%C3%A9m:1/', { role: 'student' }, 'student');
    expect(bootFrame()).toBe(frames.pages['/items/:id'].student);
    expect(page.links.map((link) => link.href)).toEqual(['/assets/App.js', '/assets/ItemPage.js']);
    // As the app's base query writes the router's (decoded) parameter: encodeURIComponent.
    const id = encodeURIComponent('itém:1');
    expect(page.fetchedAtOnce).toEqual([
      '/api/auth/user',
      '/api/notifications/unread-count',
      `/api/items/${id}`,
      `/api/items/${id}/notes?limit=5`,
    ]);
    expect(page.fetched).toEqual(page.fetchedAtOnce);
    // The frame's part that the answer fills in, as text; not one whose text the answer does not hold.
    await bootRequestsSent();
    expect(page.texts).toEqual({ title: 'An <em>item</em>' });
    expect(page.parts).toMatchObject({ title: { hidden: false }, other: { hidden: true } });
    // Another number of segments, an empty or a malformed id: not the page (the landing's entry only).
    for (const address of ['/items', '/items/a/b', '/items/%E0%A4%A']) {
      delete (globalThis as Record<string, unknown>).__projectoryBoot;
      expect(await boot(address, { role: 'student' }, 'student')).toMatchObject({ links: [], fetched: [] });
      expect(bootFrame()).toBeUndefined();
    }
  });

  it("asks a page's requests for anyone at once, a visitor's too, each once; not for another view", async () => {
    const visitor = await boot('/public/p%201', null);
    expect(visitor.links.map((link) => link.href)).toEqual(['/assets/App.js', '/assets/PublicPage.js']);
    expect(bootFrame()).toBeUndefined();
    expect(visitor.fetchedAtOnce).toEqual([
      '/api/auth/user',
      '/api/public/p%201',
      '/api/keys',
      '/api/notifications/unread-count',
    ]);
    await bootRequestsSent();
    expect(visitor.fetched).toEqual(visitor.fetchedAtOnce);
    // With the hint: the shell's frame, and the role's requests besides (the shell's count asked once).
    delete (globalThis as Record<string, unknown>).__projectoryBoot;
    const student = await boot('/public/p1', { role: 'student' }, 'student');
    expect(bootFrame()).toBe(frames.shell);
    expect(student.fetchedAtOnce).toEqual([
      '/api/auth/user',
      '/api/public/p1',
      '/api/keys',
      '/api/notifications/unread-count',
      '/api/public/p1/mine',
    ]);
    delete (globalThis as Record<string, unknown>).__projectoryBoot;
    expect((await boot('/public/p1?tab=a', null)).fetched).toEqual(['/api/auth/user']);
  });

  it('asks no page data for another role, for a visitor or for another view of the page', async () => {
    expect((await boot('/projects', { role: 'employer' })).fetched).toEqual([
      '/api/auth/user',
      '/api/notifications/unread-count',
    ]);
    expect((await boot('/projects', null)).fetched).toEqual(['/api/auth/user']);
    expect((await boot('/projects?tab=applications', { role: 'student' })).fetched).not.toContain(
      '/api/projects?limit=12',
    );
  });

  it('gives each early answer to the first request for the same address only', async () => {
    await boot('/projects', { role: 'student' });
    const first = await fetchWithBoot(new Request('https://projectory.test/api/projects?limit=12'));
    expect(await first.text()).toBe('answer to /api/projects?limit=12');
    expect(takeBootResponse('/api/projects?limit=12')).toBeUndefined();
    // The second request goes to the network (here the fake fetch, called with the request itself).
    await fetchWithBoot(new Request('https://projectory.test/api/projects?limit=12'));
    expect(globalThis.fetch).toHaveBeenLastCalledWith(expect.any(Request), undefined);
  });

  it('leaves an answer not taken within 15 s of the page load to the network', async () => {
    await boot('/projects', { role: 'student' });
    await bootRequestsSent();
    jest.spyOn(performance, 'now').mockReturnValue(15_001);
    expect(await hasOkBootResponse('/api/projects?limit=12')).toBe(false);
    const late = await fetchWithBoot(new Request('https://projectory.test/api/projects?limit=12'));
    expect(await late.text()).toBe('answer to [object Request]');
  });

  it("says when the role's requests are sent, so the app can put their answers in its cache before it renders", async () => {
    await boot('/projects', { role: 'student' });
    await bootRequestsSent();
    expect(await hasOkBootResponse('/api/projects?limit=12')).toBe(true);
    expect(await hasOkBootResponse('/api/matches/me?limit=100')).toBe(false);
    expect(await hasOkBootResponse('sent')).toBe(false);
    expect(takeBootResponse('sent')).toBeUndefined();
    void takeBootResponse('/api/projects?limit=12');
    expect(await hasOkBootResponse('/api/projects?limit=12')).toBe(false);
  });

  it("asks what depends on a listed page's items once the list has answered, in one request", async () => {
    const page = await boot('/list', { role: 'student' });
    await bootRequestsSent();
    expect(page.fetched).toEqual([
      '/api/auth/user',
      '/api/notifications/unread-count',
      '/api/list?limit=2',
      '/api/empty',
      '/api/fit?ids=a%2Cb', // as the app's base query writes { ids: 'a,b' }
    ]);
    expect(await hasOkBootResponse('/api/fit?ids=a%2Cb')).toBe(true);
    // The list's answer is still the app's to take.
    expect(await takeBootResponse('/api/list?limit=2')?.then((response) => response.json())).toEqual(
      JSON_ANSWERS['/api/list?limit=2'],
    );
  });

  it('does not offer a failed answer for the cache (a visitor asking a page)', async () => {
    await boot('/projects', null);
    await bootRequestsSent();
    expect(await hasOkBootResponse('/api/auth/user')).toBe(false);
    // The page's own request still takes it.
    expect((await fetchWithBoot(new Request('https://projectory.test/api/auth/user'))).status).toBe(401);
  });
});
