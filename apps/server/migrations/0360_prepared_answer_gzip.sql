-- Prepared answers are stored gzip-compressed (decision 0364), in a column of their own: a build
-- before that decision, still running during a rolling restart, keeps writing and reading br
-- under its own code fingerprint, which this build never reads. A later migration drops br
-- once no such build runs.
ALTER TABLE prepared_answer ADD COLUMN gzip bytea;
