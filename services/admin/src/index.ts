export * from './admin.module.js';
