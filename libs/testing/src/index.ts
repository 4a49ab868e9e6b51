export * from './infra.js';
export * from './processes.js';
export * from './api-client.js';
export * from './assessment.js';
export * from './events.js';
export * from './people.js';
export * from './projects.js';
