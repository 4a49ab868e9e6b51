export * from './matching.module.js';
