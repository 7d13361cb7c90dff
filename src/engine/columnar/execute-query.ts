import type { ColumnNeed } from '../scan-needs';
import { AGGREGATE_FUNCTIONS, type AggregateState, isAggregateName } from './aggregates';
import { type Compiled, type CompileScope, compileExpression, expressionKey } from './compile-expression';
import { joinRelations } from './join-relations';
import type { TableReader } from './parquet-tables';
import { type Column, type Field, type Relation, requalify, resolveField } from './relation';
import { type ColumnReferences, columnReferences, subqueriesOf, walkExpressions } from './query-walk';
import {
  type Expression,
  notColumnar,
  type OrderItem,
  type Query,
  type Select,
  type SqlValue,
  type Values,
} from './sql-ast';
import { compareValues, unifiedType } from './sql-values';
import { groupIndex } from './group-index';
import { conjunctsOf } from './conjuncts';

/**
 * Runs a parsed query (sql-ast.ts) over catalog tables read by `tables`, in SQL's logical order:
 * FROM (scans with their filters pushed down, joins) → WHERE → GROUP BY and aggregates → HAVING →
 * window functions → QUALIFY → select list → DISTINCT → ORDER BY → OFFSET/LIMIT. CTEs run once,
 * when first read; uncorrelated subqueries run before the expressions that use them.
 * `checkpoint` is called between steps: it throws when the call's deadline passed or it was
 * stopped, so a long query stops within one step.
 */
export interface QueryRun {
  tables: TableReader;
  checkpoint: () => void;
  onBytes: (bytes: number) => void;
  /** Catalog tables the query read, in the order first read. */
  read: Set<string>;
}

/** Rows a scan or join may produce before the query is left to DuckDB (the agent worker's memory and time). */
const MAX_ROWS = 8_000_000;

type CteScope = ReadonlyMap<string, () => Promise<Relation>>;

export async function executeQuery(query: Query, run: QueryRun): Promise<Relation> {
  const references = columnReferences(query);
  return new Execution(run, references).query(query, new Map());
}

class Execution {
  constructor(
    private readonly run: QueryRun,
    private readonly references: ColumnReferences,
  ) {}

  /** `positional`: a scalar or IN subquery, whose output is read by position, so it needs no names. */
  async query(query: Query, outer: CteScope, positional = false): Promise<Relation> {
    const ctes = new Map(outer);
    for (const cte of query.ctes) {
      const scope = new Map(ctes);
      let result: Promise<Relation> | undefined;
      ctes.set(cte.name.toLowerCase(), () => {
        result ??= this.query(cte.query, scope).then((relation) =>
          requalify(relation, cte.name, cte.columns),
        );
        return result;
      });
    }
    const body =
      query.body.kind === 'values'
        ? await this.values(query.body)
        : await this.select(query.body, query.orderBy, ctes, positional);
    // A select orders itself (ORDER BY may name its input); VALUES is ordered by its output.
    const ordered =
      query.body.kind === 'values' && query.orderBy.length > 0 ? orderByOutput(body, query.orderBy) : body;
    return limitRows(ordered, query.offset ?? 0, query.limit);
  }

  private async values(values: Values): Promise<Relation> {
    const width = values.rows[0].length;
    if (values.rows.some((row) => row.length !== width)) notColumnar('VALUES rows of different lengths');
    const empty: CompileScope = { fields: [], columns: [], subqueries: new Map() };
    const compiled = values.rows.map((row) => row.map((expression) => compileExpression(expression, empty)));
    const fields: Field[] = Array.from({ length: width }, (_unused, index) => ({
      qualifier: null,
      name: `col${index}`,
      type: unifiedType(compiled.map((row) => row[index].type)),
    }));
    const columns = fields.map((_field, index) => compiled.map((row) => row[index].evaluate(0)));
    return { fields, columns, length: values.rows.length };
  }

  private async subqueries(
    expressions: (Expression | undefined)[],
    ctes: CteScope,
  ): Promise<Map<Query, Relation>> {
    const results = new Map<Query, Relation>();
    for (const query of subqueriesOf(expressions)) results.set(query, await this.query(query, ctes, true));
    return results;
  }

