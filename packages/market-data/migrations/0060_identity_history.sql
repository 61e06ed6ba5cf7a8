-- Identity over time (owned by src/ingest). A split or a share-class change gives a company a new
-- ISIN: its earlier ISINs map to it here, so old rows keyed by them land on the same company.
CREATE TABLE isin_history (
  old_isin text PRIMARY KEY,
  isin text NOT NULL REFERENCES company (isin) ON DELETE CASCADE,
  -- The last day the old ISIN was seen in a file (the change is after it).
  last_seen date,
  source text NOT NULL,
  ingested_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX isin_history_isin ON isin_history (isin);

-- The days each symbol of a company was seen (in a dated bhavcopy, or the master's date): a symbol
-- change happened after the old symbol's last day and on or before the new one's first day.
CREATE TABLE symbol_seen (
  isin text NOT NULL REFERENCES company (isin) ON DELETE CASCADE,
  symbol text NOT NULL,
  first_seen date NOT NULL,
  last_seen date NOT NULL,
  PRIMARY KEY (isin, symbol)
);
