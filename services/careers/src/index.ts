export * from './careers.module.js';
