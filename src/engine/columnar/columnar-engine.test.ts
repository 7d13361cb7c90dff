import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineFailure } from '../../../test/helpers/engine-failure';
import { createEngine } from '../create-engine';
import { startStaticServer } from '../../../test/static-server';
import { fileDataSource } from '../file-data-source';
import { httpDataSource } from '../http-data-source';
import { createNodeEngine } from '../node-engine';
import { previewRows } from '../preview-rows';
import { DEFAULT_QUERY_LIMITS } from '../query-limits';
import { makeTestCatalog, type TestCatalog } from '../test-catalog';
import type { Engine } from '../types';
import { parquetTables } from './parquet-tables';
import { runColumnar } from './run-columnar';

/**
 * The columnar path inside the engine: it answers without DuckDB (so a first answer does not wait
 * for the wasm), with the DuckDB path's scope check, limits and deadline, fetching only the row
 * groups and columns a question reads. The fixture lays `weekly` out as the pipeline does for a
 * real species: one file per species, one row group per week (2,048 cells), five measures.
 */
const CELLS = 2048;
const SCOPE = ['species', 'seasons', 'cells', 'weekly'];
const WEEK_SQL = (week: number) =>
  `SELECT avg(abundance) AS mean, count(*) AS n FROM weekly WHERE species_code = 'yebsap' AND week = ${week}`;
/** Outside the subset (UNION): only DuckDB answers it. */
const UNION_SQL = 'SELECT species_code FROM species UNION SELECT species_code FROM seasons';

/** A DuckDB that never starts: whatever answers did not come from it. */
const neverStarts = () => new Promise<never>(() => {});

let fixture: TestCatalog;
let reference: Engine;

beforeAll(async () => {
  fixture = await makeTestCatalog({ cellsPerWeek: CELLS, intervals: true });
  reference = await createNodeEngine({ dataDir: fixture.dir, columnar: false });
  await reference.ensureLoaded(SCOPE);
}, 120_000);
afterAll(async () => {
  await reference?.close();
  rmSync(fixture.dir, { recursive: true, force: true });
});

const speciesFileBytes = () =>
  fixture.catalog.tables.weekly.files.find((file) => file.path.includes('yebsap'))!.bytes;

