/**
 * The agent worker proper (browser only): the browser engine, the models and the IndexedDB audit
 * wired into the platform-neutral agent service. Loaded by entry.ts.
 */
import { RANGE_PROBE_PARAMETER } from '../site/site-messages';
import { createBrowserEngine } from '../engine/browser-engine';
import { probeRangeSupport } from '../engine';
import { createAgentService } from './agent-service';
import { createModelFromSettings, listModelsFromSettings } from './create-model';
import { indexedDbAuditSink } from './indexeddb-audit-sink';
import type { WorkerResponse } from './protocol';

export function startAgentWorker(
  post: (message: WorkerResponse, transfer?: Transferable[]) => void,
): ReturnType<typeof createAgentService> {
  return createAgentService({
    startEngine: (dataUrl, onProgress) =>
      createBrowserEngine({
        fetchBase: dataUrl,
        onProgress,
        duckdbStart: 'when-needed',
        prefetchSmallTables: true,
      }),
    probeRanges: async (dataUrl) => probeRangeSupport(await firstDataFile(dataUrl)),
    createModel: createModelFromSettings,
    listModels: (settings) => listModelsFromSettings(settings),
    post,
    auditSinks: [indexedDbAuditSink()],
    build: import.meta.env.PERCH_BUILD as string,
  });
}

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
