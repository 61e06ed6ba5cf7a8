export * from './errors.ts';
export * from './plans.ts';
