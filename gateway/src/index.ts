export * from './create-gateway-app.js';
export * from './gateway.config.js';
export * from './session/session-resolver.js';
