export * from './errors.ts';
export * from './forms/index.ts';
export * from './plans.ts';
