/**
 * The agent worker's bootstrap (browser only): enforces the connect policy, starts DuckDB, and only
 * then loads the agent worker's code (agent-worker.ts), so the 34 MB wasm downloads and compiles
 * while the other 1.3 MB of JavaScript loads (0.45 s before DuckDB could start, cold-start trace
 * 2026-12-04). Requests that arrive meanwhile wait in order and are handled once it has loaded.
 */
import { guardFetch } from './connect-policy';
import { prestartBrowserDuckDB } from '../engine/start-browser-duckdb';
import type { WorkerRequest, WorkerResponse } from './protocol';

const scope = self as unknown as {
  postMessage(message: WorkerResponse, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
};
const post = (message: WorkerResponse, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

// The page's meta CSP does not reach this worker (connect-policy.ts): enforce connect-src here,
// before any library (the Gemini SDK, hyparquet, add_dataset_from_url) captures fetch.
const connectSources = JSON.parse(import.meta.env.PERCH_CONNECT_SOURCES as string) as string[];
self.fetch = guardFetch(self.fetch.bind(self), self.location.origin, connectSources);

const startDuckDB = prestartBrowserDuckDB();

const early: WorkerRequest[] = [];
scope.onmessage = (event) => early.push(event.data);

import('./agent-worker').then(
  ({ startAgentWorker }) => {
    const service = startAgentWorker(startDuckDB, post);
    scope.onmessage = (event) => void service.handle(event.data);
    for (const request of early.splice(0)) void service.handle(request);
  },
  (error: unknown) =>
    post({
      type: 'fatal',
      error: {
        name: 'Error',
        code: 'worker_failed',
        message: `worker_failed: the agent worker's code did not load (${error instanceof Error ? error.message : String(error)}). Reload the page.`,
      },
    }),
);
