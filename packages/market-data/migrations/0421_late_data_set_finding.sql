-- A late data set is a quality finding too (decision 0421): not tied to an ingested file, kept once
-- per data set and due date, and marked resolved when the data set is current again.
ALTER TABLE data_quality_issue ALTER COLUMN file_id DROP NOT NULL;
ALTER TABLE data_quality_issue DROP CONSTRAINT data_quality_issue_check_name_check;
ALTER TABLE data_quality_issue ADD CONSTRAINT data_quality_issue_check_name_check
  CHECK (check_name IN ('ohlc', 'large_move', 'missing_day', 'late_data_set'));
ALTER TABLE data_quality_issue ADD COLUMN data_set text;
ALTER TABLE data_quality_issue ADD COLUMN resolved_at timestamptz;
-- Findings of an ingest keep their file; a late data set names the set and the date it was due.
ALTER TABLE data_quality_issue ADD CONSTRAINT data_quality_issue_source_check
  CHECK (CASE WHEN check_name = 'late_data_set' THEN data_set IS NOT NULL AND trade_date IS NOT NULL
              ELSE file_id IS NOT NULL END);
CREATE UNIQUE INDEX data_quality_issue_late_once ON data_quality_issue (data_set, trade_date)
  WHERE check_name = 'late_data_set';
