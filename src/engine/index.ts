export type {
  AddTableRequest,
  Engine,
  LoadProgressEvent,
  LoadReport,
  PartitionFilter,
  QueryLimits,
  QueryOptions,
  QueryResult,
  TableLoadReport,
} from './types';
export type { EngineError, EngineErrorCode } from './engine-error';
export { engineError, isEngineError } from './engine-error';
export { DEFAULT_QUERY_LIMITS, CANCEL_GRACE_MS } from './query-limits';
export { ENGINE_MACROS, type EngineMacro } from './engine-macros';
export { previewRows, type PreviewValue } from './preview-rows';
export { sqlIdentifier, sqlString } from './sql-literal';
export { parseCsv, type CsvRecords } from './parse-csv';
export { probeRangeSupport, type RangeSupport } from './probe-range-support';
export type { EngineRestartEvent } from './create-engine';
