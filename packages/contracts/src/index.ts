export * from './errors.ts';
export * from './faq.ts';
export * from './forms/index.ts';
export * from './phone/index.ts';
export * from './plans.ts';
export * from './sample-key.ts';
export * from './site.ts';