  private async from(select: Select, ctes: CteScope): Promise<Relation> {
    let relation: Relation | undefined;
    for (const item of select.from) {
      const joinKeys = relation && item.on ? joinKeyRange(relation, item.on, item.source.alias) : undefined;
      const right = await this.source(item.source, select, ctes, joinKeys);
      this.run.checkpoint();
      if (!relation) {
        relation = right;
        continue;
      }
      const onSubqueries = await this.subqueries([item.on], ctes);
      relation = joinRelations(relation, right, item.on, onSubqueries, MAX_ROWS, item.left === true);
      this.run.checkpoint();
    }
    return relation!;
  }

  private async source(
    source: Select['from'][number]['source'],
    select: Select,
    ctes: CteScope,
    joinKeys: { column: string; need: ColumnNeed } | undefined,
  ): Promise<Relation> {
    if (source.kind === 'subquery')
      return requalify(await this.query(source.query, ctes), source.alias, source.columns);
    const cte = ctes.get(source.name.toLowerCase());
    if (cte) return requalify(await cte(), source.alias);
    const fields =
      this.run.tables.fields(source.name) ??
      notColumnar(`${source.name} is not a catalog table read from parquet`);
    const columns = fields
      .map((field) => field.name)
      .filter((name) => this.references.reads(source.alias, name));
    const rows = new Map<string, ColumnNeed>(pushedFilters(select, source.alias, fields));
    if (joinKeys && !rows.has(joinKeys.column)) rows.set(joinKeys.column, joinKeys.need);
    this.run.read.add(source.name.toLowerCase());
    const relation = await this.run.tables.read(source.name, columns, rows, this.run.onBytes);
    if (relation.length > MAX_ROWS) notColumnar(`${source.name} scan of ${relation.length} rows`);
    return requalify(relation, source.alias);
  }

  private async select(
    select: Select,
    orderBy: OrderItem[],
    ctes: CteScope,
    positional: boolean,
  ): Promise<Relation> {
    const input = await this.from(select, ctes);
    const expressions = [
      ...select.items.map((item) => (item.kind === 'expression' ? item.expression : undefined)),
      select.where,
      ...select.groupBy,
      select.having,
      select.qualify,
      ...orderBy.map((item) => item.expression),
    ];
    const subqueries = await this.subqueries(expressions, ctes);
    const base: CompileScope = { fields: input.fields, columns: input.columns, subqueries };
    let domain = filterDomain(
      allRows(input.length),
      select.where ? compileExpression(select.where, base) : undefined,
    );
    this.run.checkpoint();

    const aggregates = aggregateCalls(expressions);
    const groupBy = groupingExpressions(select);
    const grouped = groupBy.length > 0 || select.groupByAll === true || aggregates.length > 0;
    let scope: CompileScope = base;
    if (grouped) {
      const groups = groupRows(groupBy, aggregates, base, domain);
      scope = groups.scope;
      domain = allRows(groups.count);
      if (select.having) domain = filterDomain(domain, compileExpression(select.having, scope));
    } else if (select.having) notColumnar('HAVING without GROUP BY');
    this.run.checkpoint();

    const windows = windowCalls(expressions);
    if (windows.length > 0)
      scope = withWindows(windows, scope, domain, grouped ? domain.length : input.length);
    if (select.qualify) domain = filterDomain(domain, compileExpression(select.qualify, scope));
    this.run.checkpoint();

    let output = project(select, scope, domain, grouped, positional);
    let order = orderBy.length > 0 ? orderKeys(orderBy, output, scope, domain, select.distinct) : undefined;
    if (select.distinct) {
      const kept = distinctRows(output);
      output = takeRows(output, kept);
      order = order?.map((key) => ({ ...key, values: kept.map((row) => key.values[row]) }));
    }
    if (order) output = takeRows(output, sortedRows(output.length, order));
    this.run.checkpoint();
    return output;
  }
}

/**
 * GROUP BY's expressions as DuckDB reads them: an integer is a select item's position (GROUP BY 1),
 * ALL is every select item without an aggregate.
 */
function groupingExpressions(select: Select): Expression[] {
  const itemAt = (position: number): Expression => {
    const item = select.items[position - 1];
    if (item?.kind !== 'expression') return notColumnar(`GROUP BY ${position}`);
    return item.expression;
  };
  if (select.groupByAll)
    return select.items.flatMap((item) => {
      if (item.kind === 'star') return notColumnar('GROUP BY ALL with *');
      if (windowCalls([item.expression]).length > 0) return notColumnar('GROUP BY ALL with a window');
      return aggregateCalls([item.expression]).length > 0 ? [] : [item.expression];
    });
  return select.groupBy.map((expression) =>
    expression.kind === 'literal' && expression.type === 'integer'
      ? itemAt(expression.value as number)
      : expression,
  );
}

