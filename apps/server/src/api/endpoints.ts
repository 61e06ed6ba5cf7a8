import type { Endpoint } from './endpoint.ts';
import { basicFinancials, financialMetrics, ratios } from './routes/analysis.ts';
import {
  commodityFutures,
  commodityFuturesList,
  commodityList,
  commodityPctChange,
  commodityPrice,
} from './routes/commodities.ts';
import { companyProfile, stockSearch, stockSymbols } from './routes/company.ts';
import { corporateActions, dividend } from './routes/corporate.ts';
import { dataStatusEndpoint } from './routes/data-status.ts';
import { holidays } from './routes/exchange.ts';
import { financials, segmentRevenue } from './routes/financials.ts';
import { peers } from './routes/peers.ts';
import { annualPriceRatios, dailyPriceRatios, dailyQuotes, quote } from './routes/price.ts';
import { shareholdings } from './routes/shareholdings.ts';
import { superinvestorHolders, superinvestorList, superinvestorPortfolio } from './routes/superinvestors.ts';

/** Every data API operation, in the order of the documentation. */
export const endpoints: Endpoint[] = [
  stockSymbols,
  companyProfile,
  stockSearch,
  financials,
  segmentRevenue,
  ratios,
  financialMetrics,
  basicFinancials,
  quote,
  dailyQuotes,
  dailyPriceRatios,
  annualPriceRatios,
  peers,
  ...shareholdings,
  corporateActions,
  dividend,
  commodityList,
  commodityPrice,
  commodityPctChange,
  commodityFuturesList,
  commodityFutures,
  holidays,
  superinvestorList,
  superinvestorPortfolio,
  superinvestorHolders,
  dataStatusEndpoint,
];
