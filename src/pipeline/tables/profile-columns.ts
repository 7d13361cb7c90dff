import { sqlString } from '../../engine';
import { join } from 'node:path';
import type { CatalogColumn, CatalogFile } from '../../catalog/types';
import type { Stage } from './stage';
import type { TableSpec } from './table-specs';

/** Above this many rows distinct counts are HyperLogLog estimates (approx_count_distinct), to keep scale builds fast. */
const EXACT_DISTINCT_MAX_ROWS = 2_000_000;

function asJson(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value === null || typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean')
    return value;
  return String(value);
}

/**
 * Profiles each column of a table from the parquet files just written (so the catalog describes
 * what was shipped, not what was staged): distinct count, min/max, null share, up to 5 examples.
 * GeoJSON columns get no examples or min/max: one value can be megabytes.
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
  const profiled: CatalogColumn[] = [];
  for (const column of spec.columns) {
    const name = `"${column.name}"`;
    const geometry = column.name.endsWith('_geojson');
    const numeric = ['INTEGER', 'BIGINT', 'DOUBLE'].includes(column.type);
    const cast = (expression: string) =>
      numeric ? `${expression}::DOUBLE` : column.type === 'BOOLEAN' ? expression : `${expression}::VARCHAR`;
    const distinct =
      rows > EXACT_DISTINCT_MAX_ROWS ? `approx_count_distinct(${name})` : `count(DISTINCT ${name})`;
    const stats = (
      await stage.connection.runAndReadAll(
        `SELECT ${distinct}::BIGINT, ${geometry ? 'NULL' : cast(`min(${name})`)}, ${geometry ? 'NULL' : cast(`max(${name})`)}, count(*) - count(${name}) FROM ${source}`,
      )
    ).getRows()[0];
    const examples = geometry
      ? []
      : (
          await stage.connection.runAndReadAll(
            `SELECT DISTINCT ${cast(name)} AS v FROM ${source} WHERE ${name} IS NOT NULL ORDER BY v LIMIT 5`,
          )
        )
          .getRows()
          .map((row) => asJson(row[0]));
    const entry: CatalogColumn = {
      ...column,
      examples,
      distinct: Number(stats[0]),
      null_fraction: Number(stats[3]) / rows,
    };
    if (!geometry && column.type !== 'BOOLEAN') {
      entry.min = asJson(stats[1]) as number | string | null;
      entry.max = asJson(stats[2]) as number | string | null;
    }
    profiled.push(entry);
  }
  return profiled;
}
