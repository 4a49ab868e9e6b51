export * from './messaging.module.js';
