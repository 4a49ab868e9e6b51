export * from './projects.module.js';
