import type { ServiceName } from './services.js';

interface ServiceRoute {
  /** A path prefix (segment-aligned) or a pattern for paths with ids in the middle. */
  readonly match: string | RegExp;
  readonly service: ServiceName;
}

/**
 * Which service owns which public path under /api. Patterns are tried first, then the longest
 * prefix wins, so `/api/users/me/skills` goes to portfolio while `/api/users/me` goes to identity.
 * Paths are forwarded unchanged.
 */
export const ServiceRoutes: readonly ServiceRoute[] = [
  { match: /^\/api\/users\/[^/]+\/reviews(?:\/|$)/, service: 'matching' },
  { match: '/api/auth', service: 'identity' },
  { match: '/api/users', service: 'identity' },
  { match: '/api/onboarding', service: 'identity' },
  { match: '/api/login', service: 'identity' },
  { match: '/api/logout', service: 'identity' },
  { match: '/api/assessments', service: 'assessment' },
  { match: '/api/skills', service: 'portfolio' },
  { match: '/api/users/me/skills', service: 'portfolio' },
  { match: '/api/portfolios', service: 'portfolio' },
  { match: '/api/uploads', service: 'portfolio' },
  { match: '/api/projects', service: 'projects' },
  { match: '/api/matches', service: 'matching' },
  { match: '/api/reviews', service: 'matching' },
  { match: '/api/conversations', service: 'messaging' },
  { match: '/api/messages', service: 'messaging' },
  { match: '/api/career-recommendations', service: 'careers' },
  { match: '/api/admin', service: 'admin' },
];

const patterns = ServiceRoutes.filter((r) => r.match instanceof RegExp);
const prefixes = ServiceRoutes.filter((r): r is ServiceRoute & { match: string } => typeof r.match === 'string').sort(
  (a, b) => b.match.length - a.match.length,
);

/** The service that owns `path` (no query string), or undefined when no service does. */
export function resolveServiceRoute(path: string): ServiceName | undefined {
  for (const route of patterns) if ((route.match as RegExp).test(path)) return route.service;
  for (const route of prefixes) {
    if (path === route.match || path.startsWith(`${route.match}/`)) return route.service;
  }
  return undefined;
}
