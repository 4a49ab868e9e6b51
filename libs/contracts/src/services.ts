/** Every backend service, with the loopback port it takes in the embedded launcher. */
export const ServiceRegistry = {
  identity: { port: 4101 },
  assessment: { port: 4102 },
  matching: { port: 4103 },
  projects: { port: 4104 },
  portfolio: { port: 4105 },
  messaging: { port: 4106 },
  careers: { port: 4107 },
  admin: { port: 4108 },
} as const;

export type ServiceName = keyof typeof ServiceRegistry;

export const serviceNames = Object.keys(ServiceRegistry) as ServiceName[];

/** Header carrying the gateway-signed caller; the gateway drops any copy a client sends. */
export const INTERNAL_IDENTITY_HEADER = 'x-projectory-identity';
/** Header carrying the correlation id through HTTP hops. */
export const CORRELATION_ID_HEADER = 'x-correlation-id';
/** Header a browser sends with every mutation. */
export const CSRF_HEADER = 'x-csrf-token';
/** The session cookie identity sets and the gateway resolves. */
export const SESSION_COOKIE = 'pj_session';
/** The browser-bound secret the CSRF token is derived from. */
export const CSRF_COOKIE = 'pj_csrf';
