import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_VERSION } from '../catalog/data-version';
import { engineFailure } from '../../test/helpers/engine-failure';
import { startStaticServer, type StaticServer } from '../../test/static-server';
import { DuckDBSession, type WorkerLike } from './duckdb-session';
import { createNodeEngine, startNodeDuckDB } from './node-engine';
import { previewRows } from './preview-rows';
import { probeRangeSupport } from './probe-range-support';
import { makeTestCatalog, type TestCatalog } from './test-catalog';
import type { Engine, LoadProgressEvent } from './types';

let fixture: TestCatalog;
let engine: Engine;
const progress: LoadProgressEvent[] = [];
const workers: WorkerLike[] = [];
const restarts: string[] = [];
const ALL = ['species', 'seasons', 'cells', 'weekly'];
/** ~10^10 multiply-adds: minutes in DuckDB-WASM, so only a cancel can end it. */
const SLOW_SQL = 'SELECT sum(a.range * b.range) AS s FROM range(100000) a, range(100000) b';

beforeAll(async () => {
  fixture = await makeTestCatalog();
  engine = await createNodeEngine({
    columnar: false,
    dataDir: fixture.dir,
    onProgress: (event) => progress.push(event),
    onWorker: (worker) => workers.push(worker),
    onRestart: (event) => restarts.push(`${event.reason} | reloaded ${event.reloaded.join(',')}`),
  });
});
afterAll(async () => engine?.close());

function nullCellsPerSpecies(): number {
  let count = 0;
  for (let week = 1; week <= 52; week++)
    for (let cell = 0; cell < 40; cell++) if ((week + cell) % 7 === 0) count++;
  return count;
}

