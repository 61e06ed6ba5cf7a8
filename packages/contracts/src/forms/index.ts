export * from './contact.ts';
export * from './feedback.ts';
export { charCount, emailMessages, formLimits } from './fields.ts';
export { honeypotField } from './honeypot.ts';
export * from './support.ts';
export * from './validate.ts';
export * from './website.ts';
