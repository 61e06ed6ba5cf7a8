import type { Endpoint } from './endpoint.ts';

/** Every data API operation, in the order of the documentation. */
export const endpoints: Endpoint[] = [];
