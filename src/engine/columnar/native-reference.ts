import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type * as arrow from 'apache-arrow';
import type { Catalog } from '../../catalog/types';
import { ENGINE_MACROS, startupMacroStatements } from '../engine-macros';

/**
 * Test support (Node only): native DuckDB (@duckdb/node-api) over a catalog's parquet files, each
 * table a view over `read_parquet` of its files and the engine's macros defined, so the same SQL
 * text runs on the original files without Perch's loader or executor — the reference the columnar
 * executor is held to. Results of both sides become `ComparableResult`s.
 */
export interface ComparableResult {
  /** `name:TYPE` per column, in DuckDB's type names. */
  columns: string[];
  rows: unknown[][];
}

export interface NativeReference {
  query(sql: string): Promise<ComparableResult>;
  close(): void;
}

export async function openNativeReference(dataDir: string, catalog: Catalog): Promise<NativeReference> {
  const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
  const connection: DuckDBConnection = await instance.connect();
  for (const [name, table] of Object.entries(catalog.tables)) {
    if (table.files.length === 0) continue;
    const files = table.files.map((file) => `'${join(dataDir, file.path).replaceAll("'", "''")}'`).join(', ');
    await connection.run(`CREATE VIEW "${name}" AS SELECT * FROM read_parquet([${files}])`);
  }
  for (const statement of startupMacroStatements(catalog)) await connection.run(statement);
  for (const macro of ENGINE_MACROS.filter((candidate) => candidate.reads)) await connection.run(macro.sql);
  return {
    async query(sql) {
      const result = await connection.runAndReadAll(sql);
      const names = result.columnNames();
      const types = result.columnTypes().map(String);
      return {
        columns: names.map((name, index) => `${name}:${types[index]}`),
        rows: result.getRowsJS().map((row) => row.map(comparable)),
      };
    },
    close() {
      connection.closeSync();
      instance.closeSync();
    },
  };
}

/** DuckDB's type names for the Arrow types DuckDB-WASM answers with. */
const DUCKDB_TYPES: Record<string, string> = {
  Int32: 'INTEGER',
  Int64: 'BIGINT',
  Float64: 'DOUBLE',
  Utf8: 'VARCHAR',
  Bool: 'BOOLEAN',
  'Date32<DAY>': 'DATE',
};

export function arrowComparable(table: arrow.Table): ComparableResult {
  const fields = table.schema.fields;
  const columns = fields.map(
    (field) => `${field.name}:${DUCKDB_TYPES[String(field.type)] ?? String(field.type)}`,
  );
  const vectors = fields.map((_field, index) => table.getChildAt(index)!);
  const rows: unknown[][] = [];
  for (let row = 0; row < table.numRows; row++)
    rows.push(
      vectors
        .map((vector, index) => {
          const value: unknown = vector.get(row);
          return String(fields[index].type) === 'Date32<DAY>' && value !== null
            ? new Date(value as number)
            : comparable(value);
        })
        .map(comparable),
    );
  return { columns, rows };
}

/** BIGINT as a number, DATE as its ISO day: both sides' values in one form. */
function comparable(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return value ?? null;
}

/**
 * Why two results differ, or undefined when they agree: the same columns and types, the same rows
 * (in order when `ordered`, else as multisets), doubles equal to 1e-12 relative (a sum's order
 * of additions), NaN equal to NaN.
 */
export function resultDifference(
  actual: ComparableResult,
  expected: ComparableResult,
  ordered: boolean,
): string | undefined {
  if (actual.columns.join() !== expected.columns.join())
    return `columns ${actual.columns.join(', ')} ≠ ${expected.columns.join(', ')}`;
  if (actual.rows.length !== expected.rows.length)
    return `${actual.rows.length} rows ≠ ${expected.rows.length}`;
  const [left, right] = ordered
    ? [actual.rows, expected.rows]
    : [[...actual.rows].sort(byKey), [...expected.rows].sort(byKey)];
  for (const [index, row] of left.entries())
    if (!row.every((value, column) => sameValue(value, right[index][column])))
      return `row ${index}: ${JSON.stringify(row)} ≠ ${JSON.stringify(right[index])}`;
  return undefined;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number')
    return Object.is(a, b) || a === b || Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b));
  return a === b;
}

const rowKey = (row: unknown[]) =>
  JSON.stringify(row.map((value) => (typeof value === 'number' ? Number(value.toPrecision(10)) : value)));
const byKey = (a: unknown[], b: unknown[]) => (rowKey(a) < rowKey(b) ? -1 : rowKey(a) > rowKey(b) ? 1 : 0);
