import type { KeptResult } from './result-cache';
import type { Table } from 'apache-arrow';
import type { Catalog, CatalogTable } from '../catalog/types';

/** What the tools use; the browser and Node hosts both implement it over DuckDB-WASM. */
export interface Engine {
  readonly catalog: Catalog;
  /** One read-only query inside the caller's scope (table names from the catalog). */
  query(sql: string, options: QueryOptions): Promise<QueryResult>;
  /** Materialise tables (optionally only some partitions) before a query; emits progress. */
  ensureLoaded(tables: string[], partitions?: PartitionFilter): Promise<LoadReport>;
  /**
   * Creates a table from CSV or parquet bytes and adds `request.table` (columns typed as created)
   * to `catalog.tables`, so queries whose scope names it can read it; it survives worker restarts.
   * Refuses a name already in the catalog (`table_exists`) and unreadable bytes (`load_failed`).
   */
  addTable(request: AddTableRequest): Promise<{ rows: number }>;
  /** The results kept for a second asking (result-cache.ts): what the pipeline prebuilds. */
  keptResults(): KeptResult[];
  /** Starts DuckDB if it has not started (a query outside the columnar subset, a load or an added table start it too). */
  startDuckDB(): void;
  close(): Promise<void>;
}

export interface AddTableRequest {
  /** A lowercase identifier (`^[a-z][a-z0-9_]{0,62}$`) not already in the catalog. */
  name: string;
  format: 'csv' | 'parquet';
  bytes: Uint8Array;
  /** The catalog entry the caller profiled; the engine sets `name`, `rows`, `files: []` and column types. */
  table: CatalogTable;
}

export interface PartitionFilter {
  species_code?: string[];
}

export interface QueryLimits {
  /**
   * DuckDB time of one call: parse, bind (where macros expand), plan, run and fetch. Waiting for
   * a worker and loading catalog tables do not count (call-deadline.ts); the caller's signal
   * stops any phase. @default 5_000
   */
  timeoutMs: number;
  /** @default 1_000 */
  maxRows: number;
  /** Arrow buffer bytes of the result. @default 8_000_000 */
  maxBytes: number;
}

export interface QueryOptions extends Partial<QueryLimits> {
  /** Catalog tables this session chose; a query reading anything else is refused. */
  scope: readonly string[];
  signal?: AbortSignal;
}

export interface QueryResult {
  table: Table;
  rows: number;
  /** Arrow buffer bytes of `table`. */
  bytes: number;
  /** Base tables DuckDB's binder says the query reads, sorted. */
  tablesRead: string[];
  /** Bytes of parquet this query caused to be fetched (loads it started; 0 when all was loaded). */
  bytesFetched: number;
  durationMs: number;
  /** The SQL as the caller sent it. */
  sql: string;
  /**
   * Who answered: `columnar` read the parquet in the agent worker (columnar/run-columnar.ts),
   * `duckdb` ran it in DuckDB-WASM, `kept` is a result kept from before (result-cache.ts).
   */
  answeredBy: 'columnar' | 'duckdb' | 'kept';
}

export interface TableLoadReport {
  table: string;
  files: number;
  rows: number;
  bytesFetched: number;
}

export interface LoadReport {
  /** Tables (or partitions) materialised by this call; already-loaded ones are not listed. */
  loaded: TableLoadReport[];
  bytesFetched: number;
  rows: number;
  durationMs: number;
}

/** Pushed while parquet is read and inserted. */
export type LoadProgressEvent =
  | { type: 'load-start'; table: string; files: number; bytes: number }
  | { type: 'file-end'; table: string; path: string; rows: number; bytesFetched: number }
  | { type: 'load-end'; table: string; rows: number; bytesFetched: number; durationMs: number };
