export * from './errors.ts';
export * from './plans.ts';
export * from './sample-key.ts';
