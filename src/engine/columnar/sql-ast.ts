/**
 * The read-only SQL subset the columnar executor runs (parse-sql.ts reads it; anything else is
 * left to DuckDB). It is the shape of the SQL Perch's own tools send: one SELECT with CTEs
 * (VALUES or queries), inner and cross joins, WHERE, GROUP BY with aggregates, window functions
 * in the select list and QUALIFY, ORDER BY, LIMIT/OFFSET, IN lists and uncorrelated subqueries.
 */

/** DuckDB's types for the values the subset handles; `decimal` is a literal like 7.0, computed as a double. */
export type SqlType = 'integer' | 'bigint' | 'double' | 'decimal' | 'varchar' | 'boolean' | 'date' | 'null';

/** A value in the executor: numbers for every numeric type (dates as days since 1970-01-01). */
export type SqlValue = number | string | boolean | null;

export type BinaryOperator =
  | 'and'
  | 'or'
  | '='
  | '<>'
  | '<'
  | '<='
  | '>'
  | '>='
  | '+'
  | '-'
  | '*'
  | '/'
  | '//'
  | '%'
  | '||';

export type Expression =
  | { kind: 'literal'; value: SqlValue; type: SqlType }
  | { kind: 'column'; table?: string; name: string }
  | { kind: 'unary'; operator: 'not' | '-'; operand: Expression }
  | { kind: 'binary'; operator: BinaryOperator; left: Expression; right: Expression }
  | { kind: 'is-null'; operand: Expression; negated: boolean }
  | { kind: 'in-list'; operand: Expression; items: Expression[]; negated: boolean }
  | { kind: 'in-query'; operand: Expression; query: Query; negated: boolean }
  | { kind: 'between'; operand: Expression; low: Expression; high: Expression; negated: boolean }
  | {
      kind: 'call';
      name: string;
      args: Expression[];
      /** `count(*)`. */
      star: boolean;
      distinct: boolean;
      filter?: Expression;
      over?: WindowSpec;
    }
  | {
      kind: 'case';
      operand?: Expression;
      whens: { when: Expression; result: Expression }[];
      otherwise?: Expression;
    }
  | { kind: 'cast'; operand: Expression; to: SqlType }
  | { kind: 'subquery'; query: Query };

export interface WindowSpec {
  partitionBy: Expression[];
  orderBy: OrderItem[];
}

export interface OrderItem {
  expression: Expression;
  descending: boolean;
  /** DuckDB's default is NULLS LAST in both directions. */
  nullsFirst: boolean;
}

export type SelectItem =
  | { kind: 'star'; table?: string }
  | { kind: 'expression'; expression: Expression; alias?: string };

export type Source =
  | { kind: 'table'; name: string; alias: string }
  | { kind: 'subquery'; query: Query; alias: string; columns?: string[] };

/**
 * A FROM entry: the first has no join; later ones join with ON (inner, or left when `left`) or
 * without (a comma: cross).
 */
export interface FromItem {
  source: Source;
  on?: Expression;
  left?: boolean;
}

export interface Select {
  kind: 'select';
  distinct: boolean;
  items: SelectItem[];
  from: FromItem[];
  where?: Expression;
  groupBy: Expression[];
  /** GROUP BY ALL: every select item without an aggregate (`groupBy` is empty). */
  groupByAll?: boolean;
  having?: Expression;
  qualify?: Expression;
}

export interface Values {
  kind: 'values';
  rows: Expression[][];
}

export interface CommonTable {
  name: string;
  columns?: string[];
  query: Query;
}

export interface Query {
  ctes: CommonTable[];
  body: Select | Values;
  orderBy: OrderItem[];
  limit?: number;
  offset?: number;
}

/**
 * Thrown for anything outside the subset, and for anything whose meaning the executor cannot be
 * sure matches DuckDB's: the query then runs on DuckDB, which also words its errors.
 */
export class NotColumnar extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NotColumnar';
  }
}

export function notColumnar(reason: string): never {
  throw new NotColumnar(reason);
}
