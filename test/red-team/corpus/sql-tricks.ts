/**
 * Ways to hide a function call or a table name from a text guard: case, quoting, comments,
 * qualification, whitespace and nesting. Each trick keeps the SQL valid DuckDB, so a guard that
 * misses it lets DuckDB run the call.
 */
export interface Trick {
  name: string;
  /** SQL that calls table function `name(args)` as a FROM item. */
  table(name: string, args: string): string;
  /** SQL that calls scalar function `name(args)`. */
  scalar(name: string, args: string): string;
}

export const TRICKS: readonly Trick[] = [
  {
    name: 'plain',
    table: (name, args) => `SELECT * FROM ${name}(${args})`,
    scalar: (name, args) => `SELECT ${name}(${args}) AS x`,
  },
  {
    name: 'upper case',
    table: (name, args) => `SELECT * FROM ${name.toUpperCase()}(${args})`,
    scalar: (name, args) => `SELECT ${name.toUpperCase()}(${args}) AS x`,
  },
  {
    name: 'quoted name',
    table: (name, args) => `SELECT * FROM "${name}"(${args})`,
    scalar: (name, args) => `SELECT "${name}"(${args}) AS x`,
  },
  {
    name: 'quoted upper-case name',
    table: (name, args) => `SELECT * FROM "${name.toUpperCase()}"(${args})`,
    scalar: (name, args) => `SELECT "${name.toUpperCase()}"(${args}) AS x`,
  },
  {
    name: 'comment before the parenthesis',
    table: (name, args) => `SELECT * FROM ${name}/* hidden */(${args})`,
    scalar: (name, args) => `SELECT ${name} /* hidden */ (${args}) AS x`,
  },
  {
    name: 'line comment and newlines',
    table: (name, args) => `SELECT *\nFROM -- here\n${name}\n(${args})`,
    scalar: (name, args) => `SELECT\n${name} -- here\n(${args}) AS x`,
  },
  {
    name: 'main-qualified',
    table: (name, args) => `SELECT * FROM main.${name}(${args})`,
    scalar: (name, args) => `SELECT main.${name}(${args}) AS x`,
  },
  {
    name: 'system-qualified',
    table: (name, args) => `SELECT * FROM system.main.${name}(${args})`,
    scalar: (name, args) => `SELECT system.main.${name}(${args}) AS x`,
  },
  {
    name: 'inside a CTE',
    table: (name, args) => `WITH t AS (SELECT * FROM ${name}(${args})) SELECT * FROM t`,
    scalar: (name, args) => `WITH t AS (SELECT ${name}(${args}) AS x) SELECT * FROM t`,
  },
  {
    name: 'in a scalar subquery',
    table: (name, args) => `SELECT (SELECT count(*) FROM ${name}(${args})) AS n`,
    scalar: (name, args) => `SELECT (SELECT ${name}(${args})) AS x`,
  },
  {
    name: 'after UNION ALL',
    table: (name, args) => `SELECT 1 AS n UNION ALL SELECT count(*) FROM ${name}(${args})`,
    scalar: (name, args) => `SELECT 1 AS x UNION ALL SELECT ${name}(${args})`,
  },
  {
    name: 'comma join after a real table',
    table: (name, args) => `SELECT count(*) AS n FROM cells, ${name}(${args})`,
    scalar: (name, args) => `SELECT cell_id, ${name}(${args}) AS x FROM cells LIMIT 1`,
  },
  {
    name: 'FROM-first',
    table: (name, args) => `FROM ${name}(${args}) SELECT *`,
    scalar: (name, args) => `FROM cells SELECT ${name}(${args}) AS x LIMIT 1`,
  },
  {
    name: 'in a WHERE clause',
    table: (name, args) => `SELECT * FROM cells WHERE cell_id IN (SELECT 1 FROM ${name}(${args}))`,
    scalar: (name, args) => `SELECT * FROM cells WHERE ${name}(${args}) IS NOT NULL LIMIT 1`,
  },
];

/** Every `step`-th trick starting at `offset`, so a vector is tried with several tricks without all of them. */
export function someTricks(offset: number, count: number): Trick[] {
  return Array.from({ length: count }, (_, index) => TRICKS[(offset + index * 3) % TRICKS.length]!);
}
