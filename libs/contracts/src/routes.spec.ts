import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { rankRoutes, resolveRoute, type Route, type RouteOwner, ServiceRoutes } from './routes.js';
import { serviceNames } from './services.js';
import { SOCKET_PATH } from './values/http.js';

/**
 * API.md is the binding HTTP contract; it lives in shared/ beside the clone (`../shared/API.md` from the
 * repository root, as in CI). PROJECTORY_API_MD points elsewhere.
 */
const API_MD = process.env.PROJECTORY_API_MD ?? fileURLToPath(new URL('../../../../shared/API.md', import.meta.url));

const SAMPLE_ID = '3f2b8c1e-7d4a-4e0b-9c6f-1a2b3c4d5e6f';
const METHOD_AND_PATH = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+(\/api\S*)/;

/** One `METHOD /api/...` that API.md lists, where it lists it. */
interface ListedCall {
  section: string;
  line: number;
  method: string;
  /** As API.md spells it, `:params` and all, without the query string. */
  template: string;
}

/**
 * Every `METHOD /api/...` in a code span, under the `##` section it appears in. A `/name` span after one
 * in the same table cell is a sibling of it (`GET /api/admin/assessments`, `/skills`, ...). The Socket.IO path
 * counts as a call too (method `SOCKET`).
 */
function listedCalls(markdown: string): ListedCall[] {
  const calls: ListedCall[] = [];
  let section = '';
  markdown.split('\n').forEach((text, index) => {
    const line = index + 1;
    const heading = /^## (.+)$/.exec(text);
    if (heading) section = heading[1]!.trim();
    const socket = /Socket\.IO at path `([^`]+)`/.exec(text);
    if (socket) calls.push({ section, line, method: 'SOCKET', template: socket[1]! });
    // A table row's cells apart (`\|` is a pipe inside one); any other line is one piece.
    for (const cell of text.startsWith('|') ? text.split(/(?<!\\)\|/) : [text]) {
      let previous: ListedCall | undefined;
      for (const [, span] of cell.matchAll(/`([^`]+)`/g)) {
        const call = METHOD_AND_PATH.exec(span!);
        if (call) {
          previous = { section, line, method: call[1]!, template: call[2]!.split('?')[0]! };
          calls.push(previous);
        } else if (previous && /^\/[\w.:-]+$/.test(span!)) {
          calls.push({ ...previous, template: previous.template.replace(/\/[^/]+$/, span!) });
        }
      }
    }
  });
  return calls;
}

const concrete = (template: string): string => template.replace(/:[A-Za-z]\w*/g, SAMPLE_ID);

/** Who API.md's sections imply owns their paths; `undefined`: the section only mentions other sections' paths. */
const SECTION_OWNERS: Record<string, RouteOwner | undefined> = {
  Conventions: undefined,
  Identity: 'identity',
  Assessment: 'assessment',
  Skills: 'portfolio',
  Projects: 'projects',
  Matching: 'matching',
  // A match's workspace lives and closes with the match (ADR 0019).
  'The collaboration workspace (after "Accepted")': 'matching',
  'Credentials (what a completed project earns)': 'credentials',
  // The fit, the applications invitations become and the pipeline are matching's (ADR 0022).
  'Finding talent (employers)': 'matching',
  // Blocks and reports live beside the conversations they protect (ADR 0021).
  'Trust and safety': 'messaging',
  'Portfolio and files': 'portfolio',
  // Its "Video calls" subsection too: the ICE servers and the calls' messages.
  'Messaging and notifications': 'messaging',
  Careers: 'careers',
  // Plans: an upgrade request goes to the admins, who decide it under /api/admin.
  'Dashboards, plans and admin': 'admin',
  'The event stream (for analytics consumers)': undefined,
  Health: 'gateway',
};

/**
 * Sections whose contract API.md already gives but whose issues are still open: their calls are not
 * built yet, so they are not checked. A section leaves this list for SECTION_OWNERS when it is built.
 */
const NOT_YET_BUILT = new Set([
  "Offers and outcomes (the loop's last step)",
  'Your data (export and erasure)',
  'Operations endpoints',
]);

/** The paths whose owner is not their section's, wherever API.md lists them. */
const PATH_OWNERS: Record<string, RouteOwner> = {
  // The gateway issues and checks CSRF tokens.
  '/api/auth/csrf': 'gateway',
  // "Composed from the owning services the way /api/dashboard is": by the gateway.
  '/api/users/:id/profile': 'gateway',
  // Spans two services (portfolio takes the upload, identity sets the picture): the gateway calls both.
  '/api/users/me/avatar': 'gateway',
  '/api/dashboard': 'gateway',
  [SOCKET_PATH]: 'gateway',
  // Admin actions span two services (the owner applies, the admin service records): the gateway calls both.
  '/api/admin/users/:id': 'gateway',
  '/api/admin/projects/:id': 'gateway',
  '/api/admin/dead-letters': 'gateway',
  '/api/admin/dead-letters/:id/replay': 'gateway',
  // The workspace section names the projects' template fields (`POST`/`PATCH /api/projects` `milestones`).
  '/api/projects': 'projects',
  // Trust and safety: verification is the employer's account (identity); a report's action is applied by
  // its owner and then resolved in messaging, so the gateway calls both.
  '/api/employers/me/verification': 'identity',
  '/api/employers/verification/confirm': 'identity',
  '/api/admin/employers/:id/verification': 'identity',
  '/api/admin/reports/:id': 'gateway',
  // Finding talent: discoverability is a field of the user (identity).
  '/api/users/me': 'identity',
};

