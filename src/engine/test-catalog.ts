import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { Catalog, CatalogColumn, CatalogTable, ColumnType } from '../catalog/types';
import { DATA_VERSION } from '../catalog/data-version';

/**
 * Test support (Node only): a tiny catalog and parquet files written by native DuckDB the way the
 * pipeline writes them (zstd, parquet format 2 as write-tables.ts's PARQUET_ENCODING, DATE columns, `weekly` partitioned by species with one row group
 * per week). Values are simple formulas so tests can compute the expected answers themselves.
 */
export interface TestCatalog {
  dir: string;
  catalog: Catalog;
}

interface TableSpec {
  name: string;
  columns: [string, ColumnType][];
  /** One SELECT per file, with the partition it holds. */
  files: { path: string; select: string; partition?: Record<string, string> }[];
  partition_by?: string[];
  sort_by?: string[];
  rowGroupSize?: number;
}

export const TEST_SPECIES = ['amerob', 'yebsap'] as const;

/**
 * abundance for (species index s, week w, cell c): NULL when (w + c) % 7 = 0, else s + w / 100 +
 * c / 1000; with `intervals`, also its 80% interval at 0.8× and 1.25×.
 */
const WEEKLY_SELECT = (speciesIndex: number, code: string, cells: number, intervals: boolean) => `
  SELECT '${code}' AS species_code, CAST(w.range AS INTEGER) AS week,
         CAST(DATE '2023-01-04' + INTERVAL (7 * (w.range - 1)) DAY AS DATE) AS date,
         CAST(c.range AS BIGINT) AS cell_id,
         CASE WHEN (w.range + c.range) % 7 = 0 THEN NULL ELSE ${speciesIndex} + w.range / 100 + c.range / 1000 END AS abundance
         ${intervals ? ', abundance * 0.8 AS abundance_lower, abundance * 1.25 AS abundance_upper' : ''}
  FROM range(1, 53) w, range(0, ${cells}) c ORDER BY week, cell_id`;

const INTERVAL_COLUMNS: [string, ColumnType][] = [
  ['abundance_lower', 'DOUBLE'],
  ['abundance_upper', 'DOUBLE'],
];

export interface TestCatalogOptions {
  /**
   * Cells per week of `weekly`, which is also its row-group size: 40 gives one row group per
   * file (DuckDB rounds row groups up to its 2048-row vectors); 2048 gives one row group per week,
   * as the pipeline lays out a real species.
   * @default 40
   */
  cellsPerWeek?: number;
  /** `weekly` gets abundance_lower and abundance_upper too: columns a one-measure question must not fetch. */
  intervals?: boolean;
  /**
   * A `regions` table as the pipeline writes it: one file, no sort key, 5,000 rows in three row
   * groups, names beside a long boundary text (REGION_SHAPE) that a name lookup must not fetch.
   */
  regions?: boolean;
}

export const TEST_REGION_COUNT = 5_000;

/** Region `i`'s boundary: ~600 characters of digits that compress poorly, so the column is most of the file. */
export const REGION_SHAPE = (i: string) =>
  `'{"type":"Polygon","coordinates":[' || list_aggregate([hash(${i} * 1000 + k) % 100000 FOR k IN range(60)], 'string_agg', ',') || ']}'`;

const REGIONS_TABLE: TableSpec = {
  name: 'regions',
  columns: [
    ['region_code', 'VARCHAR'],
    ['name', 'VARCHAR'],
    ['geometry_geojson', 'VARCHAR'],
  ],
  rowGroupSize: 2048,
  files: [
    {
      path: 'regions.parquet',
      select: `SELECT 'R' || lpad(CAST(range AS VARCHAR), 4, '0') AS region_code, 'Region ' || range AS name, ${REGION_SHAPE('range')} AS geometry_geojson FROM range(0, ${TEST_REGION_COUNT}) ORDER BY region_code`,
    },
  ],
};

