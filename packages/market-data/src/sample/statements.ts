import type { Items } from '../engine/line-items.ts';
import { fiscalYearEnd } from './calendar.ts';
import { type CompanySpec, faceValueOn, plannedFactorAfter } from './companies.ts';
import { Rng, round2 } from './rng.ts';

export interface ModelYear {
  fiscalYear: number;
  periodEnd: string;
  shares: number;
  pl: Items;
  bs: Items;
  cf: Items;
  /** Flow components, kept to derive quarters. */
  parts: Record<string, number>;
}

const r2 = round2;
const sum = (...xs: number[]) => r2(xs.reduce((s, x) => s + x, 0));

/** Shares outstanding on a date: the latest count scaled back through splits and bonuses. */
export const sharesOn = (spec: CompanySpec, date: string) =>
  Math.round(spec.sharesLatest * plannedFactorAfter(spec, date));

/** A cash-flow statement from its operating and investing sections; financing balances the change in cash. */
function cashFlowStatement(p: {
  cfo: number;
  cfi: number;
  capitalExpenditure: number;
  openingCash: number;
  closingCash: number;
  dividendsPaid: number;
  interestPaid: number | null;
  incomeTaxPaid: number;
}): Items {
  const netCashFlow = r2(p.closingCash - p.openingCash);
  return {
    cashFromOperatingActivities: p.cfo,
    cashFromInvestingActivities: p.cfi,
    cashFromFinancingActivities: r2(netCashFlow - p.cfo - p.cfi),
    netCashFlow,
    openingCash: p.openingCash,
    closingCash: p.closingCash,
    capitalExpenditure: p.capitalExpenditure,
    dividendsPaid: p.dividendsPaid,
    interestPaid: p.interestPaid,
    incomeTaxPaid: p.incomeTaxPaid,
  };
}

/** Builds a P&L from its flow components so totals and identities hold to the paisa. */
export function generalPl(p: Record<string, number>, shares: number, dpsRate: number): Items {
  const revenueFromOperations = r2(p.revenue!);
  const otherIncome = r2(p.otherIncome!);
  const totalIncome = sum(revenueFromOperations, otherIncome);
  const costOfMaterialsConsumed = r2(p.materials!);
  const purchasesOfStockInTrade = r2(p.purchases!);
  const changesInInventories = r2(p.inventoryChange!);
  const employeeBenefitsExpense = r2(p.employee!);
  const financeCosts = r2(p.finance!);
  const depreciationAndAmortisation = r2(p.depreciation!);
  const otherExpenses = r2(p.other!);
  const expenses = sum(
    costOfMaterialsConsumed,
    purchasesOfStockInTrade,
    changesInInventories,
    employeeBenefitsExpense,
    financeCosts,
    depreciationAndAmortisation,
    otherExpenses,
  );
  const exceptionalItems = r2(p.exceptional!);
  const profitBeforeTax = r2(totalIncome - expenses + exceptionalItems);
  const currentTax = r2(Math.max(0, profitBeforeTax * 0.24));
  const deferredTax = r2(p.deferredTax!);
  const taxExpense = sum(currentTax, deferredTax);
  const profitLossForPeriod = r2(profitBeforeTax - taxExpense);
  const minorityInterest = r2(profitLossForPeriod * p.minorityShare!);
  const otherComprehensiveIncome = r2(p.oci!);
  const totalComprehensiveIncome = sum(profitLossForPeriod, otherComprehensiveIncome);
  const eps = r2(((profitLossForPeriod - minorityInterest) * 1e7) / shares);
  return {
    revenueFromOperations,
    otherIncome,
    totalIncome,
    costOfMaterialsConsumed,
    purchasesOfStockInTrade,
    changesInInventories,
    employeeBenefitsExpense,
    financeCosts,
    depreciationAndAmortisation,
    otherExpenses,
    expenses,
    exceptionalItems,
    profitBeforeTax,
    currentTax,
    deferredTax,
    taxExpense,
    profitLossForPeriod,
    minorityInterest,
    otherComprehensiveIncome,
    totalComprehensiveIncome,
    eps,
    dilutedEps: r2(eps * 0.998),
    dividendPerShare: eps > 0 ? r2(eps * dpsRate) : 0,
    weightedShares: shares,
  };
}

