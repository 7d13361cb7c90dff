import type { Expression } from './sql-ast';

/** The parts of a condition joined by AND at its top level. */
export function conjunctsOf(expression: Expression | undefined): Expression[] {
  if (!expression) return [];
  if (expression.kind === 'binary' && expression.operator === 'and')
    return [...conjunctsOf(expression.left), ...conjunctsOf(expression.right)];
  return [expression];
}
