import { checkFreshness } from '@bahi/market-data/ingest';
import { Type } from 'typebox';
import { defineEndpoint } from '../endpoint.ts';

const When = (description: string) =>
  Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description });
const Day = (description: string) =>
  Type.Union([Type.String({ format: 'date' }), Type.Null()], { description });

export const dataStatusEndpoint = defineEndpoint({
  path: '/data-status',
  operationId: 'dataStatus',
  tag: 'Data Status',
  summary: 'Freshness of each data set',
  description:
    'Per data set: its latest data date, the last successful sync and its source, the next scheduled run, and `late: true` with a finding when it is staler than its schedule allows (for example no bhavcopy by 21:00 IST on a trading day). Any valid key; not counted against the rate limit; never cached.',
  data: Type.Array(
    Type.Object({
      dataSet: Type.String({
        description:
          'prices, equity-master, corporate-actions, market-cap, index-constituents, financial-results, shareholding, commodity-prices, commodity-futures or holidays',
      }),
      schedule: Type.Union(
        [
          Type.Literal('daily'),
          Type.Literal('overnight'),
          Type.Literal('filing'),
          Type.Literal('monthly'),
          Type.Literal('yearly'),
        ],
        {
          description:
            "daily after the close, overnight (MCX's day, fetched the next morning), on filing (filings index polled), monthly, yearly (holiday list, checked monthly for amendments)",
        },
      ),
      latestDataDate: Day('Latest data date: trading day, ex-date, period end, month or last listed holiday'),
      lastSyncAt: When('Last successful sync (UTC)'),
      lastSyncSource: Type.Union([Type.String(), Type.Null()], {
        description: 'Where the last successful sync read from',
      }),
      lastAttemptStatus: Type.Union([Type.String(), Type.Null()], {
        description: 'Outcome of the last attempt: ingested, unchanged, not-published, failed or refused',
      }),
      nextRunAt: When('Next scheduled run (UTC); null when the sync is off or no source is configured'),
      configured: Type.Boolean({ description: 'Whether a source is configured for this data set' }),
      late: Type.Boolean({ description: 'Staler than its schedule allows' }),
      finding: Type.Union([Type.String(), Type.Null()], { description: 'The quality finding when late' }),
    }),
  ),
  tabular: true,
  access: 'market',
  live: true,
  example: {},
  load: async ({ db, sync, now }) => {
    // A late data set is stored as a quality finding as well (decision 0421).
    const data = await checkFreshness(db, sync, now);
    const asOf = data.map((d) => d.latestDataDate ?? '').reduce((a, b) => (b > a ? b : a), '');
    return { data, asOf, source: 'Bahi data sync' };
  },
});
