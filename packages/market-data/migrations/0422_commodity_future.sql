-- MCX commodity futures, one row per contract (symbol and expiry) and trading day, as the
-- exchange's daily bhavcopy reports them (decision 0414). Prices are in the contract's quoting
-- unit (`unit`, e.g. INR per 10 g); volume in lots and in the quantity unit the file names;
-- traded value in lakh rupees. Open, high and low are null on a day the contract did not trade.
CREATE TABLE commodity_future (
  exchange text NOT NULL DEFAULT 'MCX',
  symbol text NOT NULL,
  expiry date NOT NULL,
  trade_date date NOT NULL,
  instrument text NOT NULL,
  open double precision,
  high double precision,
  low double precision,
  close double precision NOT NULL,
  previous_close double precision,
  settlement double precision,
  volume_lots bigint NOT NULL DEFAULT 0,
  volume_quantity double precision,
  quantity_unit text,
  unit text,
  value_lakhs double precision,
  open_interest_lots bigint,
  lot_size double precision,
  source text NOT NULL,
  ingested_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (exchange, symbol, trade_date, expiry)
);

CREATE INDEX commodity_future_date ON commodity_future (trade_date);
