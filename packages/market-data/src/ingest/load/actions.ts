import type { CorporateActionRecord } from '../parsers/corporate-actions.ts';
import type { CorporateAction } from '../parsers/purpose.ts';
import { bulk, emptyResult, type LoadContext, type LoadResult } from './common.ts';
import { resolveSymbols } from './symbols.ts';

interface ActionRow {
  isin: string;
  action: string;
  ex: string;
  rec: string | null;
  bcs: string | null;
  bce: string | null;
  purpose: string;
  dps: number | null;
  dkind: string | null;
  rn: number | null;
  rh: number | null;
  fvf: number | null;
  fvt: number | null;
  /** Rights premium as announced; the stored offer price adds the face value. */
  offer: number | null;
  fv: number | null;
}

function columns(
  a: CorporateAction,
): Omit<ActionRow, 'isin' | 'ex' | 'rec' | 'bcs' | 'bce' | 'purpose' | 'fv'> {
  const none = { dps: null, dkind: null, rn: null, rh: null, fvf: null, fvt: null, offer: null };
  switch (a.type) {
    case 'dividend':
      return { ...none, action: 'dividend', dps: a.amount, dkind: a.kind };
    case 'bonus':
      return { ...none, action: 'bonus', rn: a.newShares, rh: a.heldShares };
    case 'split':
      return { ...none, action: 'split', fvf: a.fromFaceValue, fvt: a.toFaceValue };
    case 'rights':
      return { ...none, action: 'rights', rn: a.newShares, rh: a.heldShares, offer: a.premium };
    case 'buyback':
    case 'demerger':
      return { ...none, action: a.type };
    case 'capital_reduction':
    // A call on partly paid shares raises their paid-up value (and price): kept as "other", with the text.
    case 'call':
      return { ...none, action: 'other' };
  }
}

/**
 * Stores typed corporate actions against the company (symbol resolved, former symbols too),
 * with the exchange's original PURPOSE text. Two dividends in one PURPOSE ("Dividend Rs 7.85 &
 * Special Dividend Re 0.50") become one dividend row with the total and both kinds; the same
 * action listed for several series of one company is stored once. Rights are
 * stored with an offer price of face value plus the announced premium.
 */
export async function loadCorporateActions(
  ctx: LoadContext,
  records: readonly CorporateActionRecord[],
): Promise<LoadResult> {
  const result = emptyResult();
  const isins = await resolveSymbols(
    ctx.tx,
    records.map((r) => r.symbol),
  );
  const rows = new Map<string, ActionRow>();
  /** The file line each row came from: parts of one PURPOSE share it, another series' copy does not. */
  const lineOf = new Map<string, number>();
  for (const r of records) {
    const isin = isins.get(r.symbol.toUpperCase());
    if (!isin) {
      result.rejected.push({ line: r.line, reason: `not in the company master: ${r.symbol}` });
      continue;
    }
    if (!r.exDate) {
      result.rejected.push({ line: r.line, reason: `no ex-date: ${r.symbol} "${r.purpose}"` });
      continue;
    }
    const cols = columns(r.action);
    const key = `${isin}|${cols.action}|${r.exDate}|${r.purpose}`;
    const prev = rows.get(key);
    if (prev) {
      // Two dividends in one PURPOSE add up; the same action listed again for another series
      // (EQ and BE, SM and ST) is one action, not two.
      if (cols.action === 'dividend' && lineOf.get(key) === r.line) {
        prev.dps = (prev.dps ?? 0) + (cols.dps ?? 0);
        prev.dkind = `${prev.dkind}+${cols.dkind}`;
      }
      continue;
    }
    lineOf.set(key, r.line);
    result.touched.add(isin);
    rows.set(key, {
      isin,
      ex: r.exDate,
      rec: r.recordDate,
      bcs: r.bookClosureStart,
      bce: r.bookClosureEnd,
      purpose: r.purpose,
      fv: r.faceValue,
      ...cols,
    });
  }
  await bulk(
    ctx.tx,
    `INSERT INTO corporate_action (isin, action, ex_date, record_date, bc_start, bc_end, purpose, dividend_per_share,
                                   dividend_kind, ratio_new, ratio_held, face_value_from, face_value_to, offer_price,
                                   source, as_of)
     SELECT r.isin, r.action, r.ex, r.rec, r.bcs, r.bce, r.purpose, r.dps, r.dkind, r.rn, r.rh, r.fvf, r.fvt,
            r.offer + coalesce(r.fv, (SELECT c.face_value FROM company c WHERE c.isin = r.isin), 0), $2, $3::date
       FROM json_to_recordset($1::json) AS r(isin text, action text, ex date, rec date, bcs date, bce date,
            purpose text, dps numeric, dkind text, rn numeric, rh numeric, fvf numeric, fvt numeric, offer numeric, fv numeric)
     ON CONFLICT (isin, action, ex_date, purpose) DO UPDATE SET
       record_date = coalesce(EXCLUDED.record_date, corporate_action.record_date),
       bc_start = coalesce(EXCLUDED.bc_start, corporate_action.bc_start),
       bc_end = coalesce(EXCLUDED.bc_end, corporate_action.bc_end),
       dividend_per_share = EXCLUDED.dividend_per_share, dividend_kind = EXCLUDED.dividend_kind,
       ratio_new = EXCLUDED.ratio_new, ratio_held = EXCLUDED.ratio_held,
       face_value_from = EXCLUDED.face_value_from, face_value_to = EXCLUDED.face_value_to,
       offer_price = EXCLUDED.offer_price, source = EXCLUDED.source, as_of = EXCLUDED.as_of, ingested_at = now()
     WHERE (corporate_action.record_date, corporate_action.dividend_per_share, corporate_action.ratio_new,
            corporate_action.ratio_held, corporate_action.face_value_from, corporate_action.face_value_to,
            corporate_action.offer_price)
       IS DISTINCT FROM (coalesce(EXCLUDED.record_date, corporate_action.record_date), EXCLUDED.dividend_per_share,
            EXCLUDED.ratio_new, EXCLUDED.ratio_held, EXCLUDED.face_value_from, EXCLUDED.face_value_to,
            EXCLUDED.offer_price)`,
    [...rows.values()],
    [ctx.source, ctx.asOf],
  );
  result.stored = rows.size;
  return result;
}
