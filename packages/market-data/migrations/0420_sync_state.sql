-- Sync bookkeeping (owned by src/ingest/sync*): the lease that lets one process of many run the
-- sync, the last outcome per kind (for the data-status report), and the filings already taken
-- from the exchanges' filings indexes (each filing is fetched once).
CREATE TABLE sync_lease (
  name text PRIMARY KEY,
  holder text NOT NULL,
  acquired_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

CREATE TABLE sync_state (
  kind text PRIMARY KEY,
  last_attempt_at timestamptz NOT NULL,
  last_status text NOT NULL,
  last_detail text NOT NULL DEFAULT '',
  last_success_at timestamptz,
  last_source text
);

CREATE TABLE sync_filing (
  url text PRIMARY KEY,
  kind text NOT NULL,
  status text NOT NULL,
  detail text NOT NULL DEFAULT '',
  fetched_at timestamptz NOT NULL DEFAULT now()
);
