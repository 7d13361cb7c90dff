import { createEngine, type EngineCoreOptions } from './create-engine';
import type { StartDuckDB } from './duckdb-session';
import { httpDataSource } from './http-data-source';
import { startBrowserDuckDB } from './start-browser-duckdb';
import type { Engine } from './types';

export type BrowserEngineOptions = Omit<EngineCoreOptions, 'source' | 'startDuckDB'> & {
  /** URL of the folder holding catalog.json, e.g. `new URL('data/', location.href).href`. */
  fetchBase: string;
};

/**
 * Browser host (runs inside the agent Web Worker, so no DOM): DuckDB as start-browser-duckdb.ts
 * starts it, parquet read from the static host with range requests.
 */
export function createBrowserEngine(
  options: BrowserEngineOptions & { startDuckDB?: StartDuckDB },
): Promise<Engine> {
  return createEngine({
    ...options,
    source: httpDataSource(options.fetchBase),
    startDuckDB: options.startDuckDB ?? startBrowserDuckDB,
  });
}
