import * as duckdb from '@duckdb/duckdb-wasm';
import wasmUrl from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import workerUrl from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';
import { createBrowserEngine } from '../../engine/browser-engine';
import { isEngineError } from '../../engine';

/**
 * The two ways issue 16 asks to weigh for reading one species' rows over HTTP, in one page:
 * the Perch engine (hyparquet reads the footer and the row groups and columns the plan needs,
 * then inserts them) and DuckDB's own database file ATTACHed read-only from a registered HTTP
 * URL (DuckDB reads its blocks by range itself). Each call starts a fresh DuckDB, so each pays
 * its own reads; times are taken here (performance.now), from before the first read.
 */
export type AttachOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

export interface AttachRun {
  /** From the first read of the data to the query's last row (DuckDB already instantiated). */
  ms: number;
  rows: number;
  /** First row as JSON, so the two ways can be checked to agree. */
  first: string;
}

export interface AttachPage {
  engineQuery(fetchBase: string, sql: string): Promise<AttachOutcome<AttachRun>>;
  attachQuery(fileUrl: string, sql: string): Promise<AttachOutcome<AttachRun>>;
}

declare global {
  interface Window {
    perchAttach: AttachPage;
  }
}

async function outcome<T>(task: () => Promise<T>): Promise<AttachOutcome<T>> {
  try {
    return { ok: true, value: await task() };
  } catch (error) {
    const message = isEngineError(error) || error instanceof Error ? error.message : String(error);
    return { ok: false, message };
  }
}

function firstRow(rows: unknown[]): string {
  return JSON.stringify(rows[0] ?? null, (_, value) => (typeof value === 'bigint' ? Number(value) : value));
}

window.perchAttach = {
  engineQuery: (fetchBase, sql) =>
    outcome(async () => {
      const engine = await createBrowserEngine({ fetchBase });
      try {
        await engine.query('SELECT 1', { scope: [] });
        const started = performance.now();
        const result = await engine.query(sql, {
          scope: Object.keys(engine.catalog.tables),
          maxRows: 1_000_000,
          maxBytes: 64_000_000,
        });
        return {
          ms: performance.now() - started,
          rows: result.rows,
          first: firstRow(result.table.toArray().map((row) => row.toJSON())),
        };
      } finally {
        await engine.close();
      }
    }),
  attachQuery: (fileUrl, sql) =>
    outcome(async () => {
      const worker = new Worker(workerUrl);
      const db = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), worker);
      try {
        await db.instantiate(new URL(wasmUrl, location.href).href);
        // Range reads need this; the default does one full GET (PLATFORM.md).
        await db.open({ filesystem: { forceFullHTTPReads: false } });
        const connection = await db.connect();
        const started = performance.now();
        await db.registerFileURL('species.duckdb', fileUrl, duckdb.DuckDBDataProtocol.HTTP, false);
        await connection.query(`ATTACH 'species.duckdb' AS species (READ_ONLY)`);
        const result = await connection.query(sql);
        return {
          ms: performance.now() - started,
          rows: result.numRows,
          first: firstRow(result.toArray().map((row) => row.toJSON())),
        };
      } finally {
        await db.terminate();
        worker.terminate();
      }
    }),
};
document.getElementById('status')!.textContent = 'ready';
