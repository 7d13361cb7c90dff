import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import type { Catalog, ColumnType } from '../catalog/types';
import { fixtureColumns } from '../engine/test-catalog';
import type { StaticServerOptions } from '../../test/static-server';
import type { AttachOutcome, AttachRun } from './attach-browser/attach-page';
import { openEngineBenchPage } from './engine-bench-page';
import { median } from './engine-bench-queries';
import { DATA_VERSION } from '../catalog/data-version';

/**
 * Issue 16 asks to weigh two ways of reading only what a question needs before choosing:
 * (a) the engine's hyparquet path — footer, then the row groups and columns DuckDB's plan needs
 * (scan-needs.ts, table-loader.ts) — over the pipeline's parquet layout, and (b) DuckDB's own
 * database file, one per species, ATTACHed read-only from a registered HTTP URL so DuckDB reads
 * its blocks by range itself. Both read the same synthetic species (the pipeline's weekly
 * columns, sorted by week and cell) in Chromium, each on a fresh DuckDB, served by a
 * range-capable host, a GitHub-Pages-like host (a ranged HEAD answers 200: duckdb-wasm#1189) and
 * a host without ranges; native DuckDB reads the same two files for reference.
 */
export interface AttachBenchOptions {
  /** Cells of the species (rows per week). @default 60_000 (the scale bench's median species) */
  cells?: number;
  /** Timed runs per case (each on a fresh DuckDB). @default 3 */
  runs?: number;
}

export interface AttachCase {
  host: string;
  way: 'parquet + hyparquet (engine)' | 'ATTACH .duckdb';
  query: string;
  ms: { min: number; median: number };
  /** Body bytes the server sent for the data file in the first run. */
  bytes: number;
  requests: number;
  rows: number;
  first: string;
}

export interface AttachBenchReport {
  cells: number;
  parquetBytes: number;
  duckdbBytes: number;
  native: { query: string; parquetMs: number; duckdbMs: number }[];
  cases: AttachCase[];
  errors: string[];
}

const QUERIES: Record<string, string> = {
  'species-week map': "SELECT cell_id, abundance FROM weekly WHERE species_code = 'sim' AND week = 24",
  'weekly series':
    "SELECT week, avg(abundance) AS mean FROM weekly WHERE species_code = 'sim' GROUP BY week ORDER BY week",
};

const HOSTS: Record<string, StaticServerOptions> = {
  'range host': {},
  'Pages-like host (HEAD 200)': { headRanges: false },
  'no-range host': { ranges: false },
};

const COLUMNS: [string, ColumnType][] = [
  ['species_code', 'VARCHAR'],
  ['week', 'INTEGER'],
  ['date', 'DATE'],
  ['cell_id', 'INTEGER'],
  ['abundance', 'DOUBLE'],
  ['abundance_lower', 'DOUBLE'],
  ['abundance_upper', 'DOUBLE'],
  ['occurrence', 'DOUBLE'],
  ['count', 'DOUBLE'],
  ['proportion_population', 'DOUBLE'],
];

/** One species' weekly rows: S&T-like values (about a third zeros, five significant digits), sorted as the pipeline writes them. */
function weeklySelect(cells: number): string {
  const value = (salt: number, scale: number) =>
    `CASE WHEN hash(c.range, w.range, ${salt}) % 3 = 0 THEN 0 ELSE round((hash(c.range, w.range, ${salt}) % 100000) / 100000.0 * ${scale}, 5) END`;
  return `SELECT 'sim' AS species_code, CAST(w.range AS INTEGER) AS week,
      CAST(DATE '2023-01-04' + INTERVAL (7 * (w.range - 1)) DAY AS DATE) AS date, CAST(c.range AS INTEGER) AS cell_id,
      ${value(1, 2)} AS abundance, ${value(2, 1)} AS abundance_lower, ${value(3, 4)} AS abundance_upper,
      ${value(4, 1)} AS occurrence, ${value(5, 6)} AS count, ${value(6, 0.0001)} AS proportion_population
    FROM range(1, 53) w, range(0, ${cells}) c ORDER BY week, cell_id`;
}

async function writeSpecies(dir: string, cells: number): Promise<{ parquet: string; duckdb: string }> {
  const parquet = join(dir, 'weekly', 'species_code=sim.parquet');
  const duckdb = join(dir, 'species.duckdb');
  await mkdir(join(dir, 'weekly'), { recursive: true });
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  // The pipeline's row groups: one week's cells, rounded up to DuckDB's 2048-row vectors (write-tables.ts).
  await connection.run(
    `COPY (${weeklySelect(cells)}) TO '${parquet}' (FORMAT parquet, ROW_GROUP_SIZE ${Math.max(2048, cells)})`,
  );
  // DuckDB-WASM 1.32 is DuckDB 1.4.3: native 1.5 must write a storage version it can read (measured: it reads v1.4.0).
  await connection.run(`ATTACH '${duckdb}' AS species (STORAGE_VERSION 'v1.4.0')`);
  await connection.run(`CREATE TABLE species.weekly AS ${weeklySelect(cells)}`);
  await connection.run('DETACH species');
  connection.closeSync();
  instance.closeSync();
  const bytes = (await stat(parquet)).size;
  const columns = fixtureColumns(COLUMNS);
  const catalog = {
    version: DATA_VERSION,
    built_at: new Date().toISOString(),
    simulated: true,
    attribution: 'synthetic',
    citation: 'synthetic',
    macros: [],
    tables: {
      weekly: {
        name: 'weekly',
        title: 'weekly',
        row_meaning: 'one cell in one week',
        description: 'attach bench species',
        rows: cells * 52,
        files: [
          {
            path: 'weekly/species_code=sim.parquet',
            bytes,
            rows: cells * 52,
            partition: { species_code: 'sim' },
            sha256: '',
          },
        ],
        partition_by: ['species_code'],
        sort_by: ['week', 'cell_id'],
        columns,
        attribution: 'synthetic',
        licence: 'synthetic',
        citation: 'synthetic',
        release: [2023],
        caveats: [],
        simulated: true,
      },
    },
  } as unknown as Catalog;
  await writeFile(join(dir, 'catalog.json'), JSON.stringify(catalog));
  return { parquet, duckdb };
}