/** Domains made by allRows: row i at position i, so a column over them is the column itself. */
const everyRow = new WeakSet<number[]>();

function allRows(length: number): number[] {
  // A loop, not Array.from with a mapper: 12 ms of a first answer's queries in code not yet optimised (Node profile, 2026-12-07).
  const rows = new Array<number>(length);
  for (let index = 0; index < length; index++) rows[index] = index;
  everyRow.add(rows);
  return rows;
}

/** The domain's rows where the predicate is true (the domain itself when it is true at every row). */
function filterDomain(domain: number[], predicate: Compiled | undefined): number[] {
  if (!predicate) return domain;
  if (predicate.type !== 'boolean' && predicate.type !== 'null') notColumnar(`a ${predicate.type} filter`);
  const kept = domain.filter((row) => predicate.evaluate(row) === true);
  return kept.length === domain.length ? domain : kept;
}

/**
 * WHERE conjuncts `column = literal` and `column IN (literals)` on one scan, as the loader's
 * row needs: they prune files and row groups and drop rows before any join. An unqualified column
 * counts only when the FROM has one entry (else it could be another table's).
 */
function pushedFilters(select: Select, alias: string, fields: readonly Field[]): [string, ColumnNeed][] {
  const filters: [string, ColumnNeed][] = [];
  for (const conjunct of conjunctsOf(select.where)) {
    const test = literalTest(conjunct);
    if (!test) continue;
    const { column, need } = test;
    if (column.table ? column.table.toLowerCase() !== alias.toLowerCase() : select.from.length !== 1)
      continue;
    const field = fields.find((candidate) => candidate.name.toLowerCase() === column.name.toLowerCase());
    if (!field) continue;
    const numeric = field.type === 'integer' || field.type === 'bigint' || field.type === 'double';
    // Ranges on integers only: NaN is above every double in DuckDB but fails JavaScript's
    // comparisons, and JavaScript orders strings by UTF-16 units, DuckDB by bytes.
    if (need.kind === 'range' && field.type !== 'integer' && field.type !== 'bigint') continue;
    const bounds =
      need.kind === 'values' ? need.values : [need.min, need.max].filter((bound) => bound !== undefined);
    if (
      !bounds.every((value) =>
        numeric ? typeof value === 'number' : field.type === 'varchar' && typeof value === 'string',
      )
    )
      continue;
    filters.push([field.name.toLowerCase(), need]);
  }
  return filters;
}

type Literal = Extract<Expression, { kind: 'literal' }>;
const isLiteral = (expression: Expression): expression is Literal =>
  expression.kind === 'literal' && expression.value !== null;

/**
 * A WHERE conjunct that bounds one column by literals: `=`, IN, BETWEEN, <, <=, >, >=. The need is
 * inclusive (a superset for < and >): it only prunes row groups and rows before WHERE runs in full.
 */
function literalTest(
  expression: Expression,
): { column: Extract<Expression, { kind: 'column' }>; need: ColumnNeed } | undefined {
  if (expression.kind === 'binary') {
    const { left, right } = expression;
    const [column, literal, flipped] =
      left.kind === 'column' && isLiteral(right)
        ? [left, right, false]
        : right.kind === 'column' && isLiteral(left)
          ? [right, left, true]
          : [undefined, undefined, false];
    if (!column || !literal) return undefined;
    const value = literal.value as string | number;
    const operator = flipped ? FLIPPED[expression.operator] : expression.operator;
    if (operator === '=') return { column, need: { kind: 'values', values: [value] } };
    if (operator === '<' || operator === '<=') return { column, need: { kind: 'range', max: value } };
    if (operator === '>' || operator === '>=') return { column, need: { kind: 'range', min: value } };
    return undefined;
  }
  if (expression.kind === 'between' && !expression.negated && expression.operand.kind === 'column') {
    const { low, high } = expression;
    if (!isLiteral(low) || !isLiteral(high)) return undefined;
    return {
      column: expression.operand,
      need: { kind: 'range', min: low.value as string | number, max: high.value as string | number },
    };
  }
  if (
    expression.kind === 'in-list' &&
    !expression.negated &&
    expression.operand.kind === 'column' &&
    expression.items.every(isLiteral)
  )
    return {
      column: expression.operand,
      need: {
        kind: 'values',
        values: expression.items.map((item) => (item as Literal).value as string | number),
      },
    };
  return undefined;
}

