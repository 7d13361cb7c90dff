import { type Column, type Field, type Relation, resolveField } from './relation';
import { isAggregateName } from './aggregates';
import { SCALAR_FUNCTIONS } from './scalar-functions';
import { type Expression, notColumnar, type Query, type SqlType, type SqlValue } from './sql-ast';
import {
  checkedInteger,
  compareValues,
  comparisonType,
  isNumeric,
  numericType,
  sameValue,
  unifiedType,
} from './sql-values';

/** An expression ready to evaluate at a row (an input row, or a group when grouped). */
export interface Compiled {
  type: SqlType;
  evaluate: (row: number) => SqlValue;
}

export interface CompileScope {
  fields: readonly Field[];
  columns: readonly Column[];
  /** Results of the query's uncorrelated subqueries, run before compiling. */
  subqueries: ReadonlyMap<Query, Relation>;
  /** Values computed elsewhere — group keys, aggregates, window functions — by `expressionKey`. */
  computed?: ReadonlyMap<string, Compiled>;
  /** After GROUP BY: a column not in `computed` is not a grouped value. */
  grouped?: boolean;
}

/**
 * A canonical text of an expression, its columns resolved to the scope's fields, so that
 * `c.cell_id` in the select list matches `cell_id` in GROUP BY.
 */
export function expressionKey(expression: Expression, fields: readonly Field[]): string {
  const subqueries: Query[] = [];
  return JSON.stringify(expression, (key, value: unknown) => {
    if (key === 'query') {
      // Subqueries compare by identity: the same text twice in one SELECT is rare and safe to run twice.
      if (!subqueries.includes(value as Query)) subqueries.push(value as Query);
      return `subquery#${subqueries.indexOf(value as Query)}`;
    }
    if (value && typeof value === 'object' && (value as Expression).kind === 'column') {
      const column = value as Extract<Expression, { kind: 'column' }>;
      try {
        return `#${resolveField(fields, column.table, column.name)}`;
      } catch {
        return `?${column.table ?? ''}.${column.name.toLowerCase()}`;
      }
    }
    return value;
  });
}

export function compileExpression(expression: Expression, scope: CompileScope): Compiled {
  const computed = scope.computed?.get(expressionKey(expression, scope.fields));
  if (computed) return computed;
  switch (expression.kind) {
    case 'literal': {
      const { value, type } = expression;
      return { type, evaluate: () => value };
    }
    case 'column': {
      if (scope.grouped) notColumnar(`${expression.name} is neither grouped nor aggregated`);
      const index = resolveField(scope.fields, expression.table, expression.name);
      const column = scope.columns[index];
      return { type: scope.fields[index].type, evaluate: (row) => column[row] ?? null };
    }
    case 'unary':
      return expression.operator === 'not'
        ? logicalNot(compileExpression(expression.operand, scope))
        : negate(compileExpression(expression.operand, scope));
    case 'binary':
      return binary(expression, scope);
    case 'is-null': {
      const operand = compileExpression(expression.operand, scope);
      const negated = expression.negated;
      return { type: 'boolean', evaluate: (row) => (operand.evaluate(row) === null) !== negated };
    }
    case 'in-list':
      return inList(expression, scope);
    case 'in-query':
      return inQuery(expression, scope);
    case 'between': {
      const { operand, low, high, negated } = expression;
      const both: Expression = {
        kind: 'binary',
        operator: 'and',
        left: { kind: 'binary', operator: '>=', left: operand, right: low },
        right: { kind: 'binary', operator: '<=', left: operand, right: high },
      };
      const compiled = compileExpression(both, scope);
      return negated ? logicalNot(compiled) : compiled;
    }
    case 'call':
      return scalarCall(expression, scope);
    case 'case':
      return caseWhen(expression, scope);
    case 'cast':
      return cast(compileExpression(expression.operand, scope), expression.to);
    case 'subquery':
      return scalarSubquery(expression.query, scope);
  }
}

function requireBoolean(compiled: Compiled, what: string): void {
  if (compiled.type !== 'boolean' && compiled.type !== 'null') notColumnar(`${what} of a ${compiled.type}`);
}

function logicalNot(operand: Compiled): Compiled {
  requireBoolean(operand, 'NOT');
  return {
    type: 'boolean',
    evaluate(row) {
      const value = operand.evaluate(row);
      return value === null ? null : !value;
    },
  };
}

function negate(operand: Compiled): Compiled {
  if (!isNumeric(operand.type)) notColumnar(`minus of a ${operand.type}`);
  return {
    type: operand.type,
    evaluate(row) {
      const value = operand.evaluate(row);
      return value === null ? null : checkedInteger(-(value as number), operand.type);
    },
  };
}

function binary(expression: Extract<Expression, { kind: 'binary' }>, scope: CompileScope): Compiled {
  const left = compileExpression(expression.left, scope);
  const right = compileExpression(expression.right, scope);
  switch (expression.operator) {
    case 'and':
    case 'or':
      return logical(expression.operator, left, right);
    case '=':
    case '<>':
    case '<':
    case '<=':
    case '>':
    case '>=':
      return comparison(expression.operator, left, right);
    case '||':
      return concatenate(left, right);
    default:
      return arithmetic(expression.operator, left, right);
  }
}

