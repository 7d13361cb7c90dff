import { notColumnar, type SqlType, type SqlValue } from './sql-ast';

/** One column of a relation: a decoded parquet column (typed array or array; undefined reads as NULL) or computed values. */
export type Column = ArrayLike<SqlValue | undefined>;

export interface Field {
  /** The table alias the column can be qualified with; null for a query's output. */
  qualifier: string | null;
  name: string;
  type: SqlType;
}

/** Rows held column by column. */
export interface Relation {
  fields: Field[];
  columns: Column[];
  length: number;
}

/** The value of a column at a row, with a missing value (hyparquet's undefined) as NULL. */
export const valueAt = (column: Column, row: number): SqlValue => column[row] ?? null;

/** The rows at `indexes`, in that order. */
export function gather(relation: Relation, indexes: ArrayLike<number>): Relation {
  return {
    fields: relation.fields,
    columns: relation.columns.map((column) => gatherColumn(column, indexes)),
    length: indexes.length,
  };
}

export function gatherColumn(column: Column, indexes: ArrayLike<number>): Column {
  const out: SqlValue[] = new Array(indexes.length);
  for (let index = 0; index < indexes.length; index++) out[index] = column[indexes[index]] ?? null;
  return out;
}

/** The same rows under another alias (a subquery or CTE read in FROM), columns optionally renamed by position. */
export function requalify(relation: Relation, qualifier: string, names?: readonly string[]): Relation {
  if (names && names.length > relation.fields.length) notColumnar('more column names than columns');
  return {
    ...relation,
    fields: relation.fields.map((field, index) => ({
      ...field,
      qualifier,
      name: names?.[index] ?? field.name,
    })),
  };
}

/**
 * The field a column reference names: its qualifier (if any) and name match case-insensitively,
 * as DuckDB's do. No match (an outer query's column, a select alias) or two (ambiguous) leave the
 * query to DuckDB.
 */
export function resolveField(fields: readonly Field[], table: string | undefined, name: string): number {
  const wanted = name.toLowerCase();
  const qualifier = table?.toLowerCase();
  let found = -1;
  for (const [index, field] of fields.entries()) {
    if (field.name.toLowerCase() !== wanted) continue;
    if (qualifier !== undefined && field.qualifier?.toLowerCase() !== qualifier) continue;
    if (found !== -1) notColumnar(`the column name ${name} is ambiguous`);
    found = index;
  }
  if (found === -1) notColumnar(`no column ${table ? `${table}.` : ''}${name} in scope`);
  return found;
}
