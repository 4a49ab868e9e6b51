export * from './credentials.module.js';
