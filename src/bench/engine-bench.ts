import { mkdtemp, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { Catalog, CatalogTable } from '../catalog/types';
import { createNodeEngine } from '../engine/node-engine';
import type { Engine } from '../engine';
import { PARQUET_ENCODING } from '../pipeline/tables/write-tables';
import { startStaticServer } from '../../test/static-server';
import { runBrowserEngineBench, type BrowserEngineBenchReport } from './engine-bench-browser';
import { chromiumMissingReason } from './engine-bench-page';
import { timeRuns } from './time-runs';
import {
  ENGINE_BENCH_QUERIES as QUERIES,
  median,
  timing as summary,
  type Timing,
} from './engine-bench-queries';
import { DATA_VERSION } from '../catalog/data-version';

/**
 * Engine benchmark: the same queries on native DuckDB (@duckdb/node-api), on DuckDB-WASM through
 * the Perch engine in Node, and on DuckDB-WASM through the browser engine in Chromium
 * (`runBrowserEngineBench`), all in one run, over the real example (when its pipeline output is
 * given) and over scale data written here. Data is served by a real range-capable static server.
 * Reports min/median per query, WASM/native ratios of medians, load times and bytes fetched.
 */
export interface EngineBenchOptions {
  /** Folder with the real example's catalog.json (pipeline output); skipped when absent. */
  exampleDir?: string;
  /** Rows of the synthetic `weekly` table. @default 10_000_000 */
  scaleRows?: number;
  /** Timed runs per query (after one warm-up). @default 5 */
  runs?: number;
  /**
   * Also run the Chromium half. When Chromium is missing it is skipped with the reason, unless
   * PERCH_REQUIRE_BROWSER=1, which makes that an error. @default true
   */
  chromium?: boolean;
}

export interface QueryBench {
  dataset: string;
  query: string;
  nativeMs: Timing;
  /** DuckDB-WASM in Node (web-worker). */
  wasmMs: Timing;
  /** Node WASM median / native median. */
  ratio: number;
  /** Bytes the engine fetched from the static server for this query's first run (lazy load). */
  bytesFetched: number;
  /** DuckDB-WASM in Chromium; absent when the Chromium half did not run. */
  chromiumMs?: Timing;
  /** Chromium WASM median / native median (same run). */
  chromiumRatio?: number;
  /** Bytes the browser engine fetched for this query's first run, and what the server counted. */
  chromiumBytesFetched?: number;
  chromiumServerBytes?: number;
}

export interface EngineBenchReport {
  datasets: {
    name: string;
    rows: number;
    parquetBytes: number;
    nativeLoadMs: number;
    wasmLoadMs: number;
    bytesFetched: number;
    chromiumLoadMs?: number;
    chromiumStartMs?: number;
  }[];
  queries: QueryBench[];
  chromium: Pick<BrowserEngineBenchReport, 'chromium' | 'pageBuildMs' | 'offOrigin'> | { skipped: string };
}

export async function runEngineBench(options: EngineBenchOptions = {}): Promise<EngineBenchReport> {
  const runs = options.runs ?? 5;
  const report: EngineBenchReport = {
    datasets: [],
    queries: [],
    chromium: { skipped: 'not requested (chromium: false)' },
  };
  const scratch = await mkdtemp(join(tmpdir(), 'perch-engine-bench-'));
  try {
    const datasets: { name: string; dir: string }[] = [];
    if (options.exampleDir) datasets.push({ name: 'example', dir: options.exampleDir });
    datasets.push({
      name: `scale ${(options.scaleRows ?? 10_000_000).toLocaleString('en')} rows`,
      dir: await writeScaleData(join(scratch, 'scale'), options.scaleRows ?? 10_000_000),
    });
    for (const dataset of datasets) await benchDataset(dataset.name, dataset.dir, runs, report);
    if (options.chromium ?? true) await benchChromium(datasets, runs, report);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  return report;
}

export function formatEngineBench(report: EngineBenchReport): string {
  const chromium =
    'skipped' in report.chromium
      ? `Chromium: skipped (${report.chromium.skipped})`
      : `Chromium: ${report.chromium.chromium}; bench page built in ${report.chromium.pageBuildMs.toFixed(0)} ms; requests off 127.0.0.1: ${report.chromium.offOrigin.length}`;
  const ms = (timing: Timing | undefined) =>
    timing ? `${timing.min.toFixed(1)}/${timing.median.toFixed(1)}` : '-';
  const lines = [
    chromium,
    '',
    'dataset | rows | parquet bytes | native load ms | node wasm load ms | chromium start ms | chromium load ms | bytes fetched',
  ];
  for (const d of report.datasets) {
    lines.push(
      `${d.name} | ${d.rows} | ${d.parquetBytes} | ${d.nativeLoadMs.toFixed(0)} | ${d.wasmLoadMs.toFixed(0)} | ${d.chromiumStartMs?.toFixed(0) ?? '-'} | ${d.chromiumLoadMs?.toFixed(0) ?? '-'} | ${d.bytesFetched}`,
    );
  }
  lines.push(
    '',
    'dataset | query | native min/median ms | node wasm min/median ms | node wasm/native | chromium wasm min/median ms | chromium wasm/native | bytes fetched (first run: node / chromium / server)',
  );
  for (const q of report.queries) {
    lines.push(
      `${q.dataset} | ${q.query} | ${ms(q.nativeMs)} | ${ms(q.wasmMs)} | ${q.ratio.toFixed(2)} | ${ms(q.chromiumMs)} | ${q.chromiumRatio?.toFixed(2) ?? '-'} | ${q.bytesFetched} / ${q.chromiumBytesFetched ?? '-'} / ${q.chromiumServerBytes ?? '-'}`,
    );
  }
  return lines.join('\n');
}

/** The Chromium half over the same folders, merged into the rows the Node half wrote. */
async function benchChromium(
  datasets: { name: string; dir: string }[],
  runs: number,
  report: EngineBenchReport,
): Promise<void> {
  const missing = chromiumMissingReason();
  if (missing) {
    if (process.env.PERCH_REQUIRE_BROWSER === '1')
      throw new Error(`browser_missing: ${missing}. PERCH_REQUIRE_BROWSER=1 needs the Chromium half`);
    report.chromium = { skipped: missing };
    return;
  }
  const browser = await runBrowserEngineBench({ datasets, runs });
  report.chromium = {
    chromium: browser.chromium,
    pageBuildMs: browser.pageBuildMs,
    offOrigin: browser.offOrigin,
  };
  for (const dataset of browser.datasets) {
    const row = report.datasets.find((item) => item.name === dataset.name);
    if (row) Object.assign(row, { chromiumLoadMs: dataset.loadMs, chromiumStartMs: dataset.firstQueryMs });
  }
  for (const query of browser.queries) {
    const row = report.queries.find((item) => item.dataset === query.dataset && item.query === query.query);
    if (!row) continue;
    row.chromiumMs = query.ms;
    row.chromiumRatio = query.ms.median / row.nativeMs.median;
    row.chromiumBytesFetched = query.bytesFetched;
    row.chromiumServerBytes = query.serverBytes;
  }
}

async function benchDataset(
  name: string,
  dir: string,
  runs: number,
  report: EngineBenchReport,
): Promise<void> {
  const catalog = JSON.parse(
    await import('node:fs/promises').then((fs) => fs.readFile(join(dir, 'catalog.json'), 'utf8')),
  ) as Catalog;
  const weekly = catalog.tables.weekly;
  const files = weekly.files.map((file) => join(dir, file.path).replaceAll("'", "''"));

  const native = await DuckDBInstance.create(':memory:');
  const connection = await native.connect();
  let started = performance.now();
  await connection.run(
    `CREATE TABLE weekly AS SELECT * FROM read_parquet([${files.map((file) => `'${file}'`).join(', ')}])`,
  );
  const nativeLoadMs = performance.now() - started;

  const server = await startStaticServer(dir);
  let engine: Engine | null = null;
  try {
    engine = await createNodeEngine({ fetchBase: server.url });
    server.resetStats();
    started = performance.now();
    const load = await engine.ensureLoaded(['weekly']);
    const wasmLoadMs = performance.now() - started;
    report.datasets.push({
      name,
      rows: weekly.rows,
      parquetBytes: weekly.files.reduce((sum, file) => sum + file.bytes, 0),
      nativeLoadMs,
      wasmLoadMs,
      bytesFetched: load.bytesFetched,
    });
    for (const query of QUERIES) {
      const nativeTimes = await timeRuns(runs, () => connection.run(query.sql));
      const wasm = engine;
      const wasmTimes = await timeRuns(runs, () =>
        wasm.query(query.sql, { scope: ['weekly'], timeoutMs: 300_000 }),
      );
      report.queries.push({
        dataset: name,
        query: query.name,
        nativeMs: summary(nativeTimes),
        wasmMs: summary(wasmTimes),
        ratio: median(wasmTimes) / median(nativeTimes),
        bytesFetched: 0,
      });
    }
  } finally {
    await engine?.close();
    await server.close();
    connection.closeSync();
    native.closeSync();
  }
  // Bytes fetched per query when each query is the first to touch the data (fresh engine each time).
  const fresh = await startStaticServer(dir);
  try {
    for (const query of report.queries.filter((item) => item.dataset === name)) {
      const engineForQuery = await createNodeEngine({ fetchBase: fresh.url });
      try {
        query.bytesFetched = (
          await engineForQuery.query(QUERIES.find((item) => item.name === query.query)!.sql, {
            scope: ['weekly'],
            timeoutMs: 300_000,
          })
        ).bytesFetched;
      } finally {
        await engineForQuery.close();
      }
    }
  } finally {
    await fresh.close();
  }
}

/** Synthetic `weekly` in the pipeline's layout: one file per species, sorted week, cell_id, one row group per week. */
async function writeScaleData(dir: string, rows: number): Promise<string> {
  await mkdir(join(dir, 'weekly'), { recursive: true });
  const speciesCount = 4;
  const cells = Math.max(1, Math.ceil(rows / (52 * speciesCount)));
  const native = await DuckDBInstance.create(':memory:');
  const connection = await native.connect();
  const files = [];
  let total = 0;
  for (let species = 0; species < speciesCount; species++) {
    const code = species === 0 ? 'yebsap' : `sp${species}`;
    const path = `weekly/species_code=${code}.parquet`;
    const count = Math.min(cells * 52, rows - total);
    if (count <= 0) break;
    await connection.run(`COPY (
      SELECT '${code}' AS species_code, CAST(1 + (i // ${cells}) AS INTEGER) AS week,
             CAST(DATE '2023-01-04' + INTERVAL (7 * (i // ${cells})) DAY AS DATE) AS date,
             CAST(i % ${cells} AS BIGINT) AS cell_id,
             CASE WHEN hash(i, ${species}) % 10 = 0 THEN NULL ELSE (hash(i, ${species}) % 10000) / 5000.0 END AS abundance
      FROM range(${count}) t(i) ORDER BY week, cell_id)
      TO '${join(dir, path)}' (FORMAT parquet, ${PARQUET_ENCODING}, ROW_GROUP_SIZE ${cells})`);
    files.push({
      path,
      bytes: (await stat(join(dir, path))).size,
      rows: count,
      partition: { species_code: code },
      sha256: '',
    });
    total += count;
  }
  connection.closeSync();
  native.closeSync();
  const weekly: CatalogTable = {
    name: 'weekly',
    title: 'synthetic weekly',
    row_meaning: 'one cell, one week, one species',
    description: 'benchmark scale data',
    rows: total,
    files,
    partition_by: ['species_code'],
    sort_by: ['week', 'cell_id'],
    columns: [],
    attribution: 'synthetic',
    licence: 'none',
    citation: 'none',
    caveats: [],
    simulated: true,
  };
  const catalog: Catalog = {
    version: DATA_VERSION,
    built_at: new Date(0).toISOString(),
    simulated: true,
    attribution: 'synthetic',
    citation: 'none',
    macros: [],
    tables: { weekly },
  };
  await writeFile(join(dir, 'catalog.json'), JSON.stringify(catalog));
  return dir;
}
