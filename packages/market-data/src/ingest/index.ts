export { runIngestCommand } from './cli-ingest.ts';
export { type DataSetStatus, dataStatus } from './data-status.ts';
export { IngestError, type Parsed, type Rejection } from './errors.ts';
export { type IngestOutcome, ingestFile, KIND_ORDER } from './ingest-file.ts';
export { detectKind, INGEST_KINDS, type IngestKind, PARSERS } from './kinds.ts';
export { checkFreshness, recordLateFindings, startFreshnessChecks } from './late-findings.ts';
export {
  indiaDate,
  loadSyncConfig,
  type SyncConfig,
  type SyncScheduler,
  startDailySync,
  startSync,
} from './scheduler.ts';
export { DEFAULT_SOURCES, type SyncDay, type SyncSource, syncRange } from './sync.ts';
export { processHolder, SYNC_LEASE, withSyncLease } from './sync-lease.ts';
export { DATA_SETS, KIND_SCHEDULE, type SyncSchedule } from './sync-sources.ts';
