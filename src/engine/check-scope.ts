/**
 * The binder half of the query check: every table DuckDB's binder says the query reads
 * (`conn.getTableNames`, CTEs excluded, views expanded) must be a catalog table inside the
 * session's scope. Names are case-insensitive in DuckDB; `main.` and `memory.main.` are the
 * engine's own schema, any other qualifier is refused.
 */
export type ScopeCheck = { ok: true; tables: string[] } | { ok: false; problem: string; fix: string };

export function checkScope(
  binderTables: readonly string[],
  scope: readonly string[],
  catalogTables: readonly string[],
): ScopeCheck {
  const inScope = new Set(scope.map((name) => name.toLowerCase()));
  const known = new Map(catalogTables.map((name) => [name.toLowerCase(), name]));
  const tables = new Set<string>();
  for (const raw of binderTables) {
    const name = unqualified(raw);
    const catalogName = name === null ? undefined : known.get(name);
    if (catalogName === undefined) {
      return {
        ok: false,
        problem: `'${raw}' is not a catalog table`,
        fix: `Read only catalog tables in scope: ${[...scope].sort().join(', ') || '(none)'}`,
      };
    }
    if (!inScope.has(name!)) {
      return {
        ok: false,
        problem: `table '${catalogName}' is outside this session's scope`,
        fix: `Add it to the session's datasets first, or use one in scope: ${[...scope].sort().join(', ') || '(none)'}`,
      };
    }
    tables.add(catalogName);
  }
  return { ok: true, tables: [...tables].sort() };
}

function unqualified(raw: string): string | null {
  const parts = raw.toLowerCase().split('.');
  const name = parts.pop()!;
  const qualifier = parts.join('.');
  return qualifier === '' || qualifier === 'main' || qualifier === 'memory.main' || qualifier === 'memory'
    ? name
    : null;
}
