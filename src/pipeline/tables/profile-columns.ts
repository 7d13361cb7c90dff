import { sqlString } from '../../engine';
import { DuckDBListValue } from '@duckdb/node-api';
import { join } from 'node:path';
import type { CatalogColumn, CatalogFile } from '../../catalog/types';
import type { Stage } from './stage';
import type { ColumnSpec, TableSpec } from './table-specs';

/** Above this many rows distinct counts are HyperLogLog estimates (approx_count_distinct), to keep scale builds fast. */
const EXACT_DISTINCT_MAX_ROWS = 2_000_000;
/** Examples per column: its smallest distinct values. */
const EXAMPLES = 5;

type Scalar = number | string | boolean | null;

function asJson(value: unknown): Scalar {
  if (typeof value === 'bigint') return Number(value);
  if (value === null || typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean')
    return value;
  return String(value);
}

function isNumeric(column: ColumnSpec): boolean {
  return ['INTEGER', 'BIGINT', 'DOUBLE'].includes(column.type);
}

function isGeometry(column: ColumnSpec): boolean {
  return column.name.endsWith('_geojson');
}

/**
 * An aggregate of the column as the catalog shows it: numbers as DOUBLE, booleans as they are,
 * the rest as text (`list` for an aggregate giving a list). The cast comes after the aggregate,
 * on one value: every type here sorts as its text does (ISO dates included), and min/max of the
 * 10-species scale site's 13 weekly columns (35 M rows) took 16 s cast to text per row, 3 s not.
 */
function shown(column: ColumnSpec, aggregate: string, list = false): string {
  const suffix = list ? '[]' : '';
  if (isNumeric(column)) return `${aggregate}::DOUBLE${suffix}`;
  return column.type === 'BOOLEAN' ? aggregate : `${aggregate}::VARCHAR${suffix}`;
}

/** A value read back from `shown` as a literal of the column's own type (exact: a double's shortest text round-trips). */
function literal(value: Scalar, column: ColumnSpec): string {
  return `CAST(${sqlString(String(value))} AS ${column.type})`;
}

/**
 * Profiles each column of a table from the parquet files just written (so the catalog describes
 * what was shipped, not what was staged): distinct count, min/max, null share, and as examples
 * the 5 smallest distinct values (as `SELECT DISTINCT … ORDER BY 1 LIMIT 5` gives them). GeoJSON
 * columns get no examples or min/max: one value can be megabytes.
 *
 * Every column is profiled in one scan (its min is its first example); the other examples come
 * from scans of the values above the last one found (examplesAbove), of the columns still short.
 * Two queries per column, the second a `SELECT DISTINCT … ORDER BY` hashing every distinct double,
 * took 35 s of a 10-species scale site's 179 s build (35 M weekly rows), and more than 5 minutes
 * at 200 species; now 12 s there (one scan of all columns 7.7 s, one example scan 4.8 s) and
 * 265 s at 200 species.
 */
export async function profileColumns(
  stage: Stage,
  root: string,
  spec: TableSpec,
  files: CatalogFile[],
): Promise<CatalogColumn[]> {
  const rows = files.reduce((sum, file) => sum + file.rows, 0);
  if (files.length === 0 || rows === 0) {
    return spec.columns.map((column) => ({
      ...column,
      examples: [],
      distinct: 0,
      min: null,
      max: null,
      null_fraction: 0,
    }));
  }
  const source = `read_parquet([${files.map((file) => sqlString(join(root, file.path))).join(', ')}])`;
  const exact = rows <= EXACT_DISTINCT_MAX_ROWS;
  const stats = await columnStats(stage, source, spec.columns, exact);
  const examples = await smallestDistinct(stage, source, spec.columns, stats, exact);
  return spec.columns.map((column, index) => {
    const { distinct, min, max, nulls } = stats[index]!;
    const entry: CatalogColumn = {
      ...column,
      examples: examples[index]!,
      distinct,
      null_fraction: nulls / rows,
    };
    if (!isGeometry(column) && column.type !== 'BOOLEAN') {
      entry.min = min as number | string | null;
      entry.max = max as number | string | null;
    }
    return entry;
  });
}

interface ColumnStats {
  distinct: number;
  min: Scalar;
  max: Scalar;
  nulls: number;
}

/**
 * Up to EXAMPLES of the smallest values above `above`.
 * `distinct` hashes the values first, which only a column of few distinct values can afford
 * (weeks, cells, codes: 1.3 s for six weekly columns of 35 M rows); otherwise repeats come back
 * too (a double's many zeros), and a column whose distinct values are still short scans again.
 */
function examplesAbove(column: ColumnSpec, distinct: boolean, above: Scalar): string {
  const name = `"${column.name}"`;
  const aggregate = `min(${distinct ? 'DISTINCT ' : ''}${name}, ${EXAMPLES})`;
  return shown(column, `${aggregate} FILTER (WHERE ${name} > ${literal(above, column)})`, true);
}

function sameValue(a: Scalar, b: Scalar): boolean {
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}

function items(value: unknown): Scalar[] {
  return value instanceof DuckDBListValue ? value.items.map(asJson) : [];
}

/** Distinct count, min, max and NULL count of every column, in one scan. */
async function columnStats(
  stage: Stage,
  source: string,
  columns: readonly ColumnSpec[],
  exact: boolean,
): Promise<ColumnStats[]> {
  const selects = columns.flatMap((column) => {
    const name = `"${column.name}"`;
    const geometry = isGeometry(column);
    return [
      `${exact ? `count(DISTINCT ${name})` : `approx_count_distinct(${name})`}::BIGINT`,
      geometry ? 'NULL' : shown(column, `min(${name})`),
      geometry ? 'NULL' : shown(column, `max(${name})`),
      `count(*) - count(${name})`,
    ];
  });
  const [row] = (
    await stage.connection.runAndReadAll(`SELECT ${selects.join(', ')} FROM ${source}`)
  ).getRows();
  return columns.map((_, index) => {
    const at = index * 4;
    return {
      distinct: Number(row![at]),
      min: asJson(row![at + 1]),
      max: asJson(row![at + 2]),
      nulls: Number(row![at + 3]),
    };
  });
}

/** Below this many distinct values (estimated) a column's further examples come from hashing them. */
const HASHED_DISTINCT_MAX = 1_000_000;

/**
 * Each column's EXAMPLES smallest distinct values in the order `shown` sorts them: its min, then
 * scans of the values above its last example for every column still short. A column is done with
 * EXAMPLES values, or when a scan brings fewer than EXAMPLES values: none are left above them.
 */
async function smallestDistinct(
  stage: Stage,
  source: string,
  columns: readonly ColumnSpec[],
  stats: readonly ColumnStats[],
  exact: boolean,
): Promise<Scalar[][]> {
  const found: Scalar[][] = columns.map((column, index) =>
    isGeometry(column) || stats[index]!.min === null ? [] : [stats[index]!.min],
  );
  const add = (index: number, values: readonly Scalar[]): boolean => {
    const list = found[index]!;
    // Values come sorted, so a repeat follows its first; NaN repeats NaN as DuckDB's DISTINCT has it.
    for (const value of values)
      if (list.length < EXAMPLES && !sameValue(value, list.at(-1)!)) list.push(value);
    return list.length < EXAMPLES && values.length === EXAMPLES;
  };
  let open = columns.flatMap((_, index) => (found[index]!.length > 0 ? [index] : []));
  while (open.length > 0) {
    const selects = open.map((index) =>
      examplesAbove(
        columns[index]!,
        exact || stats[index]!.distinct <= HASHED_DISTINCT_MAX,
        found[index]!.at(-1)!,
      ),
    );
    const [row] = (
      await stage.connection.runAndReadAll(`SELECT ${selects.join(', ')} FROM ${source}`)
    ).getRows();
    open = open.filter((index, at) => add(index, items(row![at])));
  }
  return found;
}
