import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeEngine } from '../../src/engine/node-engine';
import { previewRows } from '../../src/engine/preview-rows';
import type { Engine, LoadProgressEvent } from '../../src/engine/types';

/**
 * The engine over the pipeline's output for the real example (yebsap-example). PERCH_TEST_DATA is
 * the folder holding its catalog.json (built by test/global-setup.ts); without it these are skipped.
 */
const dataDir = process.env.PERCH_TEST_DATA;
if (!dataDir)
  console.warn(
    'engine-real-example: PERCH_TEST_DATA is not set, so the real-example engine tests are skipped',
  );
const describeReal = dataDir ? describe : describe.skip;

describeReal(
  `createNodeEngine on the real example${dataDir ? '' : ' (skipped: PERCH_TEST_DATA not set)'}`,
  () => {
    let engine: Engine;
    const progress: LoadProgressEvent[] = [];
    beforeAll(async () => {
      // DuckDB's loads (the columnar path, answering first in the app, is held to native DuckDB in
      // src/engine/columnar/columnar-vs-native.test.ts).
      engine = await createNodeEngine({
        columnar: false,
        dataDir: dataDir!,
        onProgress: (event) => progress.push(event),
      });
    });
    afterAll(async () => engine?.close());

    it('week 24 (2023-06-14) mean abundance over non-NULL cells matches GDAL: 0.2308954', async () => {
      const result = await engine.query(
        "SELECT avg(abundance) AS mean, count(abundance) AS cells, min(date) AS day FROM weekly WHERE species_code = 'yebsap' AND week = 24",
        { scope: ['weekly'] },
      );
      const [row] = previewRows(result.table, 1);
      expect(row.mean as number).toBeCloseTo(0.2308954, 6);
      expect(row.cells).toBe(293);
      expect(row.day).toBe('2023-06-14');
      expect(result.bytesFetched).toBeGreaterThan(0);
    });

    it('the same week again fetches nothing; the whole species then fetches only the rest, once', async () => {
      const weekly = statSync(`${dataDir}/weekly/species_code=yebsap.parquet`).size;
      const again = await engine.query(
        "SELECT avg(abundance) AS mean FROM weekly WHERE species_code = 'yebsap' AND week = 24",
        { scope: ['weekly'] },
      );
      expect(again.bytesFetched).toBe(0);
      const whole = await engine.query("SELECT count(*) AS n FROM weekly WHERE species_code = 'yebsap'", {
        scope: ['weekly'],
      });
      expect(previewRows(whole.table, 1)).toEqual([{ n: 52 * 293 }]);
      expect(whole.bytesFetched).toBeGreaterThan(0);
      expect(whole.bytesFetched).toBeLessThan(weekly);
      const third = await engine.query("SELECT count(*) AS n FROM weekly WHERE species_code = 'yebsap'", {
        scope: ['weekly'],
      });
      expect(third.bytesFetched).toBe(0);
      expect(
        progress.filter((event) => event.type === 'load-start' && event.table === 'weekly'),
      ).toHaveLength(2);
    });
  },
);
