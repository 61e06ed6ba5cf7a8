import { round2 } from '../../engine/metrics.ts';
import type { StatementLine } from '../parsers/datasheet.ts';
import type { XbrlFact } from '../parsers/xbrl.ts';
import { bulk, emptyResult, type LoadContext, type LoadResult } from './common.ts';
import { resolveSymbols } from './symbols.ts';

type Target = { statement: 'pl' | 'bs' | 'cf'; code: string; sign?: -1 };

/** Data-sheet line items → the product's line-item codes, per layout. Unmapped items are reported. */
const GENERAL: Record<string, Record<string, Target>> = {
  pl: {
    Sales: { statement: 'pl', code: 'revenueFromOperations' },
    'Other Income': { statement: 'pl', code: 'otherIncome' },
    'Raw Material Cost': { statement: 'pl', code: 'costOfMaterialsConsumed' },
    // The sheet's "Change in Inventory" is the increase; Ind AS reports the decrease as an expense.
    'Change in Inventory': { statement: 'pl', code: 'changesInInventories', sign: -1 },
    'Employee Cost': { statement: 'pl', code: 'employeeBenefitsExpense' },
    Interest: { statement: 'pl', code: 'financeCosts' },
    Depreciation: { statement: 'pl', code: 'depreciationAndAmortisation' },
    'Power and Fuel': { statement: 'pl', code: 'otherExpenses' },
    'Other Mfr. Exp': { statement: 'pl', code: 'otherExpenses' },
    'Selling and admin': { statement: 'pl', code: 'otherExpenses' },
    'Other Expenses': { statement: 'pl', code: 'otherExpenses' },
    Expenses: { statement: 'pl', code: 'expenses' },
    'Profit before tax': { statement: 'pl', code: 'profitBeforeTax' },
    Tax: { statement: 'pl', code: 'taxExpense' },
    'Net profit': { statement: 'pl', code: 'profitLossForPeriod' },
    'Dividend Amount': { statement: 'pl', code: 'dividendAmount' },
  },
  bs: {
    'Equity Share Capital': { statement: 'bs', code: 'equityShareCapital' },
    Reserves: { statement: 'bs', code: 'otherEquity' },
    Borrowings: { statement: 'bs', code: 'borrowings' },
    'Other Liabilities': { statement: 'bs', code: 'otherLiabilities' },
    'Total Liabilities': { statement: 'bs', code: 'totalEquityAndLiabilities' },
    'Net Block': { statement: 'bs', code: 'propertyPlantEquipment' },
    'Capital Work in Progress': { statement: 'bs', code: 'capitalWorkInProgress' },
    Investments: { statement: 'bs', code: 'investments' },
    'Other Assets': { statement: 'bs', code: 'otherAssets' },
    Receivables: { statement: 'bs', code: 'tradeReceivables' },
    Inventory: { statement: 'bs', code: 'inventories' },
    'Cash & Bank': { statement: 'bs', code: 'cashAndCashEquivalents' },
    'Total Assets': { statement: 'bs', code: 'totalAssets' },
    'No. of Equity Shares': { statement: 'bs', code: 'sharesOutstanding' },
  },
  cf: {
    'Cash from Operating Activity': { statement: 'cf', code: 'cashFromOperatingActivities' },
    'Cash from Investing Activity': { statement: 'cf', code: 'cashFromInvestingActivities' },
    'Cash from Financing Activity': { statement: 'cf', code: 'cashFromFinancingActivities' },
    'Net Cash Flow': { statement: 'cf', code: 'netCashFlow' },
  },
};

const BANK_OVERRIDES: Record<string, Target> = {
  'Interest Earned': { statement: 'pl', code: 'interestEarned' },
  Interest: { statement: 'pl', code: 'interestExpended' },
  'Other Expenses': { statement: 'pl', code: 'otherOperatingExpenses' },
  'Selling and admin': { statement: 'pl', code: 'otherOperatingExpenses' },
  'Other Mfr. Exp': { statement: 'pl', code: 'otherOperatingExpenses' },
  'Net Block': { statement: 'bs', code: 'fixedAssets' },
};

/** The sheet's "Other Assets" includes these, which it also lists on their own. */
const PARTS_OF_OTHER_ASSETS = ['tradeReceivables', 'inventories', 'cashAndCashEquivalents'];

