import type { CatalogTable } from '../../catalog/types';
import { toolFailure, type ToolFailure } from '../../registry';
import { closestNames } from './closest-names';
import type { PerchContext } from './tool-context';

/**
 * Looks a table name from a model's arguments up in the catalog (own keys only), then checks the
 * session's scope. A table that exists but is outside the scope is refused as `out_of_scope`,
 * never described or read: the person chose the scope, the model cannot widen it.
 */
export function scopedTable(context: PerchContext, name: string): CatalogTable | ToolFailure {
  const tables = context.services.engine.catalog.tables;
  const inScope = context.session.datasets;
  const table = Object.hasOwn(tables, name) ? tables[name] : undefined;
  if (table === undefined) {
    const suggestions = closestNames(name, inScope);
    return toolFailure(
      'not_found',
      `not_found: no table named '${name}'. Did you mean: ${suggestions.join(', ') || '(no table in scope)'}?`,
      {
        hint: `Tables in this session: ${[...inScope].sort().join(', ')}. Call search_datasets to find one by meaning.`,
      },
    );
  }
  if (!inScope.includes(name)) return outOfScope([name], inScope);
  return table;
}

/** Refuses unless every table is in the session's scope; returns null when all are. */
export function requireTables(context: PerchContext, names: readonly string[]): ToolFailure | null {
  const missing = names.filter((name) => !context.session.datasets.includes(name));
  return missing.length === 0 ? null : outOfScope(missing, context.session.datasets);
}

function outOfScope(names: readonly string[], inScope: readonly string[]): ToolFailure {
  const list = names.map((name) => `'${name}'`).join(', ');
  return toolFailure(
    'out_of_scope',
    `out_of_scope: ${list} ${names.length === 1 ? 'is' : 'are'} outside this session's data scope. Ask the user to add ${names.length === 1 ? 'it' : 'them'} in Data scope.`,
    {
      hint: `Tables in this session: ${[...inScope].sort().join(', ') || '(none)'}.`,
    },
  );
}
