import type { CatalogTable } from '../../catalog/types';

export interface AddTableRequest {
  /** Checked by the caller: `^[a-z][a-z0-9_]{0,62}$` and not already a catalog table. */
  name: string;
  format: 'csv' | 'parquet';
  bytes: Uint8Array;
  /** The catalog entry profiled from the bytes (files: [], since nothing is on the data server). */
  table: CatalogTable;
  /** The session whose scope gains the table (and only it). */
  sessionId: string;
}

/**
 * Registers a dataset as a table in the engine and in one session's scope. The host provides it
 * (the worker, the CLI); the Engine interface has no such method yet (see add-table-to-engine.ts).
 */
export type TableAdder = (request: AddTableRequest) => Promise<{ rows: number }>;
