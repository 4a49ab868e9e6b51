export * from './infra.js';
export * from './processes.js';
export * from './api-stack.js';
export * from './people.js';
