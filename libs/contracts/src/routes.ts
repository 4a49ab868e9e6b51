import type { ServiceName } from './services.js';
import { SOCKET_PATH } from './values/http.js';

/** Who answers a public path under /api: a service (the gateway forwards to it) or the gateway itself. */
export type RouteOwner = ServiceName | 'gateway';

export interface Route {
  /**
   * A path template, matched as a prefix on whole segments: `/api/users` owns `/api/users` and
   * `/api/users/…`; a `:name` segment stands for any one segment (`/api/users/:id/reviews`).
   */
  readonly path: string;
  readonly owner: RouteOwner;
  /** Takes tus upload chunks: the gateway allows UPLOAD_LIMIT_BYTES there instead of BODY_LIMIT_BYTES. */
  readonly uploads?: true;
  /** Not counted against the per-client rate limit (health probes of load balancers and monitors). */
  readonly unlimited?: true;
}

/**
 * Every public path under /api and who owns it, including what no service implements yet: API.md is
 * the contract, and a route test checks every path it lists against this table. The most specific
 * entry wins (see `resolveRoute`), so `/api/users/me/skills` goes to portfolio while `/api/users/me`
 * goes to identity. Services get their paths unchanged; the gateway forwards none of its own.
 */
export const ServiceRoutes: readonly Route[] = [
  // Served by the gateway itself.
  { path: '/api/auth/csrf', owner: 'gateway' },
  { path: '/api/dashboard', owner: 'gateway' },
  { path: '/api/health', owner: 'gateway', unlimited: true },
  { path: SOCKET_PATH, owner: 'gateway' },
  // API.md: a candidate profile is "composed from the owning services the way /api/dashboard is".
  { path: '/api/users/:id/profile', owner: 'gateway' },
  // Takes the upload from portfolio, then sets the picture in identity (gateway/src/profile).
  { path: '/api/users/me/avatar', owner: 'gateway' },

  { path: '/api/auth', owner: 'identity' },
  { path: '/api/users', owner: 'identity' },
  { path: '/api/onboarding', owner: 'identity' },
  { path: '/api/login', owner: 'identity' },
  { path: '/api/logout', owner: 'identity' },

  { path: '/api/assessments', owner: 'assessment' },

  { path: '/api/skills', owner: 'portfolio' },
  { path: '/api/users/me/skills', owner: 'portfolio' },
  { path: '/api/portfolios', owner: 'portfolio' },
  { path: '/api/uploads', owner: 'portfolio', uploads: true },

  { path: '/api/projects', owner: 'projects' },

  { path: '/api/matches', owner: 'matching' },
  { path: '/api/reviews', owner: 'matching' },
  { path: '/api/users/:id/reviews', owner: 'matching' },
  { path: '/api/workspaces', owner: 'matching' },
  // Finding talent: the fit, the applications an invitation becomes and the pipeline are matching's (ADR 0022).
  { path: '/api/talent', owner: 'matching' },
  { path: '/api/invitations', owner: 'matching' },
  { path: '/api/employers/me/pipeline', owner: 'matching' },

  { path: '/api/credentials', owner: 'credentials' },

  { path: '/api/conversations', owner: 'messaging' },
  { path: '/api/messages', owner: 'messaging' },
  { path: '/api/notifications', owner: 'messaging' },
  { path: '/api/calls', owner: 'messaging' },
  // Trust and safety (ADR 0021): blocks and reports live beside the conversations they protect.
  { path: '/api/reports', owner: 'messaging' },
  { path: '/api/blocks', owner: 'messaging' },
  { path: '/api/admin/reports', owner: 'messaging' },
  { path: '/api/employers/me/verification', owner: 'identity' },
  { path: '/api/employers/verification', owner: 'identity' },
  { path: '/api/admin/employers', owner: 'identity' },

  { path: '/api/career-recommendations', owner: 'careers' },

  { path: '/api/admin', owner: 'admin' },
  // Admin actions: the owner applies them, then the admin service records them (gateway/src/admin).
  { path: '/api/admin/users/:id', owner: 'gateway' },
  { path: '/api/admin/projects/:id', owner: 'gateway' },
  // A report's action is applied by the owner (identity suspends, projects unpublishes), then resolved.
  { path: '/api/admin/reports/:id', owner: 'gateway' },
  // Dead letters live in every service: the gateway fans out and replays into the one that failed.
  { path: '/api/admin/dead-letters', owner: 'gateway' },
  // An upgrade request is addressed to the admins, who list and decide it under /api/admin.
  { path: '/api/plans', owner: 'admin' },
];

const segmentsOf = (path: string): string[] => path.split('/').slice(1);
const isParam = (segment: string): boolean => segment.startsWith(':');

/** Whether `route` owns `segments`: each of its segments equals the path's, or is a `:param` (never empty). */
function covers(route: readonly string[], segments: readonly string[]): boolean {
  return (
    route.length <= segments.length &&
    route.every((part, i) => (isParam(part) ? segments[i] !== '' : part === segments[i]))
  );
}

/**
 * Negative when `a` is more specific than `b`: more segments first, then, at the first segment where
 * they differ, a fixed one before a `:param` (as the HTTP router ranks them).
 */
export function compareRouteSpecificity(a: Route, b: Route): number {
  const left = segmentsOf(a.path);
  const right = segmentsOf(b.path);
  if (left.length !== right.length) return right.length - left.length;
  for (let i = 0; i < left.length; i++) {
    const leftParam = isParam(left[i]!);
    if (leftParam !== isParam(right[i]!)) return leftParam ? 1 : -1;
  }
  return 0;
}

/** The table's routes, most specific first: the order `resolveRoute` tries them in. */
export function rankRoutes(routes: readonly Route[]): { route: Route; segments: string[] }[] {
  return [...routes].sort(compareRouteSpecificity).map((route) => ({ route, segments: segmentsOf(route.path) }));
}

const ranked = rankRoutes(ServiceRoutes);

/** The route that owns `path` (no query string), or undefined when nothing under /api does. */
export function resolveRoute(path: string, table = ranked): Route | undefined {
  const segments = segmentsOf(path);
  return table.find((entry) => covers(entry.segments, segments))?.route;
}
