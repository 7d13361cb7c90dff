import type { Catalog, ColumnType } from '../catalog/types';

/**
 * The planner's stand-in tables. A query is planned (scan-needs.ts) before its data is loaded, so
 * it cannot be planned on the real tables: an empty or partly loaded table lets DuckDB's statistics
 * prove a filter empty and drop the scan (measured: `EXPLAIN` over an empty `weekly` shows
 * EMPTY_RESULT, not the scan with its filters). So every catalog table has a twin in this schema
 * holding three rows: each column's smallest value, its largest, and NULL — statistics that rule
 * nothing out. A connection whose search_path starts with this schema plans against the twins;
 * macros and added tables still resolve in `main`. Queries may not name the schema (check-sql-text).
 */
export const PLAN_SCHEMA = 'perch_plan';

const EXTREMES: Record<ColumnType, [string, string]> = {
  VARCHAR: ["''", 'chr(1114111)'],
  INTEGER: ['-2147483648', '2147483647'],
  BIGINT: ['-9223372036854775808', '9223372036854775807'],
  DOUBLE: ["'-inf'::DOUBLE", "'inf'::DOUBLE"],
  BOOLEAN: ['false', 'true'],
  DATE: ["'-infinity'::DATE", "'infinity'::DATE"],
};

/** Statements that create the twins of the catalog's file-backed tables. */
export function planShadowStatements(catalog: Catalog): string[] {
  const statements: string[] = [];
  for (const [name, table] of Object.entries(catalog.tables)) {
    if (table.files.length === 0 || table.columns.length === 0) continue;
    const target = `${PLAN_SCHEMA}."${name}"`;
    const columns = table.columns.map((column) => `"${column.name}" ${column.type}`).join(', ');
    const row = (index: 0 | 1) =>
      `(${table.columns.map((column) => EXTREMES[column.type][index]).join(', ')})`;
    const nulls = `(${table.columns.map(() => 'NULL').join(', ')})`;
    statements.push(
      `CREATE TABLE ${target} (${columns})`,
      `INSERT INTO ${target} VALUES ${row(0)}, ${row(1)}, ${nulls}`,
    );
  }
  return statements;
}

/**
 * Make a connection's name resolution prefer the twins (run before the configuration lock).
 * Late materialization turns `ORDER BY … LIMIT n` into a rowid semi-join of a filtered scan with
 * an unfiltered scan of the same table, and the unfiltered one read as "every row": a peak-week
 * question on weekly_regions loaded all 45 species files (2.1 MB) of the scale site instead of one.
 * The setting is global in DuckDB, so the queries themselves run without it too; they read only
 * the loaded pieces, so the rewrite has little left to save there.
 */
export const PLAN_CONNECTION_SETUP: readonly string[] = [
  `CREATE SCHEMA IF NOT EXISTS ${PLAN_SCHEMA}`,
  `SET search_path = '${PLAN_SCHEMA},main'`,
  `SET disabled_optimizers = 'late_materialization'`,
];
