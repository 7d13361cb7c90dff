import * as duckdb from '@duckdb/duckdb-wasm';
import wasmUrl from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import workerUrl from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';
import { createEngine, type EngineCoreOptions } from './create-engine';
import type { DuckDBInstance, StartDuckDB, WorkerLike } from './duckdb-session';
import { httpDataSource } from './http-data-source';
import type { Engine } from './types';

export type BrowserEngineOptions = Omit<EngineCoreOptions, 'source' | 'startDuckDB'> & {
  /** URL of the folder holding catalog.json, e.g. `new URL('data/', location.href).href`. */
  fetchBase: string;
};

/**
 * Browser host (runs inside the agent Web Worker, so no DOM): AsyncDuckDB in its own worker, the
 * `eh` bundle only (`coi` needs COOP/COEP headers GitHub Pages cannot send), wasm and worker served
 * from our origin through Vite `?url` imports — never a CDN (PLATFORM.md).
 */
const startBrowserDuckDB: StartDuckDB = async () => {
  const worker = new Worker(workerUrl);
  const db = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), worker);
  await db.instantiate(new URL(wasmUrl, self.location.href).href);
  // Range reads need this; the default does one full GET (PLATFORM.md).
  await db.open({ filesystem: { forceFullHTTPReads: false } });
  return { db, worker: worker as unknown as WorkerLike };
};

/**
 * Starts DuckDB at once and hands that instance to the first engine; later starts (a restart
 * after a stuck query) start anew. The agent worker calls it when it boots, before the page's
 * `init` arrives: fetching and compiling the 34 MB wasm is most of a cold start (2.5–4.2 s of
 * 9 s in Chromium here), and the page takes ~1 s more to build its panels and ask for `init`.
 */
export function prestartBrowserDuckDB(): StartDuckDB {
  let prestarted: Promise<DuckDBInstance> | undefined = startBrowserDuckDB();
  // A failed start is reported when an engine takes it, not as an unhandled rejection now.
  prestarted.catch(() => {});
  return () => {
    const instance = prestarted ?? startBrowserDuckDB();
    prestarted = undefined;
    return instance;
  };
}

export function createBrowserEngine(
  options: BrowserEngineOptions & { startDuckDB?: StartDuckDB },
): Promise<Engine> {
  return createEngine({
    ...options,
    source: httpDataSource(options.fetchBase),
    startDuckDB: options.startDuckDB ?? startBrowserDuckDB,
  });
}