/** Three-valued AND/OR: false AND NULL is false, true OR NULL is true. */
function logical(operator: 'and' | 'or', left: Compiled, right: Compiled): Compiled {
  requireBoolean(left, operator);
  requireBoolean(right, operator);
  const decisive = operator === 'or';
  return {
    type: 'boolean',
    evaluate(row) {
      const a = left.evaluate(row);
      if (a === decisive) return decisive;
      const b = right.evaluate(row);
      if (b === decisive) return decisive;
      return a === null || b === null ? null : !decisive;
    },
  };
}

function comparison(
  operator: '=' | '<>' | '<' | '<=' | '>' | '>=',
  left: Compiled,
  right: Compiled,
): Compiled {
  comparisonType(left.type, right.type);
  const test = COMPARE[operator];
  return {
    type: 'boolean',
    evaluate(row) {
      const a = left.evaluate(row);
      if (a === null) return null;
      const b = right.evaluate(row);
      if (b === null) return null;
      return test(a, b);
    },
  };
}

const COMPARE: Record<'=' | '<>' | '<' | '<=' | '>' | '>=', (a: SqlValue, b: SqlValue) => boolean> = {
  '=': (a, b) => sameValue(a, b),
  '<>': (a, b) => !sameValue(a, b),
  '<': (a, b) => compareValues(a, b) < 0,
  '<=': (a, b) => compareValues(a, b) <= 0,
  '>': (a, b) => compareValues(a, b) > 0,
  '>=': (a, b) => compareValues(a, b) >= 0,
};

function concatenate(left: Compiled, right: Compiled): Compiled {
  for (const side of [left, right])
    if (side.type !== 'varchar' && side.type !== 'null') notColumnar(`|| of a ${side.type}`);
  return {
    type: 'varchar',
    evaluate(row) {
      const a = left.evaluate(row);
      if (a === null) return null;
      const b = right.evaluate(row);
      return b === null ? null : (a as string) + (b as string);
    },
  };
}

/**
 * DuckDB's arithmetic: `/` is always a double division (x / 0 = ±Infinity); `//` and `%` by zero
 * are NULL; INTEGER results that overflow are DuckDB's error, so such a query goes to DuckDB.
 */
function arithmetic(operator: '+' | '-' | '*' | '/' | '//' | '%', left: Compiled, right: Compiled): Compiled {
  for (const side of [left, right])
    if (!isNumeric(side.type) && side.type !== 'null') notColumnar(`${operator} of a ${side.type}`);
  const common = numericType(
    left.type === 'null' ? 'integer' : left.type,
    right.type === 'null' ? 'integer' : right.type,
  );
  const type: SqlType = operator === '/' ? 'double' : common;
  if ((operator === '//' || operator === '%') && (common === 'decimal' || common === 'double'))
    notColumnar(`${operator} of fractional numbers`);
  const compute = ARITHMETIC[operator];
  return {
    type,
    evaluate(row) {
      const a = left.evaluate(row);
      if (a === null) return null;
      const b = right.evaluate(row);
      if (b === null) return null;
      const result = compute(a as number, b as number);
      return result === null ? null : checkedInteger(result, type);
    },
  };
}

const ARITHMETIC: Record<'+' | '-' | '*' | '/' | '//' | '%', (a: number, b: number) => number | null> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
  '//': (a, b) => (b === 0 ? null : Math.floor(a / b)),
  '%': (a, b) => (b === 0 ? null : a % b),
};

function inList(expression: Extract<Expression, { kind: 'in-list' }>, scope: CompileScope): Compiled {
  const operand = compileExpression(expression.operand, scope);
  const items = expression.items.map((item) => compileExpression(item, scope));
  for (const item of items) comparisonType(operand.type, item.type);
  const constant = expression.items.every((item) => item.kind === 'literal');
  const values = constant ? items.map((item) => item.evaluate(0)) : [];
  return membership(operand, expression.negated, (row) =>
    constant ? values : items.map((item) => item.evaluate(row)),
  );
}

function inQuery(expression: Extract<Expression, { kind: 'in-query' }>, scope: CompileScope): Compiled {
  const operand = compileExpression(expression.operand, scope);
  const result = subqueryResult(expression.query, scope);
  if (result.fields.length !== 1) notColumnar('IN with a subquery of several columns');
  comparisonType(operand.type, result.fields[0].type);
  const column = result.columns[0];
  const values: SqlValue[] = [];
  for (let row = 0; row < result.length; row++) values.push(column[row] ?? null);
  return membership(operand, expression.negated, () => values);
}

/**
 * x IN (…): true when some value equals x; NULL when x is NULL, or when none does but the list
 * holds a NULL; false otherwise. NOT IN negates, keeping NULL.
 */