async function nativeMs(sql: string, setup: string): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < 3; run++) {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    const started = performance.now();
    await connection.run(setup);
    await connection.runAndReadAll(sql);
    times.push(performance.now() - started);
    connection.closeSync();
    instance.closeSync();
  }
  return median(times);
}

export async function runAttachBench(options: AttachBenchOptions = {}): Promise<AttachBenchReport> {
  const cells = options.cells ?? 60_000;
  const runs = options.runs ?? 3;
  const dir = await mkdtemp(join(tmpdir(), 'perch-attach-bench-'));
  try {
    const files = await writeSpecies(dir, cells);
    const report: AttachBenchReport = {
      cells,
      parquetBytes: (await stat(files.parquet)).size,
      duckdbBytes: (await stat(files.duckdb)).size,
      native: [],
      cases: [],
      errors: [],
    };
    for (const [query, sql] of Object.entries(QUERIES))
      report.native.push({
        query,
        parquetMs: await nativeMs(
          sql,
          `CREATE VIEW weekly AS SELECT * FROM read_parquet('${files.parquet}')`,
        ),
        duckdbMs: await nativeMs(
          sql.replace('FROM weekly', 'FROM species.weekly'),
          `ATTACH '${files.duckdb}' AS species (READ_ONLY)`,
        ),
      });
    const pageRoot = fileURLToPath(new URL('./attach-browser/', import.meta.url));
    for (const [host, server] of Object.entries(HOSTS)) {
      const bench = await openEngineBenchPage({ species: dir }, { server, pageRoot });
      try {
        const base = bench.dataUrl('species');
        const ways = [
          {
            way: 'parquet + hyparquet (engine)',
            path: 'weekly/species_code=sim.parquet',
            call: 'engineQuery',
            target: base,
          },
          {
            way: 'ATTACH .duckdb',
            path: 'species.duckdb',
            call: 'attachQuery',
            target: `${base}species.duckdb`,
          },
        ] as const;
        for (const [query, sql] of Object.entries(QUERIES))
          for (const way of ways) {
            const times: number[] = [];
            let first: (AttachRun & { bytes: number; requests: number }) | null = null;
            for (let run = 0; run < runs; run++) {
              bench.server.resetStats();
              const text =
                way.call === 'attachQuery' ? sql.replace('FROM weekly', 'FROM species.weekly') : sql;
              const result = (await bench.page.evaluate(
                ([call, target, statement]) => window.perchAttach[call](target, statement),
                [way.call, way.target, text] as const,
              )) as AttachOutcome<AttachRun>;
              if (!result.ok) {
                report.errors.push(`${host} · ${way.way} · ${query}: ${result.message}`);
                break;
              }
              const served = Object.entries(bench.server.stats.byPath).find(([path]) =>
                path.endsWith(way.path),
              )?.[1];
              times.push(result.value.ms);
              first ??= { ...result.value, bytes: served?.bytesSent ?? 0, requests: served?.requests ?? 0 };
            }
            if (first)
              report.cases.push({
                host,
                way: way.way,
                query,
                ms: { min: Math.min(...times), median: median(times) },
                bytes: first.bytes,
                requests: first.requests,
                rows: first.rows,
                first: first.first,
              });
          }
      } finally {
        await bench.close();
      }
    }
    return report;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

export function formatAttachBench(report: AttachBenchReport): string {
  const lines = [
    `one species, ${report.cells.toLocaleString('en')} cells × 52 weeks: parquet ${mb(report.parquetBytes)}, .duckdb ${mb(report.duckdbBytes)}`,
    ...report.native.map(
      (row) =>
        `native DuckDB (local files, median of 3): ${row.query}: parquet ${row.parquetMs.toFixed(0)} ms, .duckdb ${row.duckdbMs.toFixed(0)} ms`,
    ),
    '',
    'host | way | question | ms min/median | bytes fetched | requests | rows',
    ...report.cases.map(
      (row) =>
        `${row.host} | ${row.way} | ${row.query} | ${row.ms.min.toFixed(0)}/${row.ms.median.toFixed(0)} | ${mb(row.bytes)} | ${row.requests} | ${row.rows}`,
    ),
  ];
  for (const [query] of Object.entries(QUERIES)) {
    const answers = new Set(report.cases.filter((row) => row.query === query).map((row) => row.first));
    lines.push(
      `${query}: the two ways ${answers.size <= 1 ? 'agree' : `DISAGREE (${[...answers].join(' vs ')})`} on the first row`,
    );
  }
  if (report.errors.length > 0) lines.push('', 'errors:', ...report.errors.map((error) => `  ${error}`));
  return lines.join('\n');
}
