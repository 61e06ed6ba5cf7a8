export * from './countries.ts';
export * from './validate.ts';
