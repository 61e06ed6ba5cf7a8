export * from './data-version.ts';
export * from './db/index.ts';
export * from './engine/adjustment.ts';
export * from './engine/line-items.ts';
export { MCX_CONTRACTS, priceUnitOf } from './engine/mcx-contracts.ts';
export { METRICS, type YearData } from './engine/metrics.ts';
export {
  RATIO_BY_CODE,
  RATIO_TYPES,
  RATIOS,
  type RatioDef,
  type RatioType,
} from './engine/ratio-catalogue.ts';
export { computeRatios, ratiosFor } from './engine/ratio-engine.ts';
export * from './engine/validate.ts';
export { rowsPerStep, yieldToEventLoop } from './event-loop.ts';
export * from './queries/provenance.ts';
export * from './read/commodity-futures.ts';
export * from './read/companies.ts';
export * from './read/financials.ts';
export * from './read/quotes.ts';
export * from './read/ratios.ts';
export * from './read/reference.ts';
export * from './read/resolve.ts';
export * from './read/shareholdings.ts';
export {
  ensureSampleData,
  hashUniverse,
  hasMarketData,
  type LoadOptions,
  type LoadStats,
  loadSampleUniverse,
} from './sample/load.ts';
export { SAMPLE_SOURCE, UNIVERSE_SIZES, type UniverseOptions, type UniverseSize } from './sample/universe.ts';
export { ADJUSTMENT_SOURCE, refreshAdjustmentFactors } from './store/adjustments.ts';
