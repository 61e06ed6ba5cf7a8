import { listHolidays } from '@bahi/market-data';
import { Type } from 'typebox';
import { AppError } from '../../errors.ts';
import { defineEndpoint, provenanceOf } from '../endpoint.ts';
import { IsoDate, Str } from '../schemas.ts';

export const holidays = defineEndpoint({
  path: '/holidays-calender',
  operationId: 'holidaysCalender',
  tag: 'Exchange',
  summary: 'Exchange holidays',
  description:
    'Trading holidays per exchange and segment (CM equities, FO derivatives, CD currency, COM commodities). The path keeps its published spelling.',
  query: Type.Object({
    year: Type.Optional(
      Type.Integer({ minimum: 1990, maximum: 2100, description: 'Calendar year; every year when omitted' }),
    ),
    exchange: Type.Optional(
      Type.String({ pattern: '^([Nn][Ss][Ee]|[Bb][Ss][Ee])$', description: 'NSE or BSE (any letter case)' }),
    ),
    segment: Type.Optional(
      Type.String({ pattern: '^[A-Za-z]{2,5}$', description: 'Segment: CM, FO, CD, COM…' }),
    ),
  }),
  data: Type.Array(
    Type.Object({
      exchange: Str('Exchange'),
      segment: Str('Segment'),
      date: IsoDate('Holiday'),
      weekDay: Str('Day of the week'),
      description: Str('Occasion'),
      source: Str('Source'),
      asOf: IsoDate('As-of date'),
    }),
  ),
  tabular: true,
  access: 'market',
  example: { query: { exchange: 'NSE', segment: 'CM' } },
  load: async ({ db, query }) => {
    const rows = await listHolidays(db, query);
    if (rows.length === 0) {
      if (query.year !== undefined) return null;
      throw new AppError('not_found', 'No holidays for this exchange and segment.', { param: 'segment' });
    }
    return { data: rows, ...provenanceOf(rows) };
  },
});