export function bankPl(p: Record<string, number>, shares: number, dpsRate: number): Items {
  const interestEarned = r2(p.interestEarned!);
  const otherIncome = r2(p.otherIncome!);
  const totalIncome = sum(interestEarned, otherIncome);
  const interestExpended = r2(p.interestExpended!);
  const employeeBenefitsExpense = r2(p.employee!);
  const otherOperatingExpenses = r2(p.other!);
  const operatingExpenses = sum(employeeBenefitsExpense, otherOperatingExpenses);
  const provisionsAndContingencies = r2(p.provisions!);
  const expenses = sum(interestExpended, operatingExpenses, provisionsAndContingencies);
  const profitBeforeTax = r2(totalIncome - expenses);
  const taxExpense = r2(Math.max(0, profitBeforeTax * 0.25));
  const profitLossForPeriod = r2(profitBeforeTax - taxExpense);
  const minorityInterest = r2(profitLossForPeriod * p.minorityShare!);
  const eps = r2(((profitLossForPeriod - minorityInterest) * 1e7) / shares);
  return {
    interestEarned,
    otherIncome,
    totalIncome,
    interestExpended,
    employeeBenefitsExpense,
    otherOperatingExpenses,
    operatingExpenses,
    provisionsAndContingencies,
    expenses,
    profitBeforeTax,
    taxExpense,
    profitLossForPeriod,
    minorityInterest,
    eps,
    dilutedEps: r2(eps * 0.999),
    dividendPerShare: eps > 0 ? r2(eps * dpsRate) : 0,
    weightedShares: shares,
    grossNpa: r2(p.grossNpa!),
    netNpa: r2(p.netNpa!),
  };
}

const QUARTER_WEIGHTS = [0.235, 0.245, 0.255, 0.265];
const FLOW_PARTS = [
  'revenue',
  'otherIncome',
  'materials',
  'purchases',
  'inventoryChange',
  'employee',
  'finance',
  'depreciation',
  'other',
  'exceptional',
  'deferredTax',
  'oci',
  'interestEarned',
  'interestExpended',
  'provisions',
];

/** One quarter of a fiscal year (q = 1..4), from the year's flow components. */
export function quarterPl(layout: string, year: ModelYear, q: number, dpsRate: number): Items {
  const w = QUARTER_WEIGHTS[q - 1]!;
  const parts: Record<string, number> = { ...year.parts };
  for (const k of FLOW_PARTS) if (k in parts) parts[k] = parts[k]! * w;
  const pl = layout === 'bank' ? bankPl(parts, year.shares, dpsRate) : generalPl(parts, year.shares, dpsRate);
  pl.dividendPerShare = null;
  return pl;
}

/**
 * Models a company's fiscal years `firstFy..lastFy` (oldest first) on one basis (standalone or
 * consolidated, `scale` of the group). Balance sheets roll forward from profits and dividends;
 * cash is the balancing item, topped up with short-term debt when it would fall too low.
 */