describe('createNodeEngine', () => {
  it('query over a table not yet loaded loads it exactly once and reports the bytes fetched', async () => {
    // All three read abundance: a scan DuckDB prints with no projections reads every column
    // (scan-needs.ts), so `count(*)` alone would load the other columns too.
    const [first, concurrent] = await Promise.all([
      engine.query('SELECT count(*) AS n, count(abundance) AS valid FROM weekly', { scope: ALL }),
      engine.query('SELECT count(abundance) AS n FROM weekly WHERE week = 24', { scope: ALL }),
    ]);
    const second = await engine.query('SELECT count(abundance) AS n FROM weekly', { scope: ALL });
    expect(progress.filter((event) => event.type === 'load-start' && event.table === 'weekly')).toHaveLength(
      1,
    );
    const weeklyBytes = fixture.catalog.tables.weekly.files.reduce((sum, file) => sum + file.bytes, 0);
    expect(first.bytesFetched).toBe(weeklyBytes);
    expect(concurrent.bytesFetched).toBe(0);
    expect(second.bytesFetched).toBe(0);
    expect(previewRows(first.table, 1)).toEqual([
      { n: 2 * 52 * 40, valid: 2 * (52 * 40 - nullCellsPerSpecies()) },
    ]);
    expect(first.tablesRead).toEqual(['weekly']);
  });

  it('computes from the parquet values: mean abundance of week 24 over non-NULL cells', async () => {
    const result = await engine.query(
      "SELECT avg(abundance) AS mean, count(abundance) AS n FROM weekly WHERE species_code = 'yebsap' AND date = DATE '2023-06-14'",
      { scope: ALL },
    );
    const values: number[] = [];
    for (let cell = 0; cell < 40; cell++) if ((24 + cell) % 7 !== 0) values.push(1 + 24 / 100 + cell / 1000);
    const [row] = previewRows(result.table, 1);
    expect(row.n).toBe(values.length);
    expect(row.mean as number).toBeCloseTo(values.reduce((a, b) => a + b, 0) / values.length, 12);
  });

  it('after the lock, read_csv http, COPY TO, SET, LOAD, ATTACH, INSTALL, PRAGMA all fail', async () => {
    // DuckDB itself (no guard): the lock refuses what touches files, settings or extensions.
    const session = await DuckDBSession.start(startNodeDuckDB(), []);
    try {
      await session.runTrusted('CREATE TABLE t AS SELECT 1 AS x');
      const raw = async (sql: string) =>
        session.runTrusted(sql).then(
          () => 'ran',
          (error: Error) => error.message,
        );
      expect(await raw("SELECT * FROM read_csv('http://127.0.0.1:9/x.csv')")).toMatch(/Permission Error/);
      expect(await raw("COPY t TO 'out.csv'")).toMatch(/Permission Error/);
      expect(await raw('SET threads = 1')).toMatch(/configuration has been locked/);
      expect(await raw('LOAD parquet')).toMatch(/Permission Error/);
      // Measured (PLATFORM.md): DuckDB still runs these three after the lock, so the guard must refuse them.
      expect(await raw('PRAGMA version')).toBe('ran');
    } finally {
      session.terminate();
    }
    for (const sql of [
      "SELECT * FROM read_csv('http://127.0.0.1:9/x.csv')",
      "COPY weekly TO 'out.csv'",
      'SET threads = 1',
      'LOAD parquet',
      "ATTACH ':memory:' AS m",
      'INSTALL spatial',
      'PRAGMA version',
    ]) {
      expect(await engineFailure(engine.query(sql, { scope: ALL })), sql).toMatchObject({
        code: 'sql_rejected',
      });
    }
  });

  it('a result over maxRows or maxBytes is result_too_large and names the fix', async () => {
    const rows = await engineFailure(engine.query('SELECT * FROM weekly', { scope: ALL, maxRows: 100 }));
    expect(rows).toEqual({
      name: 'EngineError',
      code: 'result_too_large',
      message:
        'result_too_large: the result has more than 100 rows. Aggregate (GROUP BY, count, avg), filter with WHERE, or select fewer columns',
    });
    const bytes = await engineFailure(
      engine.query('SELECT * FROM weekly', { scope: ALL, maxRows: 100_000, maxBytes: 10_000 }),
    );
    expect(bytes.code).toBe('result_too_large');
    expect(bytes.message).toMatch(/more than 10000 bytes.*fewer columns/);
    const fits = await engine.query('SELECT * FROM weekly', { scope: ALL, maxRows: 4160 });
    expect(fits.rows).toBe(4160);
    expect(fits.bytes).toBeGreaterThan(4160 * 8);
  });

  it('previewRows converts BIGINT, DECIMAL, DATE, TIMESTAMP, NaN, Infinity and NULL deliberately', async () => {
    const result = await engine.query(
      `SELECT 9007199254740993::BIGINT AS big, 42::BIGINT AS small, 123.45::DECIMAL(10,2) AS d, -0.05::DECIMAL(4,2) AS neg,
              12345678901234567.89::DECIMAL(38,2) AS wide, DATE '2023-06-14' AS day, TIMESTAMP '2023-06-14 12:34:56.789' AS ts,
              TIMESTAMP '2023-06-14 00:00:00' AS midnight, 'NaN'::DOUBLE AS nan, 'inf'::DOUBLE AS inf, NULL::DOUBLE AS missing,
              NULL::DATE AS no_day, true AS flag, [1, 2]::INTEGER[] AS list, {'a': 1.5} AS struct`,
      { scope: [] },
    );
    expect(previewRows(result.table, 5)).toEqual([
      {
        big: '9007199254740993',
        small: 42,
        d: 123.45,
        neg: -0.05,
        wide: '12345678901234567.89',
        day: '2023-06-14',
        ts: '2023-06-14 12:34:56.789',
        midnight: '2023-06-14 00:00:00',
        nan: 'NaN',
        inf: 'Infinity',
        missing: null,
        no_day: null,
        flag: true,
        list: [1, 2],
        struct: { a: 1.5 },
      },
    ]);
  });

  it('macros: week_to_date, date_to_week, season_of_week, distance_km', async () => {
    const result = await engine.query(
      `SELECT week_to_date(24) AS w24, week_to_date(52) AS w52, date_to_week(DATE '2023-06-15') AS week,
              season_of_week('yebsap', 5) AS s5, season_of_week('yebsap', 48) AS s48, season_of_week('yebsap', 25) AS s25,
              round(distance_km(0, 0, 0, 1), 4) AS one_degree`,
      { scope: ['seasons'] },
    );
    expect(previewRows(result.table, 1)).toEqual([
      {
        w24: '2023-06-14',
        w52: '2023-12-27',
        week: 24,
        s5: 'nonbreeding',
        s48: 'nonbreeding',
        s25: 'breeding',
        one_degree: 111.1951,
      },
    ]);
    expect(result.tablesRead).toEqual(['seasons']);
    expect(
      await engineFailure(engine.query("SELECT season_of_week('yebsap', 5) AS s", { scope: [] })),
    ).toMatchObject({ code: 'sql_rejected' });
  });

  it('data written by another pipeline version is refused with what to do, not read', async () => {
    for (const version of [DATA_VERSION - 1, DATA_VERSION + 1, undefined]) {
      const dir = mkdtempSync(join(tmpdir(), 'perch-old-data-'));
      try {
        cpSync(fixture.dir, dir, { recursive: true });
        writeFileSync(join(dir, 'catalog.json'), JSON.stringify({ ...fixture.catalog, version }));
        const failure = await engineFailure(createNodeEngine({ columnar: false, dataDir: dir }));
        expect(failure).toMatchObject({ code: 'load_failed' });
        expect(failure.message).toContain(
          version === undefined ? 'no data version' : `data version ${version}`,
        );
        expect(failure.message).toContain(`this app reads version ${DATA_VERSION}`);
        expect(failure.message).toContain('npm run data');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('ensureLoaded with a species partition loads only that file; a query without a species filter loads the rest', async () => {
    const partitioned = await createNodeEngine({ columnar: false, dataDir: fixture.dir });
    try {
      const report = await partitioned.ensureLoaded(['weekly'], { species_code: ['yebsap'] });
      expect(report.loaded).toEqual([
        {
          table: 'weekly',
          files: 1,
          rows: 52 * 40,
          bytesFetched: fixture.catalog.tables.weekly.files[1].bytes,
        },
      ]);
      expect((await partitioned.ensureLoaded(['weekly'], { species_code: ['yebsap'] })).loaded).toEqual([]);
      const result = await partitioned.query('SELECT DISTINCT species_code FROM weekly ORDER BY 1', {
        scope: ['weekly'],
      });
      expect(previewRows(result.table, 5)).toEqual([{ species_code: 'amerob' }, { species_code: 'yebsap' }]);
      expect(result.bytesFetched).toBe(fixture.catalog.tables.weekly.files[0].bytes);
      expect(await engineFailure(partitioned.ensureLoaded(['nope']))).toMatchObject({ code: 'load_failed' });
    } finally {
      await partitioned.close();
    }
  });

  it('a slow query is cancelled within 1 s of its deadline and the next query works', async () => {
    const started = Date.now();
    const error = await engineFailure(engine.query(SLOW_SQL, { scope: [], timeoutMs: 1_000 }));
    const elapsed = Date.now() - started;
    expect(error.code).toBe('timeout');
    expect(error.message).toMatch(/^timeout: the query ran longer than 1000 ms and was cancelled\. /);
    expect(elapsed).toBeLessThan(2_000);
    const next = await engine.query('SELECT 41 + 1 AS answer', { scope: [] });
    expect(previewRows(next.table, 1)).toEqual([{ answer: 42 }]);
  });

  it('an AbortSignal cancels a running query with code cancelled', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const started = Date.now();
    expect(
      await engineFailure(
        engine.query(SLOW_SQL, { scope: [], signal: controller.signal, timeoutMs: 60_000 }),
      ),
    ).toMatchObject({ code: 'cancelled' });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('a text asked again is answered from the result cache, under the same scope check and limits', async () => {
    const sql = 'SELECT season, start_week FROM seasons ORDER BY start_week';
    const first = await engine.query(sql, { scope: ALL });
    const again = await engine.query(sql, { scope: ALL });
    // The very rows of the first run: DuckDB was not asked again.
    expect(again.table).toBe(first.table);
    expect(again.bytesFetched).toBe(0);
    expect(again.tablesRead).toEqual(['seasons']);
    // The scope is the caller's, not the cache's: the same text outside it is refused as before.
    const outside = await engineFailure(engine.query(sql, { scope: ['weekly'] }));
    expect(outside.code).toBe('sql_rejected');
    expect(outside.message).toMatch(/table 'seasons' is outside this session's scope/);
    const tooBig = await engineFailure(engine.query(sql, { scope: ALL, maxBytes: 8 }));
    expect(tooBig.code).toBe('result_too_large');
    // A lower row limit is another text (the engine caps at maxRows + 1), so it runs and is checked.
    const capped = await engineFailure(engine.query(sql, { scope: ALL, maxRows: 1 }));
    expect(capped.code).toBe('result_too_large');
    // A query whose rows change from run to run is run every time.
    const random = 'SELECT random() AS r FROM seasons';
    const draws = [await engine.query(random, { scope: ALL }), await engine.query(random, { scope: ALL })];
    expect(draws[1].table).not.toBe(draws[0].table);
    expect(previewRows(draws[1].table, 10)).not.toEqual(previewRows(draws[0].table, 10));
  });

  it('killing the DuckDB worker mid-query gives engine_restarted and the next query succeeds with reloaded tables', async () => {
    const before = workers.length;
    const running = engine.query(SLOW_SQL, { scope: [], timeoutMs: 60_000 });
    setTimeout(() => workers[before - 1].terminate(), 300);
    const error = await engineFailure(running);
    expect(error.code).toBe('engine_restarted');
    expect(error.message).toMatch(
      /^engine_restarted: the DuckDB worker stopped while running the query \(worker exited\).*\. Run the query again$/,
    );
    const weeklyLoads = progress.filter(
      (event) => event.type === 'load-start' && event.table === 'weekly',
    ).length;
    // A text not asked before: a repeated one would come from the result cache, not the new worker.
    const next = await engine.query('SELECT count(*) AS after_kill FROM weekly', { scope: ALL });
    expect(previewRows(next.table, 1)).toEqual([{ after_kill: 2 * 52 * 40 }]);
    expect(workers.length).toBe(before + 1);
    expect(restarts.at(-1)).toMatch(/worker exited.*reloaded .*weekly/);
    // The reload happened in the restart, not lazily in this query.
    expect(next.bytesFetched).toBe(0);
    expect(progress.filter((event) => event.type === 'load-start' && event.table === 'weekly').length).toBe(
      weeklyLoads,
    );
  });
});

it('a query that traps the wasm (out of memory) answers query_failed, its worker is replaced and the next query answers', async () => {
  const before = workers.length;
  const error = await engineFailure(
    engine.query('SELECT len(list_sort(range(1000000000))) AS n', { scope: [], timeoutMs: 60_000 }),
  );
  expect(error.code).toBe('query_failed');
  // The trap's wording varies from run to run ("memory access out of bounds", "null function or function
  // signature mismatch"); what holds is the replacement.
  expect(error.message).toMatch(/ran out of memory or crashed .*worker was replaced/);
  const next = await engine.query('SELECT count(*) AS after_trap FROM weekly', { scope: ALL });
  expect(previewRows(next.table, 1)).toEqual([{ after_trap: 2 * 52 * 40 }]);
  expect(workers.length).toBe(before + 1);
  expect(restarts.at(-1)).toMatch(/DuckDB trapped \(.+\).*reloaded .*weekly/);
});

describe('engine over HTTP with range requests', () => {
  let server: StaticServer;
  beforeAll(async () => {
    server = await startStaticServer(fixture.dir);
  });
  afterAll(async () => server?.close());

  it('fetchBase reads the catalog and parquet over HTTP; bytesFetched equals the bytes the server sent', async () => {
    const http = await createNodeEngine({ columnar: false, fetchBase: server.url });
    try {
      server.resetStats();
      const result = await http.query('SELECT count(*) AS n FROM cells', { scope: ['cells'] });
      expect(previewRows(result.table, 1)).toEqual([{ n: 40 }]);
      expect(result.bytesFetched).toBe(server.stats.bytesSent);
      expect(result.bytesFetched).toBeLessThanOrEqual(fixture.catalog.tables.cells.files[0].bytes);
      expect(server.stats.rangeRequests).toBe(server.stats.requests);
    } finally {
      await http.close();
    }
  });

  it('probeRangeSupport reports 206 from a range server and whole-file downloads from one without', async () => {
    const file = fixture.catalog.tables.cells.files[0];
    expect(await probeRangeSupport(`${server.url}${file.path}`)).toMatchObject({
      supportsRanges: true,
      status: 206,
      acceptRanges: 'bytes',
      contentLength: file.bytes,
    });
    const plain = await startStaticServer(fixture.dir, { ranges: false });
    try {
      const probe = await probeRangeSupport(`${plain.url}${file.path}`);
      expect(probe).toMatchObject({
        supportsRanges: false,
        status: 200,
        acceptRanges: null,
        contentLength: file.bytes,
      });
      expect(probe.message).toMatch(/^no_range_support: .* answered 200 .* downloaded whole\. /);
    } finally {
      await plain.close();
    }
  });
});