function readApiMd(): string {
  if (!existsSync(API_MD)) {
    throw new Error(
      `API.md not found at ${API_MD}. The route test checks libs/contracts routes.ts against the HTTP ` +
        'contract in ../shared/API.md (beside the repository); check it out there or set PROJECTORY_API_MD.',
    );
  }
  return readFileSync(API_MD, 'utf8');
}

const describeCall = (call: ListedCall) => `API.md:${call.line} ${call.method} ${call.template} (${call.section})`;

describe('the route table against API.md', () => {
  it('finds API.md and the calls it lists', () => {
    const calls = listedCalls(readApiMd());
    expect(calls.length).toBeGreaterThan(60);
    const sections = new Set(calls.map((call) => call.section));
    const silent = Object.keys(SECTION_OWNERS).filter((name) => SECTION_OWNERS[name] && !sections.has(name));
    expect(silent).toEqual([]);
    expect([...NOT_YET_BUILT].filter((name) => !sections.has(name))).toEqual([]);
  });

  it('gives every call API.md lists an owner: the one its section implies', () => {
    const wrong: string[] = [];
    for (const call of listedCalls(readApiMd())) {
      if (NOT_YET_BUILT.has(call.section)) continue;
      if (!(call.section in SECTION_OWNERS)) {
        wrong.push(`${describeCall(call)}: a section this test does not know; add it to SECTION_OWNERS`);
        continue;
      }
      const expected = PATH_OWNERS[call.template] ?? SECTION_OWNERS[call.section];
      if (!expected) {
        wrong.push(`${describeCall(call)}: no owner implied; add the path to PATH_OWNERS`);
        continue;
      }
      const actual = resolveRoute(concrete(call.template))?.owner ?? 'nobody';
      if (actual !== expected) wrong.push(`${describeCall(call)}: owned by ${actual}, expected ${expected}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('ServiceRoutes', () => {
  const owners = new Set<string>([...serviceNames, 'gateway']);
  /** A path template with its params made one shape, so that `/a/:id` and `/a/:userId` compare equal. */
  const shape = (route: Route) => route.path.replace(/:[^/]+/g, ':');

  it('lists well-formed /api templates with known owners', () => {
    for (const route of ServiceRoutes) {
      expect({ path: route.path, wellFormed: /^\/api(\/(:?[\w.-]+))+$/.test(route.path) }).toEqual({
        path: route.path,
        wellFormed: true,
      });
      expect(owners).toContain(route.owner);
    }
  });

  it('has no two entries for the same paths (contradictory or duplicate)', () => {
    const seen = new Map<string, Route>();
    const clashes: string[] = [];
    for (const route of ServiceRoutes) {
      const other = seen.get(shape(route));
      if (other) clashes.push(`${other.path} (${other.owner}) and ${route.path} (${route.owner})`);
      seen.set(shape(route), route);
    }
    expect(clashes).toEqual([]);
  });

  it('has no redundant entry: without it, its paths would go elsewhere or be treated differently', () => {
    const redundant: string[] = [];
    for (const route of ServiceRoutes) {
      const without = rankRoutes(ServiceRoutes.filter((other) => other !== route));
      for (const path of [concrete(route.path), `${concrete(route.path)}/x`]) {
        const fallback = resolveRoute(path, without);
        const same =
          fallback &&
          fallback.owner === route.owner &&
          fallback.uploads === route.uploads &&
          fallback.unlimited === route.unlimited;
        if (same) redundant.push(`${route.path}: ${fallback.path} already gives ${path} to ${route.owner}`);
      }
    }
    expect(redundant).toEqual([]);
  });

  it('gives a path to its most specific entry', () => {
    const owner = (path: string) => resolveRoute(path)?.owner;
    expect(owner('/api/users/me')).toBe('identity');
    expect(owner('/api/users/me/skills')).toBe('portfolio');
    expect(owner(`/api/users/me/skills/${SAMPLE_ID}`)).toBe('portfolio');
    expect(owner(`/api/users/${SAMPLE_ID}/reviews`)).toBe('matching');
    expect(owner(`/api/users/${SAMPLE_ID}/profile`)).toBe('gateway');
    expect(owner('/api/users//reviews')).toBe('identity');
    expect(owner('/api/auth/csrf')).toBe('gateway');
    expect(owner('/api/auth/login')).toBe('identity');
    expect(owner('/api/health/live')).toBe('gateway');
    expect(owner(`${SOCKET_PATH}/`)).toBe('gateway');
    expect(resolveRoute('/api/uploads/abc')?.uploads).toBe(true);
    expect(resolveRoute('/api/health')?.unlimited).toBe(true);
  });

  it('owns nothing outside its segments', () => {
    for (const path of ['/api', '/api/', '/api/nothing/here', '/api/healthz', '/api/projectsx', '/projects', '/']) {
      expect({ path, owner: resolveRoute(path)?.owner }).toEqual({ path, owner: undefined });
    }
  });
});
