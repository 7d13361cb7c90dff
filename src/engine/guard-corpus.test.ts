import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEngineError } from './engine-error';
import { createNodeEngine } from './node-engine';
import { makeTestCatalog } from './test-catalog';
import type { Engine } from './types';

/** Every case runs through `engine.query` (text check, binder scope check, lock), scope below. */
const SCOPE = ['weekly', 'cells', 'species', 'seasons'];

interface GuardCase {
  name: string;
  sql: string;
  expected: 'rejected' | 'accepted';
}

const GUARD_CORPUS: GuardCase[] = [
  // egress: functions and scans that reach files or URLs
  {
    name: 'read_csv over https',
    sql: "SELECT * FROM read_csv('https://evil.example/x.csv')",
    expected: 'rejected',
  },
  {
    name: 'read_csv with a concatenated URL',
    sql: "SELECT * FROM read_csv('https://' || 'evil.example/' || 'x.csv')",
    expected: 'rejected',
  },
  {
    name: 'quoted function name',
    sql: `SELECT * FROM "read_csv"('http://evil.example/y.csv')`,
    expected: 'rejected',
  },
  {
    name: 'mixed-case function name',
    sql: "SELECT * FROM ReAd_CsV_AuTo('http://evil.example/y.csv')",
    expected: 'rejected',
  },
  {
    name: 'schema-qualified read_parquet',
    sql: "SELECT * FROM main.read_parquet('x.parquet')",
    expected: 'rejected',
  },
  {
    name: 'comment between name and parenthesis',
    sql: "SELECT * FROM read_csv/**/('http://evil.example/x')",
    expected: 'rejected',
  },
  {
    name: "FROM 'https://…' replacement scan",
    sql: "SELECT * FROM 'https://evil.example/data.parquet'",
    expected: 'rejected',
  },
  { name: "FROM 'file.csv' replacement scan", sql: "FROM 'secrets.csv'", expected: 'rejected' },
  {
    name: 'JOIN a file string',
    sql: "SELECT * FROM weekly JOIN 'x.csv' USING (cell_id)",
    expected: 'rejected',
  },
  { name: 'comma-joined file string', sql: "SELECT * FROM weekly, 'x.csv'", expected: 'rejected' },
  { name: 'quoted identifier that names a file', sql: 'SELECT * FROM "x.csv"', expected: 'rejected' },
  { name: 'glob', sql: "SELECT * FROM glob('/etc/*')", expected: 'rejected' },
  { name: 'read_text', sql: "SELECT content FROM read_text('/etc/passwd')", expected: 'rejected' },
  { name: 'read_blob', sql: "SELECT * FROM read_blob('/etc/passwd')", expected: 'rejected' },
  { name: 'parquet_metadata', sql: "SELECT * FROM parquet_metadata('x.parquet')", expected: 'rejected' },
  {
    name: 'query() runs SQL text',
    sql: "SELECT * FROM query('SELECT * FROM private_notes')",
    expected: 'rejected',
  },
  { name: 'query_table()', sql: "SELECT * FROM query_table('private_notes')", expected: 'rejected' },
  { name: 'sniff_csv', sql: "SELECT * FROM sniff_csv('http://evil.example/x.csv')", expected: 'rejected' },
  {
    name: 'read_json in a scalar subquery',
    sql: "SELECT (SELECT count(*) FROM read_json('http://evil.example/y.json')) AS n",
    expected: 'rejected',
  },
  {
    name: 'read_csv inside a CTE',
    sql: "WITH a AS (SELECT * FROM read_csv('http://evil.example/x')) SELECT * FROM a",
    expected: 'rejected',
  },
  { name: 'getenv', sql: "SELECT getenv('HOME') AS home", expected: 'rejected' },
  {
    name: 'current_setting',
    sql: "SELECT current_setting('enable_external_access') AS s",
    expected: 'rejected',
  },
  { name: 'duckdb_settings()', sql: 'SELECT * FROM duckdb_settings()', expected: 'rejected' },
  { name: 'pragma_version()', sql: 'SELECT * FROM pragma_version()', expected: 'rejected' },
  { name: 'sqlite_scan', sql: "SELECT * FROM sqlite_scan('x.db', 't')", expected: 'rejected' },
  // statement smuggling
  { name: 'second statement DROP', sql: 'SELECT 1; DROP TABLE weekly', expected: 'rejected' },
  { name: 'two SELECTs', sql: 'SELECT 1; SELECT 2', expected: 'rejected' },
  { name: 'double semicolon', sql: 'SELECT 1;;', expected: 'rejected' },
  {
    name: 'block comment before a second statement',
    sql: 'SELECT 1 /* comment */; DELETE FROM weekly',
    expected: 'rejected',
  },
  {
    name: 'line comment then a second statement',
    sql: 'SELECT 1 -- harmless\n; DROP TABLE weekly',
    expected: 'rejected',
  },
  { name: 'WITH … DELETE', sql: 'WITH x AS (SELECT 1) DELETE FROM weekly', expected: 'rejected' },
  {
    name: 'DELETE … RETURNING inside a CTE',
    sql: 'WITH x AS (DELETE FROM weekly RETURNING *) SELECT * FROM x',
    expected: 'rejected',
  },
  { name: 'EXPLAIN ANALYZE', sql: 'EXPLAIN ANALYZE SELECT * FROM weekly', expected: 'rejected' },
  { name: 'EXPLAIN', sql: 'EXPLAIN SELECT 1', expected: 'rejected' },
  {
    name: 'closing the row-cap wrapper',
    sql: 'SELECT 1) AS q; DROP TABLE weekly; SELECT * FROM (SELECT 1',
    expected: 'rejected',
  },
  { name: 'unbalanced parentheses', sql: 'SELECT 1) UNION ALL (SELECT 2', expected: 'rejected' },
  { name: 'unterminated block comment', sql: 'SELECT 1 /* DROP TABLE weekly', expected: 'rejected' },
  { name: 'unterminated string', sql: "SELECT 'abc", expected: 'rejected' },
  { name: 'leading comment then a command', sql: '/* hi */ DROP TABLE weekly', expected: 'rejected' },
  { name: 'parenthesised query then ATTACH', sql: "(SELECT 1); ATTACH 'x.db'", expected: 'rejected' },
  // commands
  { name: 'ATTACH memory', sql: "ATTACH ':memory:' AS m", expected: 'rejected' },
  { name: 'ATTACH a URL', sql: "ATTACH 'https://evil.example/x.db' AS remote", expected: 'rejected' },
  { name: 'DETACH', sql: 'DETACH m', expected: 'rejected' },
  { name: 'COPY table TO', sql: "COPY weekly TO 'out.csv'", expected: 'rejected' },
  { name: 'COPY query TO', sql: "COPY (SELECT 1) TO 'x.csv'", expected: 'rejected' },
  { name: 'PRAGMA version', sql: 'PRAGMA version', expected: 'rejected' },
  { name: 'PRAGMA show_tables', sql: 'PRAGMA show_tables', expected: 'rejected' },
  { name: 'SET threads', sql: 'SET threads = 1', expected: 'rejected' },
  { name: 'SET VARIABLE', sql: 'SET VARIABLE x = 1', expected: 'rejected' },
  { name: 'RESET', sql: 'RESET threads', expected: 'rejected' },
  { name: 'INSTALL', sql: 'INSTALL httpfs', expected: 'rejected' },
  { name: 'LOAD', sql: 'LOAD httpfs', expected: 'rejected' },
  { name: 'FORCE INSTALL', sql: 'FORCE INSTALL spatial', expected: 'rejected' },
  { name: 'CREATE MACRO', sql: 'CREATE MACRO evil() AS 1', expected: 'rejected' },
  { name: 'CREATE TABLE AS', sql: 'CREATE TABLE x AS SELECT 1', expected: 'rejected' },
  {
    name: 'CREATE VIEW',
    sql: 'CREATE OR REPLACE VIEW v AS SELECT * FROM private_notes',
    expected: 'rejected',
  },
  { name: 'INSERT', sql: 'INSERT INTO species SELECT * FROM species', expected: 'rejected' },
  { name: 'UPDATE', sql: 'UPDATE weekly SET abundance = 0', expected: 'rejected' },
  { name: 'DELETE', sql: 'DELETE FROM weekly', expected: 'rejected' },
  { name: 'DROP in mixed case', sql: 'dRoP tAbLe weekly', expected: 'rejected' },
  { name: 'CALL', sql: 'CALL pragma_version()', expected: 'rejected' },
  { name: 'EXPORT DATABASE', sql: "EXPORT DATABASE 'x'", expected: 'rejected' },
  { name: 'IMPORT DATABASE', sql: "IMPORT DATABASE 'x'", expected: 'rejected' },
  { name: 'CHECKPOINT', sql: 'CHECKPOINT', expected: 'rejected' },
  { name: 'BEGIN TRANSACTION', sql: 'BEGIN TRANSACTION', expected: 'rejected' },
  { name: 'USE', sql: 'USE memory', expected: 'rejected' },
  { name: 'DESCRIBE', sql: 'DESCRIBE weekly', expected: 'rejected' },
  { name: 'SUMMARIZE', sql: 'SUMMARIZE weekly', expected: 'rejected' },
  { name: 'SHOW TABLES', sql: 'SHOW TABLES', expected: 'rejected' },
  { name: 'VACUUM', sql: 'VACUUM', expected: 'rejected' },
  // out of scope
  { name: 'a catalog table outside the scope', sql: 'SELECT * FROM private_notes', expected: 'rejected' },
  {
    name: 'out-of-scope table in upper case quotes',
    sql: 'SELECT * FROM "PRIVATE_NOTES"',
    expected: 'rejected',
  },
  {
    name: 'out-of-scope table qualified with main',
    sql: 'SELECT * FROM main.private_notes',
    expected: 'rejected',
  },
  {
    name: 'out-of-scope table in a scalar subquery',
    sql: 'SELECT (SELECT note FROM private_notes) AS n',
    expected: 'rejected',
  },
  {
    name: 'out-of-scope table behind a CTE',
    sql: 'WITH w AS (SELECT * FROM private_notes) SELECT * FROM w',
    expected: 'rejected',
  },
  {
    name: 'out-of-scope table in a WHERE subquery',
    sql: 'SELECT * FROM weekly WHERE cell_id IN (SELECT 1 FROM private_notes)',
    expected: 'rejected',
  },
  { name: 'a table not in the catalog', sql: 'SELECT * FROM passwords', expected: 'rejected' },
  { name: 'another database qualifier', sql: 'SELECT * FROM other_db.main.weekly', expected: 'rejected' },
  { name: 'information_schema', sql: 'SELECT * FROM information_schema.tables', expected: 'rejected' },
  { name: 'pg_catalog', sql: 'SELECT * FROM pg_catalog.pg_tables', expected: 'rejected' },
  { name: 'sqlite_master', sql: 'SELECT * FROM sqlite_master', expected: 'rejected' },
  { name: 'duckdb_tables view name', sql: 'SELECT * FROM duckdb_tables', expected: 'rejected' },
  // unicode tricks
  { name: 'fullwidth semicolon', sql: 'SELECT 1\uFF1B DROP TABLE weekly', expected: 'rejected' },
  { name: 'zero-width space inside a keyword', sql: 'SEL\u200BECT * FROM weekly', expected: 'rejected' },
  { name: 'zero-width joiner after a statement', sql: 'SELECT 1;\u200D', expected: 'rejected' },
  { name: 'zero-width space inside a string', sql: "SELECT 'a\u200Bb' AS s", expected: 'rejected' },
  { name: 'Cyrillic look-alike letter in SELECT', sql: 'S\u0415LECT 1', expected: 'rejected' },
  {
    name: 'Cyrillic look-alike letters in a quoted table name',
    sql: 'SELECT * FROM "w\u0435\u0435kly"',
    expected: 'rejected',
  },
  { name: 'right-to-left override', sql: "SELECT '\u202E' AS x", expected: 'rejected' },
  { name: 'fullwidth letters', sql: '\uFF33\uFF25\uFF2C\uFF25\uFF23\uFF34 1', expected: 'rejected' },
  { name: 'byte-order mark', sql: '\uFEFFSELECT 1', expected: 'rejected' },
  { name: 'NUL byte', sql: 'SELECT 1\u0000; DROP TABLE weekly', expected: 'rejected' },
  { name: 'no-break space between tokens', sql: 'SELECT\u00A01', expected: 'rejected' },
  { name: 'empty input', sql: '  -- nothing\n', expected: 'rejected' },
  // legitimate
  {
    name: "';' and '--' inside strings",
    sql: "SELECT ';' AS semi, '--' AS dashes, '/*' AS open FROM weekly LIMIT 1",
    expected: 'accepted',
  },
  { name: 'one trailing semicolon', sql: "SELECT 'a;b' AS s;  ", expected: 'accepted' },
  { name: 'trailing line comment', sql: 'SELECT 1 AS one -- trailing comment', expected: 'accepted' },
  {
    name: 'leading block comment',
    sql: '/* leading comment; with a semicolon */ SELECT count(*) FROM weekly',
    expected: 'accepted',
  },
  {
    name: 'CTE with aggregate',
    sql: 'WITH w AS (SELECT week, avg(abundance) AS a FROM weekly GROUP BY week) SELECT * FROM w ORDER BY week LIMIT 5',
    expected: 'accepted',
  },
  {
    name: 'window function with QUALIFY',
    sql: 'SELECT week, cell_id, rank() OVER (PARTITION BY week ORDER BY abundance DESC) AS r FROM weekly QUALIFY r = 1 ORDER BY week',
    expected: 'accepted',
  },
  {
    name: 'JOIN … USING',
    sql: 'SELECT w.week, c.lat FROM weekly w JOIN cells c USING (cell_id) WHERE w.week = 24 LIMIT 10',
    expected: 'accepted',
  },
  {
    name: 'LEFT JOIN … ON',
    sql: 'SELECT w.week, c.lon FROM weekly AS w LEFT JOIN cells AS c ON c.cell_id = w.cell_id LIMIT 3',
    expected: 'accepted',
  },
  { name: 'FROM-first syntax', sql: 'FROM species SELECT common_name', expected: 'accepted' },
  { name: 'doubled quote escaping a semicolon', sql: "SELECT 'it''s; fine' AS s", expected: 'accepted' },
  { name: 'E-string with a backslash-escaped quote', sql: "SELECT E'a\\';b' AS s", expected: 'accepted' },
  {
    name: 'dollar-quoted string holding SQL',
    sql: 'SELECT $$DROP TABLE weekly;$$ AS s',
    expected: 'accepted',
  },
  { name: 'non-ASCII text inside a string', sql: "SELECT 'caf\u00E9 \uFF1B' AS s", expected: 'accepted' },
  { name: 'quoted alias with a semicolon', sql: 'SELECT 1 AS "a;b"', expected: 'accepted' },
  { name: 'quoted alias that is a command word', sql: 'SELECT 1 AS "drop"', expected: 'accepted' },
  { name: 'string that spells read_csv', sql: "SELECT 'read_csv(''http://x'')' AS s", expected: 'accepted' },
  { name: 'week_to_date macro', sql: 'SELECT week_to_date(24) AS d', expected: 'accepted' },
  { name: 'distance_km macro', sql: 'SELECT distance_km(42, -85, 43, -85) AS km', expected: 'accepted' },
  { name: 'season_of_week macro', sql: "SELECT season_of_week('yebsap', 5) AS s", expected: 'accepted' },
  { name: 'VALUES', sql: 'VALUES (1), (2)', expected: 'accepted' },
  { name: 'UNION ALL', sql: 'SELECT 1 AS x UNION ALL SELECT 2', expected: 'accepted' },
  { name: 'range() table function', sql: 'SELECT sum(range) AS s FROM range(10)', expected: 'accepted' },
  {
    name: 'IN subquery over two tables',
    sql: 'SELECT * FROM species WHERE species_code IN (SELECT species_code FROM weekly WHERE week = 24)',
    expected: 'accepted',
  },
  { name: 'upper-case table name', sql: 'SELECT * FROM WEEKLY LIMIT 1', expected: 'accepted' },
  { name: 'main-qualified table', sql: 'SELECT * FROM main.weekly LIMIT 1', expected: 'accepted' },
  {
    name: 'FILTER clause',
    sql: 'SELECT count(*) FILTER (WHERE abundance IS NULL) AS not_modelled FROM weekly',
    expected: 'accepted',
  },
  { name: 'parenthesised query', sql: '(SELECT 1 AS x)', expected: 'accepted' },
];

