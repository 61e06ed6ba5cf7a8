export * from './db/index.ts';
