/**
 * The agent worker's bootstrap (browser only): wires the browser engine, the models and the
 * IndexedDB audit into the platform-neutral agent service, and speaks protocol.ts.
 */
import { createBrowserEngine } from '../engine/browser-engine';
import { probeRangeSupport } from '../engine/probe-range-support';
import { createAgentService } from './agent-service';
import { createModelFromSettings } from './create-model';
import { indexedDbAuditSink } from './indexeddb-audit-sink';
import type { WorkerRequest, WorkerResponse } from './protocol';

const scope = self as unknown as { postMessage(message: WorkerResponse, transfer?: Transferable[]): void; onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null };

const service = createAgentService({
  startEngine: (dataUrl, onProgress) => createBrowserEngine({ fetchBase: dataUrl, onProgress }),
  probeRanges: async (dataUrl) => probeRangeSupport(await firstDataFile(dataUrl)),
  createModel: createModelFromSettings,
  post: (message, transfer = []) => scope.postMessage(message, transfer),
  auditSinks: [indexedDbAuditSink()],
  build: import.meta.env.PERCH_BUILD as string,
});

scope.onmessage = (event) => void service.handle(event.data);

/** The range probe needs a real data file: the first file the catalog lists. */
async function firstDataFile(dataUrl: string): Promise<string> {
  const catalog = (await (await fetch(new URL('catalog.json', dataUrl))).json()) as { tables: Record<string, { files: { path: string }[] }> };
  const file = Object.values(catalog.tables).flatMap((table) => table.files)[0];
  return new URL(file?.path ?? 'catalog.json', dataUrl).href;
}