/** `5 < week` is `week > 5`. */
const FLIPPED: Partial<Record<string, string>> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '=': '=' };

/**
 * For `left JOIN right ON left.x = right.y`, the range of x's values: the right table's row groups
 * outside it hold no match (the cells of one species out of a continent's).
 */
function joinKeyRange(
  left: Relation,
  on: Expression,
  rightAlias: string,
): { column: string; need: ColumnNeed } | undefined {
  for (const conjunct of conjunctsOf(on)) {
    if (conjunct.kind !== 'binary' || conjunct.operator !== '=') continue;
    const sides = [conjunct.left, conjunct.right];
    const right = sides.find(
      (side) => side.kind === 'column' && side.table?.toLowerCase() === rightAlias.toLowerCase(),
    ) as Extract<Expression, { kind: 'column' }> | undefined;
    const other = sides.find((side) => side !== right);
    if (!right || other?.kind !== 'column' || other.table?.toLowerCase() === rightAlias.toLowerCase())
      continue;
    let index: number;
    try {
      index = resolveField(left.fields, other.table, other.name);
    } catch {
      continue;
    }
    const field = left.fields[index];
    if (field.type !== 'integer' && field.type !== 'bigint') continue;
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    const column = left.columns[index];
    for (let row = 0; row < left.length; row++) {
      const value = column[row];
      if (typeof value !== 'number') continue;
      if (value < min) min = value;
      if (value > max) max = value;
    }
    if (min > max) return undefined;
    return { column: right.name.toLowerCase(), need: { kind: 'range', min, max } };
  }
  return undefined;
}

type Call = Extract<Expression, { kind: 'call' }>;

function aggregateCalls(expressions: (Expression | undefined)[]): Call[] {
  const calls: Call[] = [];
  walkExpressions(expressions, (expression) => {
    if (expression.kind !== 'call' || expression.over || !isAggregateName(expression.name)) return true;
    calls.push(expression);
    return false; // an aggregate inside an aggregate is DuckDB's error
  });
  return calls;
}

function windowCalls(expressions: (Expression | undefined)[]): Call[] {
  const calls: Call[] = [];
  walkExpressions(expressions, (expression) => {
    if (expression.kind === 'call' && expression.over) {
      calls.push(expression);
      return false;
    }
    return true;
  });
  return calls;
}

/** GROUP BY: each domain row's group, the groups' key values, and every aggregate's result per group. */
function groupRows(
  groupBy: Expression[],
  aggregates: Call[],
  input: CompileScope,
  domain: number[],
): { scope: CompileScope; count: number } {
  const keys = groupBy.map((expression) => compileExpression(expression, input));
  const groups = groupIndex(keys, domain);
  const computed = new Map<string, Compiled>();
  for (const [index, expression] of groupBy.entries()) {
    const values = groups.keyValues[index];
    computed.set(expressionKey(expression, input.fields), {
      type: keys[index].type,
      evaluate: (group) => values[group],
    });
  }
  for (const call of aggregates) {
    const key = expressionKey(call, input.fields);
    if (computed.has(key)) continue;
    const definition = AGGREGATE_FUNCTIONS[call.name];
    if (call.star && !definition.star) notColumnar(`${call.name}(*)`);
    if (call.distinct && call.name !== 'count') notColumnar(`${call.name}(DISTINCT …)`);
    const args = call.args.map((arg) => compileExpression(arg, input));
    const filter = call.filter ? compileExpression(call.filter, input) : undefined;
    const type = definition.type(
      args.map((arg) => arg.type),
      call.distinct,
    );
    const constants = args.map((arg, index) =>
      call.args[index].kind === 'literal' ? arg.evaluate(0) : null,
    );
    const state: AggregateState = definition.create(call.distinct, constants);
    const values: SqlValue[] = new Array(args.length);
    // Indexed loops here and in withWindows: the first question runs this code before the JIT
    // has warmed up, where an entries() iterator costs an allocation a row.
    for (let position = 0; position < domain.length; position++) {
      const row = domain[position];
      if (filter && filter.evaluate(row) !== true) continue;
      for (let index = 0; index < args.length; index++) values[index] = args[index].evaluate(row);
      state.add(groups.groupOf[position], values);
    }
    const results = Array.from({ length: groups.count }, (_unused, group) => state.result(group));
    computed.set(key, { type, evaluate: (group) => results[group] });
  }
  return { scope: { ...input, computed, grouped: true }, count: groups.count };
}