describe('the engine’s columnar path', () => {
  it('answers before DuckDB starts, as DuckDB answers; a text outside the subset waits for DuckDB', async () => {
    const engine = await createEngine({ source: fileDataSource(fixture.dir), startDuckDB: neverStarts });
    const answer = await engine.query(WEEK_SQL(24), { scope: SCOPE });
    expect(answer.answeredBy).toBe('columnar');
    expect(answer.tablesRead).toEqual(['weekly']);
    expect(previewRows(answer.table, 5)).toEqual(
      previewRows((await reference.query(WEEK_SQL(24), { scope: SCOPE })).table, 5),
    );
    const union = await Promise.race([
      engine.query(UNION_SQL, { scope: SCOPE }).then(() => 'answered'),
      new Promise((resolve) => setTimeout(() => resolve('waiting'), 500)),
    ]);
    expect(union).toBe('waiting');
  });

  it('one species-week reads one row group’s two columns: a small part of the species file; the next week reads its own', async () => {
    const engine = await createEngine({ source: fileDataSource(fixture.dir), startDuckDB: neverStarts });
    const first = await engine.query(WEEK_SQL(30), { scope: SCOPE });
    // 52 row groups × 5 columns besides the constant species code: one group's abundance is ~1/250
    // of the file; the first question also reads the footer (52 groups' statistics).
    expect(first.bytesFetched).toBeGreaterThan(0);
    expect(first.bytesFetched).toBeLessThan(speciesFileBytes() / 10);
    const next = await engine.query(WEEK_SQL(31), { scope: SCOPE });
    expect(next.answeredBy).toBe('columnar');
    expect(next.bytesFetched).toBeGreaterThan(0);
    expect(next.bytesFetched).toBeLessThan(speciesFileBytes() / 40);
    expect(next.bytesFetched).toBeLessThan(first.bytesFetched);
    const again = await engine.query(WEEK_SQL(30), { scope: SCOPE });
    expect(again.answeredBy).toBe('kept');
    expect(again.bytesFetched).toBe(0);
  });

  it('reads a question’s row groups at once, and from a host without ranges fetches each file once per reading, not once per group', async () => {
    const sql =
      "SELECT week, avg(abundance) AS mean FROM weekly WHERE species_code = 'yebsap' AND week BETWEEN 10 AND 18 GROUP BY week ORDER BY week";
    const expected = previewRows((await reference.query(sql, { scope: SCOPE })).table, 20);
    const path = '/weekly/species_code=yebsap.parquet';
    for (const ranges of [true, false]) {
      const server = await startStaticServer(fixture.dir, { ranges });
      try {
        const engine = await createEngine({ source: httpDataSource(server.url), startDuckDB: neverStarts });
        server.resetStats();
        const answer = await engine.query(sql, { scope: SCOPE });
        expect(answer.answeredBy).toBe('columnar');
        expect(previewRows(answer.table, 20)).toEqual(expected);
        const file = server.stats.byPath[path];
        // With ranges: the footer (one or two reads), then one request per week (9). Without: the footer’s read and the
        // data's read each get the whole file once, which then serves all 9 weeks.
        expect(file?.requests).toBeGreaterThanOrEqual(ranges ? 10 : 2);
        expect(file?.requests).toBeLessThanOrEqual(ranges ? 11 : 2);
        if (!ranges) expect(file?.bytesSent).toBe(2 * speciesFileBytes());
      } finally {
        await server.close();
      }
    }
  });

  it('reads a small file with one request; with prefetchSmallTables the small tables arrive as it opens and a question about them fetches nothing', async () => {
    const sql = "SELECT season, start_week FROM seasons WHERE species_code = 'yebsap' ORDER BY start_week";
    const expected = previewRows((await reference.query(sql, { scope: SCOPE })).table, 20);
    const small = Object.entries(fixture.catalog.tables)
      .filter(
        ([, entry]) =>
          entry.partition_by.length === 0 && entry.files.every((file) => file.bytes <= 64 * 1024),
      )
      .map(([name]) => name)
      .sort();
    expect(small).toContain('seasons');
    expect(small).not.toContain('weekly');
    const server = await startStaticServer(fixture.dir, { ranges: true });
    try {
      const plain = await createEngine({ source: httpDataSource(server.url), startDuckDB: neverStarts });
      server.resetStats();
      const first = await plain.query(sql, { scope: SCOPE });
      expect(previewRows(first.table, 20)).toEqual(expected);
      expect(server.stats.byPath['/seasons.parquet']?.requests).toBe(1);

      const loaded: string[] = [];
      server.resetStats();
      const prefetching = await createEngine({
        source: httpDataSource(server.url),
        startDuckDB: neverStarts,
        prefetchSmallTables: true,
        onProgress: (event) => {
          if (event.type === 'load-end') loaded.push(event.table);
        },
      });
      await expect.poll(() => [...loaded].sort()).toEqual(small);
      const requested = Object.keys(server.stats.byPath).sort();
      expect(
        requested.every(
          (path) => small.some((table) => path.startsWith(`/${table}`)) || path === '/catalog.json',
        ),
      ).toBe(true);
      server.resetStats();
      const answer = await prefetching.query(sql, { scope: SCOPE });
      expect(answer.answeredBy).toBe('columnar');
      expect(previewRows(answer.table, 20)).toEqual(expected);
      expect(answer.bytesFetched).toBe(0);
      expect(server.stats.byPath).toEqual({});
    } finally {
      await server.close();
    }
  });

  it('holds a text to the session’s scope and the caller’s row and byte limits', async () => {
    const engine = await createEngine({ source: fileDataSource(fixture.dir), startDuckDB: neverStarts });
    const outside = await engineFailure(engine.query('SELECT note FROM private_notes', { scope: SCOPE }));
    expect(outside.code).toBe('sql_rejected');
    expect(outside.message).toMatch(/private_notes/);
    const joined = await engineFailure(
      engine.query(
        "SELECT w.week FROM weekly AS w JOIN private_notes AS p ON p.note = w.species_code WHERE w.species_code = 'yebsap'",
        { scope: SCOPE },
      ),
    );
    expect(joined.code).toBe('sql_rejected');
    const rows = await engineFailure(
      engine.query("SELECT cell_id FROM weekly WHERE species_code = 'yebsap' AND week = 3", {
        scope: SCOPE,
        maxRows: 100,
      }),
    );
    expect(rows.code).toBe('result_too_large');
    expect(rows.message).toMatch(/more than 100 rows/);
    const bytes = await engineFailure(
      engine.query("SELECT cell_id FROM weekly WHERE species_code = 'yebsap' AND week = 4", {
        scope: SCOPE,
        maxBytes: 1_000,
      }),
    );
    expect(bytes.code).toBe('result_too_large');
  });

  it('stops at the deadline though its steps give no timer a turn, and at the caller’s Stop during a read', async () => {
    const tables = parquetTables(fixture.catalog, fileDataSource(fixture.dir), () => false);
    const options = { scope: SCOPE, catalogTables: Object.keys(fixture.catalog.tables) };
    // 213,000 rows joined and grouped: far more than 1 ms of work on this thread.
    const heavy =
      'SELECT c.lat, w.week, avg(w.abundance) AS mean FROM weekly AS w JOIN cells AS c ON c.cell_id = w.cell_id GROUP BY c.lat, w.week';
    const timeout = await engineFailure(
      runColumnar(heavy, tables, { ...options, limits: { ...DEFAULT_QUERY_LIMITS, timeoutMs: 1 } }),
    );
    expect(timeout.code).toBe('timeout');

    const controller = new AbortController();
    const stopping = {
      fields: tables.fields,
      read: (...args: Parameters<typeof tables.read>) => {
        controller.abort();
        return tables.read(...args);
      },
    };
    const cancelled = await engineFailure(
      runColumnar(WEEK_SQL(12), stopping, {
        ...options,
        limits: DEFAULT_QUERY_LIMITS,
        signal: controller.signal,
      }),
    );
    expect(cancelled.code).toBe('cancelled');
  });
});
