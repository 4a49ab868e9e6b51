export * from './infra.js';
export * from './processes.js';