export function modelYears(
  spec: CompanySpec,
  firstFy: number,
  lastFy: number,
  basis: 's' | 'c',
  seed: string,
): ModelYear[] {
  const rng = new Rng(`${seed}/statements/${spec.isin}/${basis}`);
  const scale = basis === 's' && spec.hasConsolidated ? rng.range(0.6, 0.9) : 1;
  const minorityShare = basis === 'c' ? rng.range(0.01, 0.06) : 0;
  const bank = spec.layout === 'bank';
  const out: ModelYear[] = [];
  const mat = rng.range(0.15, 0.5);
  const pur = rng.range(0, 0.12);
  const emp = rng.range(0.04, 0.22);
  const oth = rng.range(0.08, 0.22);
  const intensity = rng.range(0.2, 1.4);
  const depRate = rng.range(0.04, 0.09);
  const invDays = rng.range(10, 110);
  const recDays = rng.range(15, 100);
  const payDays = rng.range(20, 90);
  const leverage = spec.layout === 'nbfc' ? rng.range(2.5, 5) : rng.range(0, 1.1);
  const rate = rng.range(0.075, 0.11);
  const payout = rng.chance(0.2) ? 0 : rng.range(0.1, 0.6);
  // Bank parameters.
  const cd = rng.range(0.75, 0.92);
  const yieldAdv = rng.range(0.085, 0.1);
  const costDep = rng.range(0.042, 0.055);
  let revenue = spec.baseRevenue * scale;
  let prev: {
    fixed: number;
    equity: number;
    borrowings: number;
    cash: number;
    advances: number;
    deposits: number;
    investments: number;
    wc: number;
    dividends: number;
  } | null = null;
  for (let fy = firstFy; fy <= lastFy; fy++) {
    const periodEnd = fiscalYearEnd(fy);
    const shares = sharesOn(spec, periodEnd);
    const fv = faceValueOn(spec, periodEnd);
    const g = spec.growth + rng.normal() * 0.06;
    revenue = Math.max(revenue * (1 + g), 1);
    let pl: Items;
    let bs: Items;
    let cf: Items;
    let parts: Record<string, number>;
    if (!bank) {
      const fixed = revenue * intensity;
      const depreciation = (prev?.fixed ?? fixed) * depRate;
      const borrowingsOpen = prev?.borrowings ?? fixed * leverage * 0.5;
      const mShock = 1 + rng.normal() * 0.04;
      parts = {
        revenue,
        otherIncome: revenue * rng.range(0.004, 0.03),
        materials: revenue * mat * mShock,
        purchases: revenue * pur,
        inventoryChange: revenue * rng.normal() * 0.005,
        employee: revenue * emp,
        finance: borrowingsOpen * rate,
        depreciation,
        other: revenue * oth * (1 + rng.normal() * 0.03),
        exceptional: rng.chance(0.08) ? revenue * rng.normal() * 0.01 : 0,
        deferredTax: revenue * rng.normal() * 0.002,
        oci: revenue * rng.normal() * 0.002,
        minorityShare,
      };
      pl = generalPl(parts, shares, payout);
      const ownersProfit = pl.profitLossForPeriod! - pl.minorityInterest!;
      const dividends = (pl.dividendPerShare! * shares) / 1e7;
      let equity = prev ? prev.equity + ownersProfit - prev.dividends : fixed * 0.6 + revenue * 0.1;
      const minEquity = revenue * 0.05 + (shares * fv) / 1e7;
      if (equity < minEquity) equity = minEquity; // fresh capital when losses eat the net worth
      const totalEquity = r2(equity);
      const equityShareCapital = r2((shares * fv) / 1e7);
      const nci = r2(totalEquity * minorityShare * 1.5);
      const ppe = r2(fixed * 0.82);
      const cwip = r2(fixed * 0.08);
      const intangible = r2(fixed * 0.1);
      const nonCurrentInvestments = r2(revenue * 0.06);
      const otherNonCurrentAssets = r2(revenue * 0.04);
      const inventories = r2((revenue * invDays) / 365);
      const tradeReceivables = r2((revenue * recDays) / 365);
      const currentInvestments = r2(revenue * 0.03);
      const otherCurrentAssets = r2(revenue * 0.05);
      let longTermBorrowings = r2(totalEquity * leverage * 0.6);
      let shortTermBorrowings = r2(totalEquity * leverage * 0.4);
      const otherNonCurrentLiabilities = r2(revenue * 0.03);
      const tradePayables = r2((revenue * payDays) / 365);
      const otherCurrentLiabilities = r2(revenue * 0.06);
      const nonCash = sum(
        ppe,
        cwip,
        intangible,
        nonCurrentInvestments,
        otherNonCurrentAssets,
        inventories,
        tradeReceivables,
        currentInvestments,
        otherCurrentAssets,
      );
      const fundingOther = sum(
        totalEquity,
        nci,
        otherNonCurrentLiabilities,
        tradePayables,
        otherCurrentLiabilities,
      );
      let cash = r2(fundingOther + longTermBorrowings + shortTermBorrowings - nonCash);
      const minCash = r2(revenue * rng.range(0.01, 0.05));
      if (cash < minCash) {
        shortTermBorrowings = r2(shortTermBorrowings + minCash - cash);
        cash = minCash;
      }
      if (longTermBorrowings < 0) longTermBorrowings = 0;
      const totalNonCurrentAssets = sum(ppe, cwip, intangible, nonCurrentInvestments, otherNonCurrentAssets);
      const totalCurrentAssets = sum(
        inventories,
        tradeReceivables,
        cash,
        currentInvestments,
        otherCurrentAssets,
      );
      const totalAssets = sum(totalNonCurrentAssets, totalCurrentAssets);
      const totalNonCurrentLiabilities = sum(longTermBorrowings, otherNonCurrentLiabilities);
      const totalCurrentLiabilities = sum(shortTermBorrowings, tradePayables, otherCurrentLiabilities);
      const totalLiabilities = sum(totalNonCurrentLiabilities, totalCurrentLiabilities);
      bs = {
        propertyPlantEquipment: ppe,
        capitalWorkInProgress: cwip,
        intangibleAssets: intangible,
        nonCurrentInvestments,
        otherNonCurrentAssets,
        totalNonCurrentAssets,
        inventories,
        tradeReceivables,
        cashAndCashEquivalents: cash,
        currentInvestments,
        otherCurrentAssets,
        totalCurrentAssets,
        totalAssets,
        equityShareCapital,
        otherEquity: r2(totalEquity - equityShareCapital),
        totalEquity,
        nonControllingInterest: nci,
        longTermBorrowings,
        otherNonCurrentLiabilities,
        totalNonCurrentLiabilities,
        shortTermBorrowings,
        tradePayables,
        otherCurrentLiabilities,
        totalCurrentLiabilities,
        totalLiabilities,
        totalEquityAndLiabilities: sum(totalEquity, nci, totalLiabilities),
        sharesOutstanding: shares,
      };
      // Balance to the paisa: any rounding residue goes to cash.
      const residue = r2(bs.totalEquityAndLiabilities! - totalAssets);
      if (residue !== 0) {
        bs.cashAndCashEquivalents = r2(cash + residue);
        bs.totalCurrentAssets = r2(totalCurrentAssets + residue);
        bs.totalAssets = r2(totalAssets + residue);
      }
      const wc = inventories + tradeReceivables - tradePayables;
      const cashNow = bs.cashAndCashEquivalents!;
      const cfo = r2(pl.profitLossForPeriod! + pl.depreciationAndAmortisation! - (prev ? wc - prev.wc : 0));
      const capitalExpenditure = r2(-Math.max(0, fixed - (prev?.fixed ?? fixed / (1 + g)) + depreciation));
      const cfi = r2(capitalExpenditure + pl.otherIncome! * 0.5 - revenue * 0.002);
      cf = cashFlowStatement({
        cfo,
        cfi,
        capitalExpenditure,
        openingCash: prev ? r2(prev.cash) : r2(cashNow / (1 + g)),
        closingCash: cashNow,
        dividendsPaid: r2(-(prev?.dividends ?? 0)),
        interestPaid: r2(-pl.financeCosts!),
        incomeTaxPaid: r2(-pl.currentTax!),
      });
      prev = {
        fixed,
        equity: totalEquity,
        borrowings: sum(bs.longTermBorrowings!, bs.shortTermBorrowings!),
        cash: cashNow,
        advances: 0,
        deposits: 0,
        investments: 0,
        wc,
        dividends,
      };
    } else {
      const advances = revenue / yieldAdv;
      const deposits = advances / cd;
      const investments = deposits * 0.3;
      const advOpen = prev?.advances ?? advances / (1 + g);
      const depOpen = prev?.deposits ?? deposits / (1 + g);
      const invOpen = prev?.investments ?? investments / (1 + g);
      const totalAssetsEst = advances * 1.45;
      parts = {
        interestEarned: ((advOpen + advances) / 2) * yieldAdv + ((invOpen + investments) / 2) * 0.065,
        interestExpended: ((depOpen + deposits) / 2) * costDep + advances * 0.1 * 0.065,
        otherIncome: advances * rng.range(0.01, 0.016),
        employee: totalAssetsEst * rng.range(0.005, 0.007),
        other: totalAssetsEst * rng.range(0.008, 0.011),
        provisions: advances * rng.range(0.003, 0.01),
        grossNpa: advances * rng.range(0.01, 0.03),
        netNpa: advances * rng.range(0.003, 0.008),
        minorityShare,
      };
      pl = bankPl(parts, shares, payout * 0.5);
      const ownersProfit = pl.profitLossForPeriod! - pl.minorityInterest!;
      const dividends = (pl.dividendPerShare! * shares) / 1e7;
      let equity = prev ? prev.equity + ownersProfit - prev.dividends : advances * 0.15;
      if (equity < advances * 0.08) equity = advances * 0.08;
      const totalEquity = r2(equity);
      const equityShareCapital = r2((shares * fv) / 1e7);
      const nci = r2(totalEquity * minorityShare);
      const cashWithRbi = r2(deposits * 0.045);
      const adv = r2(advances);
      const inv = r2(investments);
      const fixedAssets = r2(advances * 0.01);
      const otherAssets = r2(advances * 0.04);
      const dep = r2(deposits);
      let borrowings = r2(advances * 0.1);
      const otherLiabilities = r2(advances * 0.04);
      let balancesWithBanks = r2(
        sum(totalEquity, nci, dep, borrowings, otherLiabilities) -
          sum(cashWithRbi, inv, adv, fixedAssets, otherAssets),
      );
      const minBal = r2(advances * 0.02);
      if (balancesWithBanks < minBal) {
        borrowings = r2(borrowings + minBal - balancesWithBanks);
        balancesWithBanks = minBal;
      }
      const totalAssets = sum(cashWithRbi, balancesWithBanks, inv, adv, fixedAssets, otherAssets);
      const totalLiabilities = sum(dep, borrowings, otherLiabilities);
      bs = {
        cashWithRbi,
        balancesWithBanks,
        investments: inv,
        advances: adv,
        fixedAssets,
        otherAssets,
        totalAssets,
        equityShareCapital,
        otherEquity: r2(totalEquity - equityShareCapital),
        totalEquity,
        nonControllingInterest: nci,
        deposits: dep,
        casaDeposits: r2(deposits * rng.range(0.35, 0.45)),
        borrowings,
        otherLiabilities,
        totalLiabilities,
        totalEquityAndLiabilities: sum(totalEquity, nci, totalLiabilities),
        sharesOutstanding: shares,
      };
      const residue = r2(bs.totalEquityAndLiabilities! - totalAssets);
      if (residue !== 0) {
        bs.balancesWithBanks = r2(balancesWithBanks + residue);
        bs.totalAssets = r2(totalAssets + residue);
      }
      const cashNow = sum(bs.cashWithRbi!, bs.balancesWithBanks!);
      const cfo = r2(pl.profitLossForPeriod! + (dep - depOpen) - (adv - advOpen) - (inv - invOpen) * 0.5);
      const capitalExpenditure = r2(-fixedAssets * 0.15);
      const cfi = r2(capitalExpenditure - (inv - invOpen) * 0.5);
      cf = cashFlowStatement({
        cfo,
        cfi,
        capitalExpenditure,
        openingCash: prev ? r2(prev.cash) : r2(cashNow / (1 + g)),
        closingCash: cashNow,
        dividendsPaid: r2(-(prev?.dividends ?? 0)),
        interestPaid: null,
        incomeTaxPaid: r2(-pl.taxExpense!),
      });
      prev = {
        fixed: fixedAssets,
        equity: totalEquity,
        borrowings,
        cash: cashNow,
        advances: adv,
        deposits: dep,
        investments: inv,
        wc: 0,
        dividends,
      };
    }
    out.push({ fiscalYear: fy, periodEnd, shares, pl, bs, cf, parts });
  }
  return out;
}
