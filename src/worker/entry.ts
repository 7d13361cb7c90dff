/**
 * The agent worker's bootstrap (browser only): enforces the connect policy, then loads the agent
 * worker's code (agent-worker.ts). Requests that arrive meanwhile wait in order and are handled
 * once it has loaded. DuckDB no longer starts here: the columnar executor answers the first
 * questions, and DuckDB starts once the worker is quiet (agent-service.ts, whenQuiet).
 */
import { guardFetch } from './connect-policy';
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

const early: WorkerRequest[] = [];
scope.onmessage = (event) => early.push(event.data);

import('./agent-worker').then(
  ({ startAgentWorker }) => {
    const service = startAgentWorker(post);
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
