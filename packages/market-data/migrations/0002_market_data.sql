-- Market data model. Every stored fact carries its provenance: source (a file name or
-- 'generator:sample-v1'), as_of (the date the fact describes or was published) and ingested_at.

CREATE TABLE sector (
  code text PRIMARY KEY,
  name text NOT NULL UNIQUE
);

CREATE TABLE industry (
  code text PRIMARY KEY,
  name text NOT NULL,
  sector_code text NOT NULL REFERENCES sector (code),
  UNIQUE (sector_code, name)
);

-- Security master, one row per equity ISIN.
CREATE TABLE company (
  isin text PRIMARY KEY,
  symbol text,
  bse_code text,
  name text NOT NULL,
  series text NOT NULL DEFAULT 'EQ',
  listing_date date,
  face_value numeric(12, 4),
  paid_up_value numeric(12, 4),
  market_lot int NOT NULL DEFAULT 1,
  sector_code text REFERENCES sector (code),
  industry_code text REFERENCES industry (code),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended', 'delisted')),
  delisted_on date,
  layout text NOT NULL DEFAULT 'general' CHECK (layout IN ('general', 'bank', 'nbfc', 'insurance')),
  has_consolidated boolean NOT NULL DEFAULT false,
  shares_outstanding bigint,
  synthetic boolean NOT NULL DEFAULT false,
  illustrative boolean NOT NULL DEFAULT false,
  source text NOT NULL,
  as_of date NOT NULL,
  ingested_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX company_symbol_upper ON company (upper(symbol)) WHERE symbol IS NOT NULL;
CREATE INDEX company_bse_code ON company (bse_code);
CREATE INDEX company_industry ON company (industry_code);
CREATE INDEX company_sector ON company (sector_code);

-- Symbol changes: a lookup by old_symbol resolves to the company.
CREATE TABLE symbol_history (
  isin text NOT NULL REFERENCES company (isin) ON DELETE CASCADE,
  old_symbol text NOT NULL,
  new_symbol text NOT NULL,
  changed_on date NOT NULL,
  source text NOT NULL,
  as_of date NOT NULL,
  ingested_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (isin, old_symbol, changed_on)
);
CREATE INDEX symbol_history_old_upper ON symbol_history (upper(old_symbol));

-- One statement per (company, standalone/consolidated, pl/bs/cf, annual/quarterly, period end).
-- Line items are a JSON object of camelCase codes (Ind AS Schedule III; the bank layout has its
-- own codes), values in rupees crore except per-share items in rupees and share counts.
CREATE TABLE financial_statement (
  isin text NOT NULL REFERENCES company (isin) ON DELETE CASCADE,
  statement_type text NOT NULL CHECK (statement_type IN ('s', 'c')),
  statement_code text NOT NULL CHECK (statement_code IN ('pl', 'bs', 'cf')),
  period text NOT NULL CHECK (period IN ('annual', 'quarterly')),
  period_end date NOT NULL,
  fiscal_year int NOT NULL,
  layout text NOT NULL,
  result_date date,
  items jsonb NOT NULL,
  source text NOT NULL,
  as_of date NOT NULL,
  ingested_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (isin, statement_type, statement_code, period, period_end)
);

CREATE TABLE segment_revenue (
  isin text NOT NULL REFERENCES company (isin) ON DELETE CASCADE,
  statement_type text NOT NULL CHECK (statement_type IN ('s', 'c')),
  period text NOT NULL CHECK (period IN ('annual', 'quarterly')),
  period_end date NOT NULL,
  segment text NOT NULL,
  revenue numeric(18, 2),
  result numeric(18, 2),
  source text NOT NULL,
  as_of date NOT NULL,
  ingested_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (isin, statement_type, period, period_end, segment)
);

-- Raw (unadjusted) end-of-day quotes, as the exchange publishes them.
CREATE TABLE daily_quote (
  isin text NOT NULL,
  trade_date date NOT NULL,
  exchange text NOT NULL DEFAULT 'NSE',
  series text NOT NULL DEFAULT 'EQ',
  open numeric(14, 2) NOT NULL,
  high numeric(14, 2) NOT NULL,
  low numeric(14, 2) NOT NULL,
  close numeric(14, 2) NOT NULL,
  last numeric(14, 2),
  prev_close numeric(14, 2),
  volume bigint NOT NULL,
  traded_value numeric(20, 2),
  trades int,
  delivery_qty bigint,
  delivery_pct numeric(6, 2),
  source text NOT NULL,
  ingested_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (isin, exchange, trade_date)
);

CREATE TABLE corporate_action (
  id bigserial PRIMARY KEY,
  isin text NOT NULL REFERENCES company (isin) ON DELETE CASCADE,
  action text NOT NULL CHECK (action IN ('dividend', 'bonus', 'split', 'rights', 'buyback', 'demerger', 'other')),
  ex_date date NOT NULL,
  record_date date,
  bc_start date,
  bc_end date,
  purpose text NOT NULL,
  dividend_per_share numeric(14, 4),
  dividend_kind text,
  ratio_new numeric(12, 4),
  ratio_held numeric(12, 4),
  face_value_from numeric(12, 4),
  face_value_to numeric(12, 4),
  offer_price numeric(14, 4),
  source text NOT NULL,
  as_of date NOT NULL,
  ingested_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (isin, action, ex_date, purpose)
);
CREATE INDEX corporate_action_isin ON corporate_action (isin, ex_date);

-- Per-event adjustment factors derived from corporate actions by the engine. price_factor
-- multiplies prices before ex_date (splits, bonuses, rights); dividend_factor is kept apart.
CREATE TABLE adjustment_factor (
  isin text NOT NULL REFERENCES company (isin) ON DELETE CASCADE,
  ex_date date NOT NULL,
  price_factor double precision NOT NULL DEFAULT 1,
  dividend_factor double precision NOT NULL DEFAULT 1,
  source text NOT NULL,
  ingested_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (isin, ex_date)
);

-- Shareholding pattern per quarter end, SEBI categories, percentages of total shares.
CREATE TABLE shareholding (
  isin text NOT NULL REFERENCES company (isin) ON DELETE CASCADE,
  period_end date NOT NULL,
  total_shares bigint NOT NULL,
  shareholders int,
  promoter_pct numeric(7, 3) NOT NULL,
  promoter_indian_pct numeric(7, 3),
  promoter_foreign_pct numeric(7, 3),
  promoter_pledged_pct numeric(7, 3),
  promoter_holders int,
  fpi_pct numeric(7, 3),
  fpi_holders int,
  dii_pct numeric(7, 3),
  mutual_funds_pct numeric(7, 3),
  insurance_pct numeric(7, 3),
  banks_pct numeric(7, 3),
  other_dii_pct numeric(7, 3),
  dii_holders int,
  government_pct numeric(7, 3),
  public_pct numeric(7, 3),
  retail_pct numeric(7, 3),
  hni_pct numeric(7, 3),
  other_public_pct numeric(7, 3),
  public_holders int,
  employee_trust_pct numeric(7, 3),
  declaration jsonb,
  source text NOT NULL,
  as_of date NOT NULL,
  ingested_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (isin, period_end)
);

CREATE TABLE beneficial_owner (
  isin text NOT NULL REFERENCES company (isin) ON DELETE CASCADE,
  period_end date NOT NULL,
  owner_name text NOT NULL,
  nationality text,
  registered_owner text,
  pct numeric(7, 3),
  voting_pct numeric(7, 3),
  acquired_on date,
  source text NOT NULL,
  as_of date NOT NULL,
  ingested_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (isin, period_end, owner_name)
);

CREATE TABLE exchange_holiday (
  exchange text NOT NULL,
  segment text NOT NULL,
  holiday_date date NOT NULL,
  description text NOT NULL,
  source text NOT NULL,
  as_of date NOT NULL,
  ingested_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (exchange, segment, holiday_date)
);

CREATE TABLE commodity (
  code text PRIMARY KEY,
  name text NOT NULL,
  category text NOT NULL,
  unit text NOT NULL,
  currency text NOT NULL DEFAULT 'USD',
  source text NOT NULL,
  as_of date NOT NULL,
  ingested_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE commodity_price (
  code text NOT NULL REFERENCES commodity (code) ON DELETE CASCADE,
  month date NOT NULL,
  price double precision NOT NULL,
  source text NOT NULL,
  ingested_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (code, month)
);

CREATE TABLE superinvestor (
  id text PRIMARY KEY,
  name text NOT NULL,
  kind text NOT NULL DEFAULT 'individual',
  description text,
  synthetic boolean NOT NULL DEFAULT false,
  source text NOT NULL,
  as_of date NOT NULL,
  ingested_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE superinvestor_holding (
  investor_id text NOT NULL REFERENCES superinvestor (id) ON DELETE CASCADE,
  isin text NOT NULL REFERENCES company (isin) ON DELETE CASCADE,
  period_end date NOT NULL,
  shares bigint NOT NULL,
  pct numeric(7, 3),
  source text NOT NULL,
  as_of date NOT NULL,
  ingested_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (investor_id, isin, period_end)
);
CREATE INDEX superinvestor_holding_isin ON superinvestor_holding (isin, period_end);
