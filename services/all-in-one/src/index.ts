export * from './launcher.js';
export * from './services.js';
