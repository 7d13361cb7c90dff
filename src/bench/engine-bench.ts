import { mkdtemp, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { Catalog, CatalogTable } from '../catalog/types';
import { createNodeEngine } from '../engine/node-engine';
import type { Engine } from '../engine/types';
import { startStaticServer } from '../../test/static-server';

/**
 * Engine benchmark, Node half: the same queries on native DuckDB (@duckdb/node-api) and on
 * DuckDB-WASM through the Perch engine (served over a real range-capable static server), over
 * the real example (when its pipeline output is given) and over scale data written here.
 * Reports min/median per query, the WASM/native ratio of medians, load time and bytes fetched.
 * The Chromium half (same queries in the browser engine) is not written yet.
 */
export interface EngineBenchOptions {
  /** Folder with the real example's catalog.json (pipeline output); skipped when absent. */
  exampleDir?: string;
  /** Rows of the synthetic `weekly` table. @default 10_000_000 */
  scaleRows?: number;
  /** Timed runs per query (after one warm-up). @default 5 */
  runs?: number;
}

export interface QueryBench {
  dataset: string;
  query: string;
  nativeMs: { min: number; median: number };
  wasmMs: { min: number; median: number };
  /** WASM median / native median. */
  ratio: number;
  /** Bytes the engine fetched from the static server for this query's first run (lazy load). */
  bytesFetched: number;
}

export interface EngineBenchReport {
  datasets: { name: string; rows: number; parquetBytes: number; nativeLoadMs: number; wasmLoadMs: number; bytesFetched: number }[];
  queries: QueryBench[];
}

const QUERIES: { name: string; sql: string }[] = [
  { name: 'count', sql: 'SELECT count(*) AS n, count(abundance) AS modelled FROM weekly' },
  { name: 'week mean', sql: "SELECT avg(abundance) AS mean FROM weekly WHERE species_code = 'yebsap' AND week = 24" },
  { name: 'weekly curve', sql: 'SELECT week, avg(abundance) AS mean, max(abundance) AS peak FROM weekly GROUP BY week ORDER BY week' },
  { name: 'top cells', sql: 'SELECT cell_id, sum(abundance) AS total FROM weekly GROUP BY cell_id ORDER BY total DESC LIMIT 10' },
];

export async function runEngineBench(options: EngineBenchOptions = {}): Promise<EngineBenchReport> {
  const runs = options.runs ?? 5;
  const report: EngineBenchReport = { datasets: [], queries: [] };
  const scratch = await mkdtemp(join(tmpdir(), 'perch-engine-bench-'));
  try {
    const datasets: { name: string; dir: string }[] = [];
    if (options.exampleDir) datasets.push({ name: 'example', dir: options.exampleDir });
    datasets.push({ name: `scale ${(options.scaleRows ?? 10_000_000).toLocaleString('en')} rows`, dir: await writeScaleData(join(scratch, 'scale'), options.scaleRows ?? 10_000_000) });
    for (const dataset of datasets) await benchDataset(dataset.name, dataset.dir, runs, report);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  return report;
}

export function formatEngineBench(report: EngineBenchReport): string {
  const lines = ['dataset | rows | parquet bytes | native load ms | wasm load ms | bytes fetched'];
  for (const d of report.datasets) lines.push(`${d.name} | ${d.rows} | ${d.parquetBytes} | ${d.nativeLoadMs.toFixed(0)} | ${d.wasmLoadMs.toFixed(0)} | ${d.bytesFetched}`);
  lines.push('', 'dataset | query | native min/median ms | wasm min/median ms | wasm/native | bytes fetched (first run)');
  for (const q of report.queries) {
    lines.push(`${q.dataset} | ${q.query} | ${q.nativeMs.min.toFixed(1)}/${q.nativeMs.median.toFixed(1)} | ${q.wasmMs.min.toFixed(1)}/${q.wasmMs.median.toFixed(1)} | ${q.ratio.toFixed(2)} | ${q.bytesFetched}`);
  }
  return lines.join('\n');
}

async function benchDataset(name: string, dir: string, runs: number, report: EngineBenchReport): Promise<void> {
  const catalog = JSON.parse(await import('node:fs/promises').then((fs) => fs.readFile(join(dir, 'catalog.json'), 'utf8'))) as Catalog;
  const weekly = catalog.tables.weekly;
  const files = weekly.files.map((file) => join(dir, file.path).replaceAll("'", "''"));

  const native = await DuckDBInstance.create(':memory:');
  const connection = await native.connect();
  let started = performance.now();
  await connection.run(`CREATE TABLE weekly AS SELECT * FROM read_parquet([${files.map((file) => `'${file}'`).join(', ')}])`);
  const nativeLoadMs = performance.now() - started;

  const server = await startStaticServer(dir);
  let engine: Engine | null = null;
  try {
    engine = await createNodeEngine({ fetchBase: server.url });
    server.resetStats();
    started = performance.now();
    const load = await engine.ensureLoaded(['weekly']);
    const wasmLoadMs = performance.now() - started;
    report.datasets.push({ name, rows: weekly.rows, parquetBytes: weekly.files.reduce((sum, file) => sum + file.bytes, 0), nativeLoadMs, wasmLoadMs, bytesFetched: load.bytesFetched });
    for (const query of QUERIES) {
      const nativeTimes = await timed(runs, () => connection.run(query.sql));
      const wasm = engine;
      const wasmTimes = await timed(runs, () => wasm.query(query.sql, { scope: ['weekly'], timeoutMs: 300_000 }));
      report.queries.push({ dataset: name, query: query.name, nativeMs: summary(nativeTimes), wasmMs: summary(wasmTimes), ratio: median(wasmTimes) / median(nativeTimes), bytesFetched: 0 });
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
        query.bytesFetched = (await engineForQuery.query(QUERIES.find((item) => item.name === query.query)!.sql, { scope: ['weekly'], timeoutMs: 300_000 })).bytesFetched;
      } finally {
        await engineForQuery.close();
      }
    }
  } finally {
    await fresh.close();
  }
}

async function timed(runs: number, task: () => Promise<unknown>): Promise<number[]> {
  await task();
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await task();
    times.push(performance.now() - started);
  }
  return times;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function summary(values: number[]): { min: number; median: number } {
  return { min: Math.min(...values), median: median(values) };
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
      TO '${join(dir, path)}' (FORMAT parquet, COMPRESSION snappy, ROW_GROUP_SIZE ${cells})`);
    files.push({ path, bytes: (await stat(join(dir, path))).size, rows: count, partition: { species_code: code }, sha256: '' });
    total += count;
  }
  connection.closeSync();
  native.closeSync();
  const weekly: CatalogTable = {
    name: 'weekly', title: 'synthetic weekly', row_meaning: 'one cell, one week, one species', description: 'benchmark scale data',
    rows: total, files, partition_by: ['species_code'], sort_by: ['week', 'cell_id'], columns: [], attribution: 'synthetic',
    licence: 'none', citation: 'none', caveats: [], simulated: true,
  };
  const catalog: Catalog = { version: 1, built_at: new Date(0).toISOString(), simulated: true, attribution: 'synthetic', citation: 'none', macros: [], tables: { weekly } };
  await writeFile(join(dir, 'catalog.json'), JSON.stringify(catalog));
  return dir;
}
