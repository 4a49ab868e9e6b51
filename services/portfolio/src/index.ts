export * from './portfolio.module.js';
