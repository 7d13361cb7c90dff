import { type CallCase, refused, sqlCase } from './corpus-case';
import { someTricks } from './sql-tricks';

/** Statements that change or read the engine's configuration, including the lock itself. */
const STATEMENTS: [string, string][] = [
  ['turn external access back on', 'SET enable_external_access = true'],
  ['unlock the configuration', 'SET lock_configuration = false'],
  ['widen allowed paths', "SET allowed_paths = ['/']"],
  ['SET GLOBAL', 'SET GLOBAL threads = 1'],
  ['SET SESSION', "SET SESSION search_path = 'information_schema'"],
  ['RESET ALL', 'RESET ALL'],
  ['SET VARIABLE', "SET VARIABLE leak = 'x'"],
  ['PRAGMA enable_profiling', 'PRAGMA enable_profiling'],
  ['PRAGMA memory_limit', "PRAGMA memory_limit = '100GB'"],
  ['autoload extensions', 'SET autoload_known_extensions = true'],
  ['set after a comment', '/* harmless */ SET threads = 4'],
  ['set in lower case after a CTE', 'WITH x AS (SELECT 1) SET threads = 2'],
];
const statements = STATEMENTS.map(([name, sql]) => sqlCase('settings', name, sql, refused('sql_rejected')));

/** Scalar functions that read settings, variables or the environment. */
const READERS: [string, string][] = [
  ['current_setting', "'enable_external_access'"],
  ['current_setting', "'allowed_paths'"],
  ['getenv', "'HOME'"],
  ['getvariable', "'leak'"],
];
const readers: CallCase[] = READERS.flatMap(([fn, args], index) =>
  someTricks(index * 2, 3).map((trick) =>
    sqlCase('settings', `${fn}(${args}) ${trick.name}`, trick.scalar(fn, args), refused('sql_rejected')),
  ),
);

const tables: CallCase[] = [
  ['duckdb_settings()', 'SELECT name, value FROM duckdb_settings()'],
  ['duckdb_settings filtered', "SELECT value FROM duckdb_settings() WHERE name = 'enable_external_access'"],
  ['duckdb_variables()', 'SELECT * FROM duckdb_variables()'],
  ['which_secret', "SELECT * FROM which_secret('s3://x', 's3')"],
  ['duckdb_secrets()', 'SELECT * FROM duckdb_secrets()'],
].map(([name, sql]) => sqlCase('settings', name!, sql!, refused('sql_rejected')));

export const SETTINGS_CASES: CallCase[] = [...statements, ...readers, ...tables];
