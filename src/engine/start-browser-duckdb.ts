import * as duckdb from '@duckdb/duckdb-wasm';
import wasmUrl from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import workerUrl from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';
import type { StartDuckDB, WorkerLike } from './duckdb-session';

/**
 * AsyncDuckDB in its own worker, the `eh` bundle only (`coi` needs COOP/COEP headers GitHub Pages
 * cannot send), wasm and worker served from our origin through Vite `?url` imports — never a CDN
 * (PLATFORM.md).
 */
export const startBrowserDuckDB: StartDuckDB = async () => {
  const worker = new Worker(workerUrl);
  const db = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), worker);
  await db.instantiate(new URL(wasmUrl, self.location.href).href);
  // Range reads need this; the default does one full GET (PLATFORM.md).
  await db.open({ filesystem: { forceFullHTTPReads: false } });
  return { db, worker: worker as unknown as WorkerLike };
};