/**
 * Window functions over the rows (or groups) of `domain`: row_number() with PARTITION BY and
 * ORDER BY, and an aggregate over a whole partition (no ORDER BY: a running frame is left to DuckDB).
 */
function withWindows(calls: Call[], scope: CompileScope, domain: number[], size: number): CompileScope {
  const computed = new Map(scope.computed);
  for (const call of calls) {
    const key = expressionKey(call, scope.fields);
    if (computed.has(key)) continue;
    const window = call.over!;
    const partitionKeys = window.partitionBy.map((expression) => compileExpression(expression, scope));
    const partitions = groupIndex(partitionKeys, domain);
    const members: number[][] = Array.from({ length: partitions.count }, () => []);
    for (let position = 0; position < domain.length; position++)
      members[partitions.groupOf[position]].push(domain[position]);
    const results: SqlValue[] = new Array(size).fill(null);
    let type: Compiled['type'];
    if (call.name === 'row_number') {
      if (call.args.length > 0 || call.filter) notColumnar('row_number with arguments');
      type = 'bigint';
      const keys = window.orderBy.map((item) => {
        const compiled = compileExpression(item.expression, scope);
        const values: SqlValue[] = new Array(size);
        for (const row of domain) values[row] = compiled.evaluate(row);
        return { ...item, values };
      });
      for (const rows of members) {
        const ordered = keys.length === 0 ? rows : sortRowsBy(rows, keys);
        for (let rank = 0; rank < ordered.length; rank++) results[ordered[rank]] = rank + 1;
      }
    } else if (isAggregateName(call.name)) {
      if (window.orderBy.length > 0) notColumnar('an aggregate over an ordered window (a running frame)');
      if (call.distinct || call.filter || call.star)
        notColumnar(`${call.name} OVER with DISTINCT, FILTER or *`);
      const definition = AGGREGATE_FUNCTIONS[call.name];
      const args = call.args.map((arg) => compileExpression(arg, scope));
      type = definition.type(
        args.map((arg) => arg.type),
        false,
      );
      const constants = args.map((arg, index) =>
        call.args[index].kind === 'literal' ? arg.evaluate(0) : null,
      );
      const state = definition.create(false, constants);
      for (const [partition, rows] of members.entries())
        for (const row of rows)
          state.add(
            partition,
            args.map((arg) => arg.evaluate(row)),
          );
      for (const [partition, rows] of members.entries()) {
        const value = state.result(partition);
        for (const row of rows) results[row] = value;
      }
    } else return notColumnar(`the window function ${call.name}`);
    computed.set(key, { type, evaluate: (row) => results[row] });
  }
  return { ...scope, computed };
}

/**
 * A selected column over every row of its relation, as it is: a decoded typed array then reaches
 * Arrow without a copy per value (a map question's 205,144 cell-weeks were copied into arrays of
 * heap numbers twice, here and in the scan). Undefined where the column reads NULL, as valueAt has it.
 */
function passedColumn(
  expression: Expression,
  scope: CompileScope,
  domain: number[],
  grouped: boolean,
): Column | undefined {
  if (grouped || expression.kind !== 'column' || !everyRow.has(domain)) return undefined;
  const column = scope.columns[resolveField(scope.fields, expression.table, expression.name)];
  return column.length === domain.length ? column : undefined;
}

/** The select list evaluated at each row of the domain. */
function project(
  select: Select,
  scope: CompileScope,
  domain: number[],
  grouped: boolean,
  positional: boolean,
): Relation {
  const fields: Field[] = [];
  const columns: Column[] = [];
  for (const item of select.items) {
    if (item.kind === 'star') {
      if (grouped) notColumnar('SELECT * with GROUP BY');
      for (const [index, field] of scope.fields.entries()) {
        if (item.table && field.qualifier?.toLowerCase() !== item.table.toLowerCase()) continue;
        const column = scope.columns[index];
        fields.push({ qualifier: null, name: field.name, type: field.type });
        columns.push(domain.map((row) => column[row] ?? null));
      }
      continue;
    }
    const compiled = compileExpression(item.expression, scope);
    const passed = passedColumn(item.expression, scope, domain, grouped);
    const name =
      item.alias ??
      (item.expression.kind === 'column'
        ? item.expression.name
        : positional
          ? `#${fields.length + 1}`
          : notColumnar('an unnamed expression'));
    fields.push({ qualifier: null, name, type: compiled.type });
    columns.push(passed ?? domain.map((row) => compiled.evaluate(row)));
  }
  const names = new Set(fields.map((field) => field.name.toLowerCase()));
  if (names.size !== fields.length) notColumnar('two output columns of one name');
  return { fields, columns, length: domain.length };
}