function target(item: string, statement: StatementLine['statement'], bank: boolean): Target | null {
  if (statement === 'quarterly') statement = 'pl';
  if (statement !== 'pl' && statement !== 'bs' && statement !== 'cf') return null;
  if (bank && BANK_OVERRIDES[item]?.statement === statement) return BANK_OVERRIDES[item]!;
  return GENERAL[statement]?.[item] ?? null;
}

/** Indian fiscal year (April to March) that a period end falls in: 2024-03-31 → 2024. */
export const fiscalYear = (periodEnd: string) =>
  Number(periodEnd.slice(0, 4)) + (Number(periodEnd.slice(5, 7)) > 3 ? 1 : 0);

interface StatementRow {
  isin: string;
  type: 's' | 'c';
  code: 'pl' | 'bs' | 'cf';
  period: 'annual' | 'quarterly';
  end: string;
  items: Record<string, number>;
}

async function upsertStatements(ctx: LoadContext, rows: readonly StatementRow[], bankIsins: Set<string>) {
  if (bankIsins.size > 0) {
    await ctx.tx.query(
      `UPDATE company SET layout = 'bank' WHERE isin = ANY($1::text[]) AND layout <> 'bank'`,
      [[...bankIsins]],
    );
  }
  await bulk(
    ctx.tx,
    `INSERT INTO financial_statement (isin, statement_type, statement_code, period, period_end, fiscal_year, layout,
                                      items, source, as_of)
     SELECT r.isin, r.type, r.code, r.period, r.end, r.fy, c.layout, r.items, $2, r.end
       FROM json_to_recordset($1::json) AS r(isin text, type text, code text, period text, "end" date, fy int, items jsonb)
       JOIN company c ON c.isin = r.isin
     ON CONFLICT (isin, statement_type, statement_code, period, period_end) DO UPDATE SET
       items = financial_statement.items || EXCLUDED.items, layout = EXCLUDED.layout,
       source = EXCLUDED.source, ingested_at = now()
     WHERE NOT (financial_statement.items @> EXCLUDED.items)`,
    rows.map((r) => ({ ...r, fy: fiscalYear(r.end) })),
    [ctx.source],
  );
}

/**
 * Long data sheet (rupees crore): items mapped to the product's codes and summed where the
 * sheet is finer than the statement (power, manufacturing, selling → other expenses). EPS and
 * dividend per share are derived from the share count of the same year. Stored as standalone.
 */
export async function loadDatasheet(ctx: LoadContext, lines: readonly StatementLine[]): Promise<LoadResult> {
  const result = emptyResult();
  const isins = await resolveSymbols(
    ctx.tx,
    lines.map((l) => l.symbol),
  );
  const bankIsins = new Set<string>();
  const bankSymbols = new Set(lines.filter((x) => x.item === 'Interest Earned').map((x) => x.symbol));
  const statements = new Map<string, StatementRow>();
  for (const l of lines) {
    const isin = isins.get(l.symbol);
    if (!isin) {
      result.rejected.push({ line: l.line, reason: `not in the company master: ${l.symbol}` });
      continue;
    }
    const bank = bankSymbols.has(l.symbol);
    if (bank) bankIsins.add(isin);
    const t = target(l.item, l.statement, bank);
    if (!t) {
      result.rejected.push({
        line: l.line,
        reason: `no product line item: ${l.statement} "${l.item}"`,
      });
      continue;
    }
    const period = l.statement === 'quarterly' ? 'quarterly' : 'annual';
    const key = `${isin}|${t.statement}|${period}|${l.periodEnd}`;
    const row = statements.get(key) ?? {
      isin,
      type: 's',
      code: t.statement,
      period,
      end: l.periodEnd,
      items: {},
    };
    row.items[t.code] = (row.items[t.code] ?? 0) + l.value * (t.sign ?? 1);
    statements.set(key, row);
    result.stored++;
  }
  for (const row of statements.values()) {
    const it = row.items;
    if (row.code === 'bs' && it.otherAssets !== undefined) {
      // Other Assets as the remainder, so the asset lines add up to the total once.
      const parts = PARTS_OF_OTHER_ASSETS.reduce((sum, code) => sum + (it[code] ?? 0), 0);
      if (parts > 0 && parts <= it.otherAssets) it.otherAssets = round2(it.otherAssets - parts);
    }
    if (row.code !== 'pl') continue;
    const revenue = it.revenueFromOperations ?? it.interestEarned;
    if (revenue !== undefined && it.otherIncome !== undefined)
      it.totalIncome = round2(revenue + it.otherIncome);
    // Total expenses by the identity PBT = total income − expenses: the annual sheet gives only
    // the parts, and the quarterly "Expenses" leaves out interest and depreciation.
    if (
      it.totalIncome !== undefined &&
      it.profitBeforeTax !== undefined &&
      (it.expenses === undefined || row.period === 'quarterly')
    ) {
      it.expenses = round2(it.totalIncome - it.profitBeforeTax);
    }
    if (row.period !== 'annual') continue;
    const bs = statements.get(`${row.isin}|bs|annual|${row.end}`);
    const shares = bs?.items.sharesOutstanding;
    if (shares) {
      if (it.profitLossForPeriod !== undefined)
        it.eps = Math.round((it.profitLossForPeriod * 1e7 * 100) / shares) / 100;
      if (it.dividendAmount !== undefined)
        it.dividendPerShare = Math.round((it.dividendAmount * 1e7 * 100) / shares) / 100;
    }
    if (bs && bs.items.equityShareCapital !== undefined && bs.items.otherEquity !== undefined) {
      bs.items.totalEquity = bs.items.equityShareCapital + bs.items.otherEquity;
    }
  }
  await upsertStatements(ctx, [...statements.values()], bankIsins);
  return result;
}

