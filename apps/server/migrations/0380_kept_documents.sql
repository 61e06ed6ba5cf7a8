-- Documents the server builds from its code and the data (the API documents, the docs page),
-- kept so that a restart serves them instead of building them again (decision 0374). key names
-- what a document was made from (its data version, the build's fingerprint, the document it was
-- rendered from), so a document made by other code or from other data is never read under it.
-- kind groups a document's versions: the newest few of each kind are kept. A text the server
-- reads itself (the quote spans) is kept without compressed copies (gzip and br null).
CREATE TABLE kept_document (
  key text PRIMARY KEY,
  kind text NOT NULL,
  etag text NOT NULL,
  plain bytea NOT NULL,
  gzip bytea,
  br bytea,
  made_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX kept_document_kind ON kept_document (kind, made_at);
