-- Prepared answers are stored in gzip since decision 0364 (migration 0360); the br column that
-- builds before it wrote has been read by no build since, and their rows (under their own code
-- fingerprints) are deleted by the preparer once a version's sets are complete. A release after
-- the one that added gzip: no build that writes br runs beside this one (decision 0367).
ALTER TABLE prepared_answer DROP COLUMN br;
