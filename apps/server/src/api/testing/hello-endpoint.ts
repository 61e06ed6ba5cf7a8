import { Type } from 'typebox';
import { defineEndpoint } from '../endpoint.ts';

/** A market-wide endpoint with fixed data, for tests and benchmarks of the pipeline alone. */
export const helloEndpoint = defineEndpoint({
  path: '/test-hello',
  operationId: 'testHello',
  tag: 'Exchange',
  summary: 'Hello',
  description: 'Fixed data',
  data: Type.Object({ hello: Type.String() }),
  tabular: false,
  access: 'market',
  example: {},
  load: async () => ({ data: { hello: 'world' }, asOf: '2024-11-01', source: 'test-fixture' }),
});
