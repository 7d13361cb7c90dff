import type { Expression, Query, Select } from './sql-ast';

/**
 * Walks the expression trees of one query level: `visit` returns false to skip a node's children.
 * Subqueries are not entered (they are their own level); window specs and FILTER clauses are.
 */
export function walkExpressions(
  expressions: readonly (Expression | undefined)[],
  visit: (expression: Expression) => boolean,
): void {
  const stack = expressions.filter((expression): expression is Expression => expression !== undefined);
  while (stack.length > 0) {
    const expression = stack.pop()!;
    if (!visit(expression)) continue;
    stack.push(...childrenOf(expression));
  }
}

function childrenOf(expression: Expression): Expression[] {
  switch (expression.kind) {
    case 'literal':
    case 'column':
    case 'subquery':
      return [];
    case 'unary':
    case 'is-null':
    case 'cast':
    case 'in-query':
      return [expression.operand];
    case 'binary':
      return [expression.left, expression.right];
    case 'in-list':
      return [expression.operand, ...expression.items];
    case 'between':
      return [expression.operand, expression.low, expression.high];
    case 'call':
      return [
        ...expression.args,
        ...(expression.filter ? [expression.filter] : []),
        ...(expression.over?.partitionBy ?? []),
        ...(expression.over?.orderBy.map((item) => item.expression) ?? []),
      ];
    case 'case':
      return [
        ...(expression.operand ? [expression.operand] : []),
        ...expression.whens.flatMap(({ when, result }) => [when, result]),
        ...(expression.otherwise ? [expression.otherwise] : []),
      ];
  }
}

/** The subqueries (IN and scalar) of one query level, in the order met. */
export function subqueriesOf(expressions: readonly (Expression | undefined)[]): Query[] {
  const queries: Query[] = [];
  walkExpressions(expressions, (expression) => {
    if (expression.kind === 'in-query' || expression.kind === 'subquery') queries.push(expression.query);
    return true;
  });
  return queries;
}

/** Every query level of `query` (itself, CTEs, FROM and expression subqueries), outermost first. */
export function queryLevels(query: Query): Query[] {
  const levels: Query[] = [];
  const stack = [query];
  while (stack.length > 0) {
    const current = stack.pop()!;
    levels.push(current);
    stack.push(...current.ctes.map((cte) => cte.query));
    const expressions: (Expression | undefined)[] = current.orderBy.map((item) => item.expression);
    if (current.body.kind === 'values') expressions.push(...current.body.rows.flat());
    else {
      for (const { source } of current.body.from) if (source.kind === 'subquery') stack.push(source.query);
      expressions.push(...levelExpressions(current.body));
    }
    stack.push(...subqueriesOf(expressions));
  }
  return levels;
}

/** Which columns of which alias a query (at any level) may read; more is safe, fewer is not. */
export interface ColumnReferences {
  reads(alias: string, column: string): boolean;
}

export function columnReferences(query: Query): ColumnReferences {
  const qualified = new Map<string, Set<string>>();
  const unqualified = new Set<string>();
  const starTables = new Set<string>();
  let everyColumn = false;
  const visitQuery = (current: Query) => {
    for (const cte of current.ctes) visitQuery(cte.query);
    const expressions: (Expression | undefined)[] = current.orderBy.map((item) => item.expression);
    if (current.body.kind === 'values') expressions.push(...current.body.rows.flat());
    else {
      for (const item of current.body.items)
        if (item.kind === 'star') {
          if (item.table) starTables.add(item.table.toLowerCase());
          else everyColumn = true;
        }
      for (const { source } of current.body.from) if (source.kind === 'subquery') visitQuery(source.query);
      expressions.push(...levelExpressions(current.body));
    }
    walkExpressions(expressions, (expression) => {
      if (expression.kind === 'column') {
        const name = expression.name.toLowerCase();
        if (expression.table) {
          const table = expression.table.toLowerCase();
          qualified.set(table, (qualified.get(table) ?? new Set()).add(name));
        } else unqualified.add(name);
      }
      if (expression.kind === 'in-query' || expression.kind === 'subquery') visitQuery(expression.query);
      return true;
    });
  };
  visitQuery(query);
  return {
    reads(alias, column) {
      const table = alias.toLowerCase();
      const name = column.toLowerCase();
      return (
        everyColumn ||
        starTables.has(table) ||
        unqualified.has(name) ||
        qualified.get(table)?.has(name) === true
      );
    },
  };
}

/** The expressions of one SELECT level (subqueries inside them not entered). */
function levelExpressions(select: Select): (Expression | undefined)[] {
  return [
    ...select.items.map((item) => (item.kind === 'expression' ? item.expression : undefined)),
    ...select.from.map((item) => item.on),
    select.where,
    ...select.groupBy,
    select.having,
    select.qualify,
  ];
}
