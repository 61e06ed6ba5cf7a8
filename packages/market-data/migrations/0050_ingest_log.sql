-- Ingest bookkeeping (owned by src/ingest): one row per file loaded, the rows it rejected and
-- the quality findings of each ingest. A file is identified by its name and content hash, so
-- loading the same file twice is recognised and changes nothing.
CREATE TABLE ingest_file (
  id bigserial PRIMARY KEY,
  source text NOT NULL,
  sha256 text NOT NULL,
  kind text NOT NULL,
  as_of date,
  rows_read int NOT NULL,
  rows_stored int NOT NULL,
  rows_rejected int NOT NULL,
  ingested_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (source, sha256)
);

CREATE TABLE ingest_rejection (
  file_id bigint NOT NULL REFERENCES ingest_file (id) ON DELETE CASCADE,
  line int NOT NULL,
  reason text NOT NULL
);
CREATE INDEX ingest_rejection_file ON ingest_rejection (file_id);

CREATE TABLE data_quality_issue (
  id bigserial PRIMARY KEY,
  file_id bigint NOT NULL REFERENCES ingest_file (id) ON DELETE CASCADE,
  check_name text NOT NULL CHECK (check_name IN ('ohlc', 'large_move', 'missing_day')),
  isin text,
  symbol text,
  trade_date date,
  detail text NOT NULL,
  ingested_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX data_quality_issue_date ON data_quality_issue (trade_date);

-- A promoter-only shareholding file (NSE's summary) does not give the total share count.
ALTER TABLE shareholding ALTER COLUMN total_shares DROP NOT NULL;
