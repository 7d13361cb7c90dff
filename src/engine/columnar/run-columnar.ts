import * as arrow from 'apache-arrow';
import { type ColumnKind, toVector } from '../arrow-columns';
import { CallDeadline } from '../call-deadline';
import { checkScope } from '../check-scope';
import { tableBytes } from '../duckdb-session';
import { engineError } from '../engine-error';
import type { QueryLimits } from '../types';
import { executeQuery } from './execute-query';
import type { TableReader } from './parquet-tables';
import { parseSql } from './parse-sql';
import { queryLevels } from './query-walk';
import type { Relation } from './relation';
import { NotColumnar, notColumnar, type Query, type SqlType } from './sql-ast';

/**
 * The columnar path of a query (issue 16): SQL in the subset Perch's tools send (sql-ast.ts) runs
 * in the agent worker straight from the parquet files, without DuckDB — so the first answer does
 * not wait for the 34 MB wasm (2.3–3.0 s to instantiate in Chromium here, 2026-12-05), and a
 * species-week question does not pay for Arrow IPC, an insert and DuckDB's round trips. The same
 * checks and limits as the DuckDB path apply: the scope check on the tables the query reads, the
 * deadline (loads outside the clock, as there), the row and byte caps. `undefined` means the text
 * is outside the subset, or its meaning might differ from DuckDB's: it then runs on DuckDB.
 */
export interface ColumnarAnswer {
  table: arrow.Table;
  bytes: number;
  /** Catalog tables read, sorted. */
  tablesRead: string[];
  bytesFetched: number;
}

export interface ColumnarOptions {
  scope: readonly string[];
  catalogTables: readonly string[];
  limits: QueryLimits;
  signal?: AbortSignal;
}

export async function runColumnar(
  body: string,
  tables: TableReader,
  options: ColumnarOptions,
): Promise<ColumnarAnswer | undefined> {
  let query: Query;
  try {
    query = parseSql(body);
  } catch (error) {
    if (error instanceof NotColumnar) return undefined;
    throw error;
  }
  const { named, ctes } = tableNames(query);
  // A CTE named like a catalog table: DuckDB's scoping rules decide which one a FROM means.
  if (ctes.some((name) => options.catalogTables.some((table) => table.toLowerCase() === name)))
    return undefined;
  if (named.some((name) => tables.fields(name) === undefined)) return undefined;
  const scoped = checkScope(named, options.scope, options.catalogTables);
  if (!scoped.ok) throw engineError('sql_rejected', scoped.problem, scoped.fix);
  const deadline = new CallDeadline(options.limits.timeoutMs, options.signal);
  let bytesFetched = 0;
  const read = new Set<string>();
  try {
    const relation = await executeQuery(query, {
      tables: {
        fields: tables.fields,
        read: (...args) => deadline.outsideClock(tables.read(...args)),
      },
      checkpoint: () => deadline.throwIfStopped(),
      onBytes: (bytes) => (bytesFetched += bytes),
      read,
    });
    deadline.throwIfStopped();
    if (relation.length > options.limits.maxRows) throw tooLarge(`more than ${options.limits.maxRows} rows`);
    const table = toArrow(relation);
    const bytes = tableBytes(table);
    if (bytes > options.limits.maxBytes) throw tooLarge(`more than ${options.limits.maxBytes} bytes`);
    return { table, bytes, tablesRead: [...read].sort(), bytesFetched };
  } catch (error) {
    if (error instanceof NotColumnar) return undefined;
    throw error;
  } finally {
    deadline.dispose();
  }
}

/** The same words as the DuckDB path's result_too_large. */
function tooLarge(limit: string) {
  return engineError(
    'result_too_large',
    `the result has ${limit}`,
    'Aggregate (GROUP BY, count, avg), filter with WHERE, or select fewer columns',
  );
}

/** Names read in FROM at every level that are not CTEs, and the CTE names (lower case). */
function tableNames(query: Query): { named: string[]; ctes: string[] } {
  const tables = new Set<string>();
  const ctes = new Set<string>();
  for (const level of queryLevels(query)) {
    for (const cte of level.ctes) ctes.add(cte.name.toLowerCase());
    if (level.body.kind === 'select')
      for (const { source } of level.body.from)
        if (source.kind === 'table') tables.add(source.name.toLowerCase());
  }
  return { named: [...tables].filter((name) => !ctes.has(name)), ctes: [...ctes] };
}

/** DuckDB-WASM's Arrow types: INTEGER Int32, BIGINT Int64, DATE DateDay, and an untyped NULL column Int32. */
const ARROW_KINDS: Partial<Record<SqlType, ColumnKind>> = {
  integer: 'int32',
  bigint: 'int64',
  double: 'float64',
  varchar: 'utf8',
  boolean: 'bool',
  date: 'date',
  null: 'int32',
};

/** One record batch, as DuckDB answers (an empty result too: a batch of no rows). */
function toArrow(relation: Relation): arrow.Table {
  const vectors = relation.fields.map((field, index) =>
    toVector(
      ARROW_KINDS[field.type] ?? notColumnar(`a ${field.type} result column`),
      relation.columns[index],
      relation.length,
    ),
  );
  const schema = new arrow.Schema(
    relation.fields.map((field, index) => new arrow.Field(field.name, vectors[index].type, true)),
  );
  const data = arrow.makeData({
    type: new arrow.Struct(schema.fields),
    length: relation.length,
    nullCount: 0,
    children: vectors.map((vector) => vector.data[0]),
  });
  return new arrow.Table([new arrow.RecordBatch(schema, data)]);
}
