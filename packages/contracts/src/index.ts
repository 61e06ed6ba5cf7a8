export * from './errors.ts';
export * from './phone/index.ts';
export * from './plans.ts';
