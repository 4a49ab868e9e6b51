export * from './infra.js';
export * from './kafka-mock.js';