const tableSpecs = (cells: number, intervals: boolean): TableSpec[] => [
  {
    name: 'species',
    columns: [
      ['species_code', 'VARCHAR'],
      ['common_name', 'VARCHAR'],
      ['release', 'INTEGER'],
    ],
    files: [
      {
        path: 'species.parquet',
        select: `SELECT * FROM (VALUES ('amerob', 'American Robin', 2023), ('yebsap', 'Yellow-bellied Sapsucker', 2023)) t(species_code, common_name, release)`,
      },
    ],
  },
  {
    name: 'seasons',
    columns: [
      ['species_code', 'VARCHAR'],
      ['season', 'VARCHAR'],
      ['start_week', 'INTEGER'],
      ['end_week', 'INTEGER'],
    ],
    files: [
      {
        path: 'seasons.parquet',
        select: `SELECT * FROM (VALUES ('yebsap', 'nonbreeding', 47, 10), ('yebsap', 'prebreeding_migration', 11, 19), ('yebsap', 'breeding', 20, 33), ('yebsap', 'postbreeding_migration', 34, 46)) t(species_code, season, start_week, end_week)`,
      },
    ],
  },
  {
    name: 'cells',
    columns: [
      ['cell_id', 'BIGINT'],
      ['lon', 'DOUBLE'],
      ['lat', 'DOUBLE'],
    ],
    files: [
      {
        path: 'cells.parquet',
        select: `SELECT CAST(range AS BIGINT) AS cell_id, -90 + range / 5 AS lon, 42 + range / 10 AS lat FROM range(0, ${cells})`,
      },
    ],
  },
  {
    name: 'weekly',
    columns: [
      ['species_code', 'VARCHAR'],
      ['week', 'INTEGER'],
      ['date', 'DATE'],
      ['cell_id', 'BIGINT'],
      ['abundance', 'DOUBLE'],
      ...(intervals ? INTERVAL_COLUMNS : []),
    ],
    partition_by: ['species_code'],
    sort_by: ['week', 'cell_id'],
    rowGroupSize: cells,
    files: TEST_SPECIES.map((code, index) => ({
      path: `weekly/species_code=${code}.parquet`,
      select: WEEKLY_SELECT(index, code, cells, intervals),
      partition: { species_code: code },
    })),
  },
  {
    name: 'private_notes',
    columns: [['note', 'VARCHAR']],
    files: [{ path: 'private_notes.parquet', select: `SELECT 'never read me' AS note` }],
  },
];

/** Catalog columns for a fixture table: names and types, each column's meaning its name. */
export function fixtureColumns(columns: readonly [string, ColumnType][]): CatalogColumn[] {
  return columns.map(([name, type]) => ({
    name,
    type,
    meaning: name,
    examples: [],
    distinct: 0,
    null_fraction: 0,
  }));
}

export async function makeTestCatalog(options: TestCatalogOptions = {}): Promise<TestCatalog> {
  const dir = await mkdtemp(join(tmpdir(), 'perch-engine-'));
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const tables: Record<string, CatalogTable> = {};
  const specs = [
    ...tableSpecs(options.cellsPerWeek ?? 40, options.intervals ?? false),
    ...(options.regions ? [REGIONS_TABLE] : []),
  ];
  for (const spec of specs) {
    const files = [];
    let rows = 0;
    for (const file of spec.files) {
      const full = join(dir, file.path);
      await mkdir(join(full, '..'), { recursive: true });
      const rowGroup = spec.rowGroupSize ? `, ROW_GROUP_SIZE ${spec.rowGroupSize}` : '';
      await connection.run(
        `COPY (${file.select}) TO '${full}' (FORMAT parquet, COMPRESSION zstd, PARQUET_VERSION v2${rowGroup})`,
      );
      const count = Number(
        (await connection.runAndReadAll(`SELECT count(*) AS n FROM (${file.select})`)).getRowObjectsJS()[0].n,
      );
      rows += count;
      files.push({
        path: file.path,
        bytes: (await stat(full)).size,
        rows: count,
        partition: file.partition,
        sha256: createHash('sha256')
          .update(await readFile(full))
          .digest('hex'),
      });
    }
    tables[spec.name] = {
      name: spec.name,
      title: spec.name,
      row_meaning: `one ${spec.name} row`,
      description: 'engine test fixture',
      rows,
      files,
      partition_by: spec.partition_by ?? [],
      sort_by: spec.sort_by ?? [],
      columns: fixtureColumns(spec.columns),
      attribution: 'test',
      licence: 'test',
      citation: 'test',
      release: [2023],
      caveats: [],
      simulated: true,
    };
  }
  connection.closeSync();
  instance.closeSync();
  const catalog: Catalog = {
    version: DATA_VERSION,
    built_at: '2026-01-01T00:00:00Z',
    simulated: true,
    attribution: 'test',
    citation: 'test',
    macros: [],
    tables,
  };
  await writeFile(join(dir, 'catalog.json'), JSON.stringify(catalog, null, 2));
  return { dir, catalog };
}
