import { type Compiled, type CompileScope, compileExpression } from './compile-expression';
import { conjunctsOf } from './conjuncts';
import { walkExpressions } from './query-walk';
import { type Field, gatherColumn, type Relation, resolveField } from './relation';
import { type Expression, notColumnar, type Query } from './sql-ast';
import { comparisonType } from './sql-values';

/**
 * Most row pairs a join without an equality may test (a cross join, or ON abs(a − b) < …). The
 * trend-to-cell match of a part's trend figures tests trends × cells pairs; a continental species
 * is beyond this and goes to DuckDB.
 */
const MAX_PAIRS = 2_000_000;

/**
 * An inner join (or a cross join, `on` absent), or with `keepLeft` a left join: a left row no pair
 * kept comes out once with NULL on the right. One `left.x = right.y` conjunct of ON makes a hash
 * join on the right side's values; the other conjuncts filter the joined pairs. Rows come out in
 * the left side's order, each with its matches in the right side's order.
 */
export function joinRelations(
  left: Relation,
  right: Relation,
  on: Expression | undefined,
  subqueries: ReadonlyMap<Query, Relation>,
  maxRows: number,
  keepLeft = false,
): Relation {
  const fields: Field[] = [...left.fields, ...right.fields];
  const parts = conjunctsOf(on);
  const equality = parts.findIndex((part) => hashKeys(part, left, right, subqueries) !== undefined);
  const pairs =
    equality === -1
      ? everyPair(left.length, right.length)
      : hashPairs(hashKeys(parts[equality], left, right, subqueries)!, left.length, right.length, maxRows);
  let joined: Relation = {
    fields,
    columns: [
      ...left.columns.map((column) => gatherColumn(column, pairs.left)),
      ...right.columns.map((column) => gatherColumn(column, pairs.right)),
    ],
    length: pairs.left.length,
  };
  const residual = parts.filter((_part, index) => index !== equality);
  const kept: number[] = [];
  if (residual.length > 0) {
    const scope: CompileScope = { fields, columns: joined.columns, subqueries };
    const tests = residual.map((part) => compileExpression(part, scope));
    for (let row = 0; row < joined.length; row++)
      if (tests.every((test) => test.evaluate(row) === true)) kept.push(row);
  } else for (let row = 0; row < joined.length; row++) kept.push(row);
  if (keepLeft) {
    const rows = leftJoinRows(pairs, kept, left.length);
    return {
      fields,
      columns: [
        ...left.columns.map((column) => gatherColumn(column, rows.left)),
        ...right.columns.map((column) => gatherColumn(column, rows.right)),
      ],
      length: rows.left.length,
    };
  }
  if (kept.length < joined.length)
    joined = {
      fields,
      columns: joined.columns.map((column) => gatherColumn(column, kept)),
      length: kept.length,
    };
  return joined;
}

/**
 * The kept pairs (indexes into `pairs`, which are in left order), with each left row that kept
 * none added once against no right row (-1, read as NULL).
 */
function leftJoinRows(
  pairs: { left: number[]; right: number[] },
  kept: readonly number[],
  leftLength: number,
): { left: number[]; right: number[] } {
  const left: number[] = [];
  const right: number[] = [];
  let next = 0;
  for (let row = 0; row < leftLength; row++) {
    const first = next;
    for (; next < kept.length && pairs.left[kept[next]] === row; next++) {
      left.push(row);
      right.push(pairs.right[kept[next]]);
    }
    if (next === first) {
      left.push(row);
      right.push(-1);
    }
  }
  return { left, right };
}

function everyPair(leftLength: number, rightLength: number): { left: number[]; right: number[] } {
  if (leftLength * rightLength > MAX_PAIRS)
    notColumnar(`a join of ${leftLength} × ${rightLength} rows without an equality`);
  const left: number[] = [];
  const right: number[] = [];
  for (let a = 0; a < leftLength; a++)
    for (let b = 0; b < rightLength; b++) {
      left.push(a);
      right.push(b);
    }
  return { left, right };
}

/** The two sides of `a = b` when one reads only the left relation and the other only the right. */
function hashKeys(
  part: Expression,
  left: Relation,
  right: Relation,
  subqueries: ReadonlyMap<Query, Relation>,
): { left: Compiled; right: Compiled } | undefined {
  if (part.kind !== 'binary' || part.operator !== '=') return undefined;
  const sideOf = (expression: Expression) => readsOnly(expression, left.fields, right.fields);
  const [a, b] = [part.left, part.right];
  const leftSide =
    sideOf(a) === 'left' && sideOf(b) === 'right'
      ? a
      : sideOf(b) === 'left' && sideOf(a) === 'right'
        ? b
        : undefined;
  if (!leftSide) return undefined;
  const rightSide = leftSide === a ? b : a;
  const keys = {
    left: compileExpression(leftSide, { fields: left.fields, columns: left.columns, subqueries }),
    right: compileExpression(rightSide, { fields: right.fields, columns: right.columns, subqueries }),
  };
  comparisonType(keys.left.type, keys.right.type);
  return keys;
}

/** Whether every column of `expression` resolves on the left only, the right only, or neither. */
function readsOnly(
  expression: Expression,
  leftFields: readonly Field[],
  rightFields: readonly Field[],
): 'left' | 'right' | 'mixed' {
  const sides = new Set<string>();
  walkExpressions([expression], (node) => {
    if (node.kind === 'in-query' || node.kind === 'subquery') sides.add('mixed');
    if (node.kind !== 'column') return true;
    const inLeft = resolves(leftFields, node);
    const inRight = resolves(rightFields, node);
    sides.add(inLeft && !inRight ? 'left' : inRight && !inLeft ? 'right' : 'mixed');
    return true;
  });
  return sides.size === 1 && !sides.has('mixed') ? ([...sides][0] as 'left' | 'right') : 'mixed';
}

function resolves(fields: readonly Field[], column: Extract<Expression, { kind: 'column' }>): boolean {
  try {
    resolveField(fields, column.table, column.name);
    return true;
  } catch {
    return false;
  }
}

/**
 * A right key's rows are one row number until a second row shares the key: a join on a table's
 * own key (cells.cell_id) then builds no array per row.
 */
function hashPairs(
  keys: { left: Compiled; right: Compiled },
  leftLength: number,
  rightLength: number,
  maxRows: number,
): { left: number[]; right: number[] } {
  const table = new Map<unknown, number | number[]>();
  for (let row = 0; row < rightLength; row++) {
    const value = keys.right.evaluate(row);
    if (value === null) continue;
    const rows = table.get(value);
    if (rows === undefined) table.set(value, row);
    else if (typeof rows === 'number') table.set(value, [rows, row]);
    else rows.push(row);
  }
  const left: number[] = [];
  const right: number[] = [];
  for (let row = 0; row < leftLength; row++) {
    const value = keys.left.evaluate(row);
    if (value === null) continue;
    const matches = table.get(value);
    if (matches === undefined) continue;
    if (typeof matches === 'number') {
      left.push(row);
      right.push(matches);
    } else
      for (const match of matches) {
        left.push(row);
        right.push(match);
      }
    if (left.length > maxRows) notColumnar(`a join of more than ${maxRows} rows`);
  }
  return { left, right };
}
