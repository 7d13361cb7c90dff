import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../catalog/types';
import { createEngine } from '../engine/create-engine';
import { fileDataSource } from '../engine/file-data-source';
import { createNodeEngine } from '../engine/node-engine';
import { decodePrebuiltResults } from '../engine/prebuilt-results';
import { previewRows } from '../engine/preview-rows';
import { VOCABULARY_CALLS } from '../models/offline';
import { createAuditLog } from '../registry';
import { createPerchRegistry } from '../tools';

const data = process.env.PERCH_TEST_DATA;
if (!data) console.warn('prebuilt results tests skipped: PERCH_TEST_DATA is not set (no ../shared example)');

/** A DuckDB that never starts: an answer that comes did not come from it. */
const neverStarts = () => new Promise<never>(() => {});

describe.skipIf(!data)('the example build’s prebuilt results', () => {
  const catalog = () => JSON.parse(readFileSync(join(data!, 'catalog.json'), 'utf8')) as Catalog;

  it('answer every vocabulary call of the offline reader with DuckDB not started, as the page asks them', async () => {
    const engine = await createEngine({ source: fileDataSource(data!), startDuckDB: neverStarts });
    const registry = createPerchRegistry({ engine }, { audit: createAuditLog() });
    const session = { id: 'page', datasets: Object.keys(engine.catalog.tables), secrets: [] };
    const envelopes = await Promise.all(
      VOCABULARY_CALLS.map(async (call, index) => {
        const outcome = await registry.call('offline', { id: `v${index}`, ...call }, session);
        return outcome.envelope;
      }),
    );
    expect(envelopes.map((envelope) => envelope.ok)).toEqual(VOCABULARY_CALLS.map(() => true));
    const names = envelopes[0].ok ? (envelopes[0].data as { species: { code: string }[] }) : undefined;
    expect(names?.species.map((species) => species.code)).toEqual(['yebsap']);
  });

  it('serve the region list a region lookup reads: naming Michigan opens no regions file', async () => {
    const files = fileDataSource(data!);
    const opened: string[] = [];
    const source = {
      ...files,
      open: (path: string, ...rest: [number, (bytes: number) => void]) => {
        opened.push(path);
        return files.open(path, ...rest);
      },
    };
    const engine = await createEngine({ source, startDuckDB: neverStarts });
    const registry = createPerchRegistry({ engine }, { audit: createAuditLog() });
    const session = { id: 'page', datasets: Object.keys(engine.catalog.tables), secrets: [] };
    const outcome = await registry.call(
      'offline',
      { id: 'r1', name: 'find_region', arguments: { text: 'Michigan', limit: 3 } },
      session,
    );
    expect(outcome.envelope.ok).toBe(true);
    expect(JSON.stringify(outcome.envelope)).toContain('USA-MI');
    expect(opened.filter((path) => path.startsWith('regions'))).toEqual([]);
  });

  it('hold, for each query, the rows DuckDB gives when it runs it', async () => {
    const built = catalog();
    expect(built.prebuilt?.results).toBeGreaterThanOrEqual(VOCABULARY_CALLS.length);
    const results = decodePrebuiltResults(readFileSync(join(data!, built.prebuilt!.path)));
    expect(results).toHaveLength(built.prebuilt!.results);
    // The same queries run by DuckDB, with nothing prebuilt.
    const { prebuilt: _prebuilt, ...withoutPrebuilt } = built;
    const engine = await createNodeEngine({ dataDir: data!, catalog: withoutPrebuilt });
    try {
      for (const result of results) {
        // The kept text is the wrapped query (`SELECT * FROM (…) LIMIT n`): run its inner query.
        const inner = result.sql.match(/^SELECT \* FROM \(\n([\s\S]*)\n\) AS perch_query LIMIT \d+$/)?.[1];
        expect(inner, result.sql).toBeDefined();
        const fresh = await engine.query(inner!, { scope: Object.keys(built.tables), maxRows: 100_000 });
        expect(previewRows(result.table, result.table.numRows), inner).toEqual(
          previewRows(fresh.table, fresh.table.numRows),
        );
      }
    } finally {
      await engine.close();
    }
  });
});