let engine: Engine;
beforeAll(async () => {
  engine = await createNodeEngine({ dataDir: (await makeTestCatalog()).dir, limits: { maxRows: 10_000 } });
});
afterAll(async () => engine?.close());

describe('engine.query guard corpus', () => {
  it('has at least 60 hostile cases and unique names', () => {
    expect(GUARD_CORPUS.filter((item) => item.expected === 'rejected').length).toBeGreaterThanOrEqual(60);
    expect(new Set(GUARD_CORPUS.map((item) => item.name)).size).toBe(GUARD_CORPUS.length);
  });

  it.each(GUARD_CORPUS)('$name is $expected', async ({ sql, expected }) => {
    const outcome = await engine.query(sql, { scope: SCOPE }).then(
      (result) => ({ accepted: true as const, rows: result.rows }),
      (error: unknown) => ({ accepted: false as const, error }),
    );
    if (expected === 'accepted') {
      expect(outcome, JSON.stringify(outcome)).toMatchObject({ accepted: true });
    } else {
      expect(outcome.accepted).toBe(false);
      const error = (outcome as { error: unknown }).error;
      expect(isEngineError(error), String(error)).toBe(true);
      expect(error).toMatchObject({
        code: 'sql_rejected',
        message: expect.stringMatching(/^sql_rejected: .+\. .+/),
      });
    }
  });

  it('leaves the tables intact after the whole corpus', async () => {
    const result = await engine.query('SELECT count(*) AS n FROM weekly', { scope: SCOPE });
    expect(Number(result.table.getChild('n')!.get(0))).toBe(2 * 52 * 40);
  });
});
