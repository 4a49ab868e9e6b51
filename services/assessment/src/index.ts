export * from './assessment.module.js';