function membership(operand: Compiled, negated: boolean, valuesAt: (row: number) => SqlValue[]): Compiled {
  let lastValues: SqlValue[] | undefined;
  let lookup: { set: Set<SqlValue>; hasNull: boolean } | undefined;
  return {
    type: 'boolean',
    evaluate(row) {
      const value = operand.evaluate(row);
      if (value === null) return null;
      const values = valuesAt(row);
      if (values !== lastValues) {
        lastValues = values;
        lookup = { set: new Set(values.filter((item) => item !== null)), hasNull: values.includes(null) };
      }
      // A Set finds NaN as NaN (SameValueZero), as DuckDB's NaN = NaN.
      const found = lookup!.set.has(value);
      if (found) return !negated;
      return lookup!.hasNull ? null : negated;
    },
  };
}

function subqueryResult(query: Query, scope: CompileScope): Relation {
  return scope.subqueries.get(query) ?? notColumnar('a subquery that did not run first');
}

function scalarSubquery(query: Query, scope: CompileScope): Compiled {
  const result = subqueryResult(query, scope);
  if (result.fields.length !== 1) notColumnar('a scalar subquery of several columns');
  // DuckDB 1.4 errors on a scalar subquery of several rows: left to it to say so.
  if (result.length > 1) notColumnar('a scalar subquery of several rows');
  const value = result.length === 0 ? null : (result.columns[0][0] ?? null);
  return { type: result.fields[0].type, evaluate: () => value };
}

function scalarCall(expression: Extract<Expression, { kind: 'call' }>, scope: CompileScope): Compiled {
  const name = expression.name;
  if (expression.over) notColumnar(`the window function ${name} outside the select list or QUALIFY`);
  if (isAggregateName(name)) notColumnar(`the aggregate ${name} where no aggregate is computed`);
  const definition = Object.hasOwn(SCALAR_FUNCTIONS, name) ? SCALAR_FUNCTIONS[name] : undefined;
  if (!definition) return notColumnar(`the function ${name}`);
  if (expression.star || expression.distinct || expression.filter)
    notColumnar(`${name} with * DISTINCT or FILTER`);
  const args = expression.args.map((arg) => compileExpression(arg, scope));
  const type = definition.type(args.map((arg) => arg.type));
  const propagates = definition.nullIn !== 'handled';
  const values: SqlValue[] = new Array(args.length);
  return {
    type,
    evaluate(row) {
      for (let index = 0; index < args.length; index++) {
        const value = args[index].evaluate(row);
        if (value === null && propagates) return null;
        values[index] = value;
      }
      return definition.evaluate(values);
    },
  };
}

function caseWhen(expression: Extract<Expression, { kind: 'case' }>, scope: CompileScope): Compiled {
  const operand = expression.operand ? compileExpression(expression.operand, scope) : undefined;
  const whens = expression.whens.map(({ when, result }) => ({
    when: compileExpression(when, scope),
    result: compileExpression(result, scope),
  }));
  const otherwise = expression.otherwise ? compileExpression(expression.otherwise, scope) : undefined;
  for (const { when } of whens) {
    if (operand) comparisonType(operand.type, when.type);
    else requireBoolean(when, 'CASE WHEN');
  }
  const type = unifiedType([...whens.map(({ result }) => result.type), otherwise?.type ?? 'null']);
  return {
    type,
    evaluate(row) {
      const subject = operand?.evaluate(row);
      for (const { when, result } of whens) {
        const test = when.evaluate(row);
        const matched = operand
          ? subject !== null && test !== null && sameValue(subject!, test)
          : test === true;
        if (matched) return result.evaluate(row);
      }
      return otherwise ? otherwise.evaluate(row) : null;
    },
  };
}

/** Days since 1970-01-01 → 'YYYY-MM-DD'. */
export function dateText(days: number): string {
  return new Date(days * 86_400_000).toISOString().slice(0, 10);
}

/** Round half to even, as DuckDB casts a DOUBLE to an integer (2.5 → 2); a DECIMAL rounds half away (2.5 → 3). */
function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const difference = value - floor;
  if (difference < 0.5) return floor;
  if (difference > 0.5) return floor + 1;
  return floor % 2 === 0 ? floor : floor + 1;
}

function cast(operand: Compiled, to: SqlType): Compiled {
  const from = operand.type;
  const convert = castFunction(from, to);
  return {
    type: to,
    evaluate(row) {
      const value = operand.evaluate(row);
      return value === null ? null : convert(value);
    },
  };
}

function castFunction(from: SqlType, to: SqlType): (value: SqlValue) => SqlValue {
  if (from === to || from === 'null') return (value) => value;
  if (to === 'varchar') {
    if (from === 'integer' || from === 'bigint') return (value) => String(value);
    if (from === 'boolean') return (value) => String(value);
    if (from === 'date') return (value) => dateText(value as number);
  }
  if (to === 'double' && isNumeric(from)) return (value) => value;
  if ((to === 'integer' || to === 'bigint') && isNumeric(from)) {
    const round =
      from === 'double'
        ? roundHalfEven
        : (value: number) => (value < 0 ? -Math.round(-value) : Math.round(value));
    return (value) => {
      const number = value as number;
      if (!Number.isFinite(number)) notColumnar('casting a non-finite number to an integer');
      return checkedInteger(round(number), to);
    };
  }
  return notColumnar(`CAST from ${from} to ${to}`);
}
