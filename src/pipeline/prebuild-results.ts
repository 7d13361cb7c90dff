import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CatalogPrebuilt } from '../catalog/types';
import { createNodeEngine } from '../engine/node-engine';
import { encodePrebuiltResults } from '../engine/prebuilt-results';
import { VOCABULARY_CALLS } from '../models/offline';
import { createAuditLog } from '../registry';
import { createPerchRegistry } from '../tools';

export const PREBUILT_FILE = 'prebuilt-results.bin';

/**
 * Runs the offline reader's first calls (the data's names and towns) through the registry on the
 * Node engine over the folder just built, with every table in scope as the page's default session
 * has, and writes the results the engine kept (engine/prebuilt-results.ts). The engine is the
 * app's own (DuckDB-WASM), so a kept result is what the page would compute. A call that fails
 * leaves its queries out: the page then runs them itself.
 */
export async function prebuildResults(dataDir: string): Promise<CatalogPrebuilt> {
  const engine = await createNodeEngine({ dataDir });
  try {
    const registry = createPerchRegistry({ engine }, { audit: createAuditLog() });
    const session = { id: 'prebuild', datasets: Object.keys(engine.catalog.tables), secrets: [] };
    for (const [index, call] of VOCABULARY_CALLS.entries())
      await registry.call('offline', { id: `prebuild-${index}`, ...call }, session);
    const results = engine.keptResults();
    const bytes = encodePrebuiltResults(results);
    writeFileSync(join(dataDir, PREBUILT_FILE), bytes);
    return {
      path: PREBUILT_FILE,
      bytes: bytes.byteLength,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      results: results.length,
    };
  } finally {
    await engine.close();
  }
}
