import { type CallCase, refused, sqlCase } from './corpus-case';

/** System catalogs list tables outside the scope (and settings, secrets, functions). */
const CATALOG_SQL: [string, string][] = [
  ['information_schema.tables', 'SELECT table_name FROM information_schema.tables'],
  ['information_schema.columns', 'SELECT column_name FROM information_schema.columns'],
  ['information_schema upper case', 'SELECT * FROM INFORMATION_SCHEMA.TABLES'],
  ['information_schema quoted', 'SELECT * FROM "information_schema"."tables"'],
  ['information_schema with a comment before the dot', 'SELECT * FROM information_schema/**/.tables'],
  ['information_schema in a subquery', 'SELECT (SELECT count(*) FROM information_schema.schemata) AS n'],
  ['information_schema qualified by the database', 'SELECT * FROM memory.information_schema.tables'],
  ['pg_catalog.pg_tables', 'SELECT * FROM pg_catalog.pg_tables'],
  ['pg_tables unqualified', 'SELECT * FROM pg_tables'],
  ['pg_class', 'SELECT relname FROM pg_class'],
  ['sqlite_master', 'SELECT * FROM sqlite_master'],
  ['sqlite_schema', 'SELECT * FROM sqlite_schema'],
  ['duckdb_tables()', 'SELECT table_name FROM duckdb_tables()'],
  ['duckdb_tables as a view', 'SELECT * FROM duckdb_tables'],
  ['duckdb_columns()', 'SELECT * FROM duckdb_columns()'],
  ['duckdb_views()', 'SELECT * FROM duckdb_views()'],
  ['duckdb_functions()', 'SELECT function_name FROM duckdb_functions()'],
  ['duckdb_databases()', 'SELECT * FROM duckdb_databases()'],
  ['duckdb_extensions()', 'SELECT * FROM duckdb_extensions()'],
  ['duckdb_logs()', 'SELECT * FROM duckdb_logs()'],
  ['duckdb_memory()', 'SELECT * FROM duckdb_memory()'],
  ['duckdb_temporary_files()', 'SELECT * FROM duckdb_temporary_files()'],
  ['duckdb_prepared_statements()', 'SELECT * FROM duckdb_prepared_statements()'],
  ['duckdb_tables quoted upper case', 'SELECT * FROM "DUCKDB_TABLES"()'],
  ['system.main.duckdb_tables', 'SELECT * FROM system.main.duckdb_tables()'],
  ['temp schema', 'SELECT * FROM temp.main.cells'],
  ['pragma_table_info of an out-of-scope table', "SELECT * FROM pragma_table_info('rt_private')"],
  ['pragma_show_tables', 'SELECT * FROM pragma_show_tables()'],
  ['pragma_database_list', 'SELECT * FROM pragma_database_list()'],
  ['pragma_storage_info', "SELECT * FROM pragma_storage_info('cells')"],
  ['SHOW TABLES', 'SHOW TABLES'],
  ['SHOW ALL TABLES', 'SHOW ALL TABLES'],
  ['DESCRIBE an out-of-scope table', 'DESCRIBE rt_private'],
  ['SUMMARIZE', 'SUMMARIZE cells'],
  ['PRAGMA table_info', "PRAGMA table_info('predictor_importance')"],
  ['duckdb_views() filtered', 'SELECT * FROM duckdb_views() WHERE internal = false'],
];

export const CATALOG_CASES: CallCase[] = [
  ...CATALOG_SQL.map(([name, sql]) => sqlCase('catalogs', name, sql, refused('sql_rejected'))),
  // Not in DuckDB-WASM's catalog (the autocomplete extension is not loaded, and nothing loads
  // one): refused by the guard, or by DuckDB as an unknown function.
  sqlCase(
    'catalogs',
    'sql_auto_complete lists table names',
    "SELECT * FROM sql_auto_complete('SELECT * FROM rt_pr')",
    refused('sql_rejected', 'query_failed'),
  ),
];
