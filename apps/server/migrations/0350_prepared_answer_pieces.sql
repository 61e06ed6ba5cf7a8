-- A prepared answer's rows in pieces compressed apart, with an index of their dates (decision
-- 0348): a range inside a company's history is cut out of the pieces near it. Only the answers
-- of endpoints whose ranges are cut (daily quotes, daily price ratios) have them.
ALTER TABLE prepared_answer ADD COLUMN pieces bytea;