const XBRL_CODES: Record<string, string> = {
  RevenueFromOperations: 'revenueFromOperations',
  InterestEarned: 'interestEarned',
  OtherIncome: 'otherIncome',
  Income: 'totalIncome',
  Expenses: 'expenses',
  ProfitBeforeTax: 'profitBeforeTax',
  TaxExpense: 'taxExpense',
  ProfitLossForPeriod: 'profitLossForPeriod',
  FinanceCosts: 'financeCosts',
  DepreciationDepletionAndAmortisationExpense: 'depreciationAndAmortisation',
  EmployeeBenefitExpense: 'employeeBenefitsExpense',
  BasicEarningsLossPerShareFromContinuingAndDiscontinuedOperations: 'eps',
  DilutedEarningsLossPerShareFromContinuingAndDiscontinuedOperations: 'dilutedEps',
  BasicEarningsLossPerShareFromContinuingOperations: 'eps',
  DilutedEarningsLossPerShareFromContinuingOperations: 'dilutedEps',
};

const monthsBetween = (start: string, end: string) =>
  (Number(end.slice(0, 4)) - Number(start.slice(0, 4))) * 12 +
  Number(end.slice(5, 7)) -
  Number(start.slice(5, 7)) +
  1;

/**
 * XBRL financial results: rupee facts converted to crore, per-share facts kept in rupees. A
 * three-month period is quarterly, twelve months annual; year-to-date periods are reported.
 */
export async function loadXbrlResults(ctx: LoadContext, facts: readonly XbrlFact[]): Promise<LoadResult> {
  const result = emptyResult();
  const first = facts[0];
  if (!first) return result;
  const { rows } = await ctx.tx.query<{ isin: string }>(
    'SELECT isin FROM company WHERE isin = $1 OR upper(symbol) = upper($2) ORDER BY (isin = $1) DESC LIMIT 1',
    [first.isin ?? '', first.symbol ?? ''],
  );
  const isin = rows[0]?.isin;
  if (!isin) {
    for (const f of facts) {
      result.rejected.push({
        line: f.line,
        reason: `not in the company master: ${first.symbol ?? first.isin}`,
      });
    }
    return result;
  }
  const statements = new Map<string, StatementRow>();
  for (const f of facts) {
    const months = f.periodStart ? monthsBetween(f.periodStart, f.periodEnd) : 0;
    const period = months === 3 ? 'quarterly' : months === 12 ? 'annual' : null;
    if (!period) {
      result.rejected.push({
        line: f.line,
        reason: `not a quarter or a year: ${f.item} covers ${months} months`,
      });
      continue;
    }
    const code = XBRL_CODES[f.item]!;
    const type = f.basis === 'consolidated' ? 'c' : 's';
    const key = `${type}|${period}|${f.periodEnd}`;
    const row = statements.get(key) ?? { isin, type, code: 'pl', period, end: f.periodEnd, items: {} };
    row.items[code] = f.unit === 'INR' ? f.value / 1e7 : f.value;
    statements.set(key, row);
    result.stored++;
  }
  await upsertStatements(ctx, [...statements.values()], new Set());
  if (first.basis === 'consolidated') {
    await ctx.tx.query(
      'UPDATE company SET has_consolidated = true WHERE isin = $1 AND NOT has_consolidated',
      [isin],
    );
  }
  return result;
}
