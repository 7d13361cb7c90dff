import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as duckdb from '@duckdb/duckdb-wasm';
import Worker from 'web-worker';
import { createEngine, type EngineCoreOptions } from './create-engine';
import type { WorkerLike, StartDuckDB } from './duckdb-session';
import { fileDataSource } from './file-data-source';
import { httpDataSource } from './http-data-source';
import type { Engine } from './types';

export type NodeEngineOptions = Omit<EngineCoreOptions, 'source' | 'startDuckDB'> &
  ({ dataDir: string; fetchBase?: never } | { fetchBase: string; dataDir?: never }) & {
    /** Called with each DuckDB worker the engine starts (tests use it to kill one mid-query). */
    onWorker?: (worker: WorkerLike) => void;
  };

const DIST = dirname(
  createRequire(import.meta.url).resolve('@duckdb/duckdb-wasm/dist/duckdb-node-eh.worker.cjs'),
);

/**
 * DuckDB-WASM's worker `console.log`s every failed query, SQL text included (its onMessage
 * catch), whatever logger the main thread passes; a Node worker thread's console is the
 * process's stdout, so `perch tool` and `perch mcp` printed it between their JSON lines. The
 * worker runs behind a silenced console: failures still arrive as rejected calls.
 */
const QUIET_WORKER = `data:text/javascript,${encodeURIComponent(
  `for (const level of ['log', 'info', 'debug', 'warn', 'error', 'trace', 'dir', 'table']) console[level] = () => {};
await import(${JSON.stringify(pathToFileURL(join(DIST, 'duckdb-node-eh.worker.cjs')).href)});`,
)}`;

/**
 * Node host: the same DuckDB-WASM as the browser, in its async build inside a `web-worker`
 * thread, so terminate/restart and cancellation are real. `type: 'module'` is required: without
 * it the worker fails with "module is not defined" (PLATFORM.md).
 */
export const startNodeDuckDB =
  (onWorker?: (worker: WorkerLike) => void): StartDuckDB =>
  async () => {
    const worker = new Worker(QUIET_WORKER, { type: 'module' });
    onWorker?.(worker as unknown as WorkerLike);
    const db = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), worker as unknown as globalThis.Worker);
    await db.instantiate(join(DIST, 'duckdb-eh.wasm'));
    await db.open({ filesystem: { forceFullHTTPReads: false } });
    return { db: db as never, worker: worker as unknown as WorkerLike };
  };

export function createNodeEngine(options: NodeEngineOptions): Promise<Engine> {
  const source =
    options.dataDir !== undefined ? fileDataSource(options.dataDir) : httpDataSource(options.fetchBase!);
  return createEngine({ ...options, source, startDuckDB: startNodeDuckDB(options.onWorker) });
}
