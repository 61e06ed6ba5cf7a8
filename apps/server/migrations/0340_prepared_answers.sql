-- Answers prepared when the data changes, not when first asked (decision 0326): one row per
-- (data version, code that made it, canonical answer key), the JSON body stored
-- brotli-compressed; a NULL body records that the request has no data (the 402 answer). length
-- is the body's, uncompressed. code is a digest of the server's code, so answers made by other
-- code (before a deploy) are never served.
CREATE TABLE prepared_answer (
  version int NOT NULL,
  code text NOT NULL,
  key text NOT NULL,
  etag text NOT NULL,
  length int NOT NULL,
  as_of text NOT NULL,
  source text NOT NULL,
  br bytea,
  PRIMARY KEY (version, code, key)
);

-- Which operation's answers are prepared for which data version and code: claimed by one
-- process (claimed_at), complete when done_at is set. Another process serves them from then on.
CREATE TABLE prepared_set (
  version int NOT NULL,
  code text NOT NULL,
  operation text NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz,
  answers int NOT NULL DEFAULT 0,
  PRIMARY KEY (version, code, operation)
);
