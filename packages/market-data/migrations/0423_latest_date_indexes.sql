-- The data status asks each data set's latest date (`ingest/data-status.ts`): the newest trading
-- day of the daily quotes and the newest period end of the financial statements were read by a
-- scan of every row (on the default universe 872,472 quotes and 229,404 statement rows: 180-250
-- and 130-230 ms of embedded PGlite's one thread, every other statement waiting meanwhile), for
-- each GET /api/v1/data-status and each /metrics scrape. An index on each answers it at once.
CREATE INDEX daily_quote_trade_date ON daily_quote (trade_date);
CREATE INDEX financial_statement_period_end ON financial_statement (period_end);
