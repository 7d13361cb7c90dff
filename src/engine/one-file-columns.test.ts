import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkerLike } from './duckdb-session';
import { createNodeEngine } from './node-engine';
import { previewRows } from './preview-rows';
import { makeTestCatalog, TEST_REGION_COUNT, type TestCatalog } from './test-catalog';
import type { Engine } from './types';

/**
 * A one-file table without a sort key (the pipeline's `regions`: names beside boundaries) is read
 * column by column: a name lookup fetches the name columns, a later query that reads the
 * boundaries reloads the file with both, and every answer equals the one over the whole table.
 */
const SCOPE = ['regions'];
const NAMES =
  "SELECT region_code, name FROM regions WHERE region_code IN ('R0007', 'R4321') ORDER BY region_code";
const COUNTS =
  'SELECT count(*) AS n, count(name) AS names, count(geometry_geojson) AS shapes, count(DISTINCT region_code) AS codes FROM regions';
const SHAPE = "SELECT region_code, md5(geometry_geojson) AS shape FROM regions WHERE region_code = 'R4321'";

let fixture: TestCatalog;
let whole: Engine;
let fileBytes: number;

beforeAll(async () => {
  fixture = await makeTestCatalog({ regions: true });
  fileBytes = fixture.catalog.tables.regions.files[0]!.bytes;
  whole = await createNodeEngine({ columnar: false, dataDir: fixture.dir });
  await whole.ensureLoaded(SCOPE);
}, 120_000);
afterAll(async () => whole?.close());

const rowsOf = async (engine: Engine, sql: string) =>
  previewRows((await engine.query(sql, { scope: SCOPE })).table, 100);

describe('a one-file table read column by column', () => {
  it('a name lookup fetches a small part of the file; boundaries come when a query reads them', async () => {
    const engine = await createNodeEngine({ columnar: false, dataDir: fixture.dir });
    try {
      const names = await engine.query(NAMES, { scope: SCOPE });
      expect(previewRows(names.table, 10)).toEqual(await rowsOf(whole, NAMES));
      // Footer and two short columns: the boundaries are nearly all of the file.
      expect(names.bytesFetched).toBeGreaterThan(0);
      expect(names.bytesFetched).toBeLessThan(fileBytes * 0.25);

      const shape = await engine.query(SHAPE, { scope: SCOPE });
      expect(previewRows(shape.table, 10)).toEqual(await rowsOf(whole, SHAPE));
      expect(shape.bytesFetched).toBeGreaterThan(fileBytes * 0.5);
      // Reloaded, not appended: every row once, with every column read so far.
      expect(await rowsOf(engine, COUNTS)).toEqual([
        {
          n: TEST_REGION_COUNT,
          names: TEST_REGION_COUNT,
          shapes: TEST_REGION_COUNT,
          codes: TEST_REGION_COUNT,
        },
      ]);
    } finally {
      await engine.close();
    }
  }, 120_000);

  it('count(*) over a table loaded with no column read counts every row', async () => {
    const engine = await createNodeEngine({ columnar: false, dataDir: fixture.dir });
    try {
      expect(await rowsOf(engine, 'SELECT count(*) AS n FROM regions')).toEqual([{ n: TEST_REGION_COUNT }]);
      expect(await rowsOf(engine, "SELECT count(*) AS n FROM regions WHERE name LIKE 'Region 1%'")).toEqual(
        await rowsOf(whole, "SELECT count(*) AS n FROM regions WHERE name LIKE 'Region 1%'"),
      );
    } finally {
      await engine.close();
    }
  }, 120_000);

  it('row groups first read for one code, then the whole table with more columns, then after a worker restart', async () => {
    const workers: WorkerLike[] = [];
    const engine = await createNodeEngine({
      columnar: false,
      dataDir: fixture.dir,
      onWorker: (worker) => workers.push(worker),
    });
    try {
      // One row group of three (codes are sorted, so the statistics rule the other two out).
      expect(await rowsOf(engine, "SELECT name FROM regions WHERE region_code = 'R4999'")).toEqual([
        { name: 'Region 4999' },
      ]);
      expect(await rowsOf(engine, COUNTS)).toEqual(await rowsOf(whole, COUNTS));
      expect(await rowsOf(engine, SHAPE)).toEqual(await rowsOf(whole, SHAPE));
      workers[0]!.terminate();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const after = `${COUNTS} WHERE region_code >= 'R0000'`;
      const counted = await engine
        .query(after, { scope: SCOPE })
        .catch(() => engine.query(after, { scope: SCOPE }));
      expect(previewRows(counted.table, 1)).toEqual(await rowsOf(whole, COUNTS));
    } finally {
      await engine.close();
    }
  }, 120_000);
});
