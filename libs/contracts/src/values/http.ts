/** Socket.IO's path (API.md "Messaging and notifications"); the gateway hosts it. */
export const SOCKET_PATH = '/api/socket.io';

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
