export * from './errors.ts';
export * from './faq.ts';
export * from './plans.ts';
export * from './site.ts';
