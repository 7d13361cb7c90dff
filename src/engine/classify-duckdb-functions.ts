/**
 * Which of DuckDB's own functions the model may call: the filter the generator applies to
 * `duckdb_functions()`. Deny by default: a name is allowed only when it passes every rule below.
 *
 * DuckDB 1.4.3 (DuckDB-WASM 1.32.0, Node build) lists 719 (name, type, schema) rows, 709 distinct
 * names: 426 scalar, 113 macro, 73 aggregate, 61 table, 43 pragma, 3 table_macro.
 *  - pragma functions (43): never; they change or report settings.
 *  - table functions (61) and table macros (3): only those that build rows from their arguments
 *    alone (TABLE_FUNCTIONS, 5). The rest read files (read_csv, read_text, read_blob, glob,
 *    sniff_csv), run SQL text (query, query_table, and the histogram table macros built on it),
 *    list the catalog or settings (duckdb_*, pragma_*, summary, which_secret), or write state
 *    (checkpoint, force_checkpoint, enable_logging, truncate_duckdb_logs…).
 *  - functions DuckDB flags `has_side_effects` (15): refused (write_log, setseed, nextval, currval,
 *    error, stats, current_query…) except the random generators (RANDOM_GENERATORS): `ORDER BY
 *    random()` and uuid() draw numbers and change nothing anyone else reads.
 *  - the `pg_catalog` schema (47 macros): PostgreSQL shims that read the catalog (has_*_privilege,
 *    pg_get_viewdef, …).
 *  - names that read settings, variables or the catalog (SESSION_STATE): current_setting,
 *    getvariable, current_schema, version… Settings and the catalog stayed out of reach before.
 *  - names that are not identifiers (operators such as `+`, `||`) and DuckDB's `__internal_*`
 *    storage helpers: not callable by name.
 * Window functions (row_number, lag…) are bound by the parser and are not in the catalog, so they
 * are added here (WINDOW_FUNCTIONS, 12; `fill(lat) OVER …` failed to bind through the engine,
 * "FILL argument must support subtraction", so it stays out until a query shows it running).
 * Result on 1.4.3: 497 of the 709 catalog names allowed (495 in expressions, plus repeat_row and
 * unnest in FROM), 212 refused; with the window functions and Perch's 4 macros the model may call
 * 513 names.
 */
export interface CatalogFunction {
  function_name: string;
  function_type: string;
  schema_name: string;
  has_side_effects: boolean;
}

export const TABLE_FUNCTIONS = ['generate_series', 'range', 'repeat', 'repeat_row', 'unnest'] as const;

export const RANDOM_GENERATORS = ['gen_random_uuid', 'random', 'uuid', 'uuidv4', 'uuidv7'] as const;

export const SESSION_STATE = [
  'current_catalog',
  'current_connection_id',
  'current_database',
  'current_query',
  'current_query_id',
  'current_role',
  'current_schema',
  'current_schemas',
  'current_setting',
  'current_transaction_id',
  'current_user',
  'get_block_size',
  'getvariable',
  'in_search_path',
  'session_user',
  'txid_current',
  'user',
  'version',
] as const;

export const WINDOW_FUNCTIONS = [
  'cume_dist',
  'dense_rank',
  'first_value',
  'lag',
  'last_value',
  'lead',
  'nth_value',
  'ntile',
  'percent_rank',
  'rank',
  'rank_dense',
  'row_number',
] as const;

const SCALAR_TYPES = new Set(['scalar', 'aggregate', 'macro']);

export function classifyDuckDBFunctions(functions: readonly CatalogFunction[]): {
  scalar: string[];
  table: string[];
} {
  const refusedEverywhere = new Set<string>(SESSION_STATE);
  for (const f of functions) {
    const name = f.function_name.toLowerCase();
    if (f.schema_name === 'pg_catalog') refusedEverywhere.add(name);
    if (f.has_side_effects && !(RANDOM_GENERATORS as readonly string[]).includes(name))
      refusedEverywhere.add(name);
  }
  const scalar = new Set<string>(WINDOW_FUNCTIONS);
  const table = new Set<string>();
  for (const f of functions) {
    const name = f.function_name.toLowerCase();
    if (refusedEverywhere.has(name) || !/^[a-z][a-z0-9_]*$/.test(name)) continue;
    if (SCALAR_TYPES.has(f.function_type)) scalar.add(name);
    if (f.function_type === 'table' && (TABLE_FUNCTIONS as readonly string[]).includes(name)) table.add(name);
  }
  return { scalar: [...scalar].sort(), table: [...table].sort() };
}
