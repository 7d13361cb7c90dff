import * as duckdb from '@duckdb/duckdb-wasm';
import wasmUrl from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import workerUrl from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';
import type { DuckDBInstance, StartDuckDB, WorkerLike } from './duckdb-session';

/**
 * AsyncDuckDB in its own worker, the `eh` bundle only (`coi` needs COOP/COEP headers GitHub Pages
 * cannot send), wasm and worker served from our origin through Vite `?url` imports — never a CDN
 * (PLATFORM.md). This file imports nothing else of the engine, so the agent worker's bootstrap
 * (worker/entry.ts) can start DuckDB before it loads the rest.
 */
export const startBrowserDuckDB: StartDuckDB = async () => {
  const worker = new Worker(workerUrl);
  const db = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), worker);
  await db.instantiate(new URL(wasmUrl, self.location.href).href);
  // Range reads need this; the default does one full GET (PLATFORM.md).
  await db.open({ filesystem: { forceFullHTTPReads: false } });
  return { db, worker: worker as unknown as WorkerLike };
};

/**
 * Starts DuckDB at once and hands that instance to the first engine; later starts (a restart
 * after a stuck query) start anew. The agent worker calls it first thing when it boots: fetching
 * and compiling the 34 MB wasm is the longest part of a cold start (1.4–1.9 s in Chromium here,
 * 2026-12-04), and the rest of the agent worker's code (1.3 MB) took 0.45 s to load before it.
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
