export * from './errors.ts';
export * from './faq.ts';
export * from './plans.ts';
export * from './sample-key.ts';
export * from './site.ts';
