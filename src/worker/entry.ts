/**
 * The agent worker's bootstrap (browser only): wires the browser engine, the models and the
 * IndexedDB audit into the platform-neutral agent service, and speaks protocol.ts.
 */
import { RANGE_PROBE_PARAMETER } from '../site/site-messages';
import { createBrowserEngine, prestartBrowserDuckDB } from '../engine/browser-engine';
import { probeRangeSupport } from '../engine';
import { createAgentService } from './agent-service';
import { createModelFromSettings, listModelsFromSettings } from './create-model';
import { indexedDbAuditSink } from './indexeddb-audit-sink';
import type { WorkerRequest, WorkerResponse } from './protocol';
import { guardFetch } from './connect-policy';

const scope = self as unknown as {
  postMessage(message: WorkerResponse, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
};

// The page's meta CSP does not reach this worker (connect-policy.ts): enforce connect-src here,
// before any library (the Gemini SDK, hyparquet, add_dataset_from_url) captures fetch.
const connectSources = JSON.parse(import.meta.env.PERCH_CONNECT_SOURCES as string) as string[];
self.fetch = guardFetch(self.fetch.bind(self), self.location.origin, connectSources);

// DuckDB starts now, while the page builds its panels; `init` opens the data on it.
const startDuckDB = prestartBrowserDuckDB();

const service = createAgentService({
  startEngine: (dataUrl, onProgress) => createBrowserEngine({ fetchBase: dataUrl, onProgress, startDuckDB }),
  probeRanges: async (dataUrl) => probeRangeSupport(await firstDataFile(dataUrl)),
  createModel: createModelFromSettings,
  listModels: (settings) => listModelsFromSettings(settings),
  post: (message, transfer = []) => scope.postMessage(message, transfer),
  auditSinks: [indexedDbAuditSink()],
  build: import.meta.env.PERCH_BUILD as string,
});

scope.onmessage = (event) => void service.handle(event.data);

/** The range probe needs a real data file: the first file the catalog lists. */
async function firstDataFile(dataUrl: string): Promise<string> {
  const catalog = (await (await fetch(new URL('catalog.json', dataUrl))).json()) as {
    tables: Record<string, { files: { path: string }[] }>;
  };
  const file = Object.values(catalog.tables).flatMap((table) => table.files)[0];
  const url = new URL(file?.path ?? 'catalog.json', dataUrl);
  url.searchParams.set(RANGE_PROBE_PARAMETER, '1');
  return url.href;
}