interface OrderKey {
  values: SqlValue[];
  descending: boolean;
  nullsFirst: boolean;
}

/**
 * ORDER BY keys per output row: a bare name of an output column (or its position) sorts by that
 * column, as DuckDB resolves select aliases first; any other expression is computed on the input.
 */
function orderKeys(
  orderBy: OrderItem[],
  output: Relation,
  scope: CompileScope,
  domain: number[],
  distinct: boolean,
): OrderKey[] {
  return orderBy.map(({ expression, descending, nullsFirst }) => {
    const position = outputPosition(expression, output);
    if (position !== undefined) {
      const column = output.columns[position];
      return { values: allRows(output.length).map((row) => column[row] ?? null), descending, nullsFirst };
    }
    if (distinct) notColumnar('ORDER BY an expression not selected, with DISTINCT');
    const compiled = compileExpression(expression, scope);
    return { values: domain.map((row) => compiled.evaluate(row)), descending, nullsFirst };
  });
}

function outputPosition(expression: Expression, output: Relation): number | undefined {
  if (expression.kind === 'literal' && expression.type === 'integer') {
    const position = (expression.value as number) - 1;
    if (position < 0 || position >= output.fields.length) notColumnar('ORDER BY position out of range');
    return position;
  }
  if (expression.kind !== 'column' || expression.table) return undefined;
  const matches = output.fields.flatMap((field, index) =>
    field.name.toLowerCase() === expression.name.toLowerCase() ? [index] : [],
  );
  return matches.length === 1 ? matches[0] : undefined;
}

function compareKeyed(a: SqlValue, b: SqlValue, descending: boolean, nullsFirst: boolean): number {
  if (a === null || b === null) {
    if (a === b) return 0;
    return (a === null) === nullsFirst ? -1 : 1;
  }
  const order = compareValues(a, b);
  return descending ? -order : order;
}

/** Row positions 0..n−1 sorted by the keys (ties keep their order). */
function sortedRows(length: number, keys: OrderKey[]): number[] {
  return allRows(length).sort((a, b) => {
    for (const key of keys) {
      const order = compareKeyed(key.values[a], key.values[b], key.descending, key.nullsFirst);
      if (order !== 0) return order;
    }
    return a - b;
  });
}

/** `rows` sorted by keys whose values are indexed by row (ties keep their order). */
function sortRowsBy(rows: number[], keys: (OrderItem & { values: SqlValue[] })[]): number[] {
  return [...rows].sort((a, b) => {
    for (const key of keys) {
      const order = compareKeyed(
        key.values[a] ?? null,
        key.values[b] ?? null,
        key.descending,
        key.nullsFirst,
      );
      if (order !== 0) return order;
    }
    return a - b;
  });
}

function orderByOutput(relation: Relation, orderBy: OrderItem[]): Relation {
  const keys = orderBy.map(({ expression, descending, nullsFirst }) => {
    const position =
      outputPosition(expression, relation) ?? notColumnar('ORDER BY over VALUES by an expression');
    const column = relation.columns[position];
    return { values: allRows(relation.length).map((row) => column[row] ?? null), descending, nullsFirst };
  });
  return takeRows(relation, sortedRows(relation.length, keys));
}

function distinctRows(relation: Relation): number[] {
  const index = groupIndex(
    relation.columns.map((column) => ({ type: 'null', evaluate: (row: number) => column[row] ?? null })),
    allRows(relation.length),
  );
  return index.firstRows;
}

function takeRows(relation: Relation, rows: number[]): Relation {
  return {
    fields: relation.fields,
    columns: relation.columns.map((column) => rows.map((row) => column[row] ?? null)),
    length: rows.length,
  };
}

function limitRows(relation: Relation, offset: number, limit: number | undefined): Relation {
  if (offset === 0 && (limit === undefined || limit >= relation.length)) return relation;
  const end = limit === undefined ? relation.length : Math.min(relation.length, offset + limit);
  return takeRows(relation, allRows(relation.length).slice(offset, end));
}
