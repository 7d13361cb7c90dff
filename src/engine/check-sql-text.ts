import { lexSql, type SqlToken } from './sql-lexer';

/**
 * The text half of the query check (the binder half is `checkScope`). Steps, in order, each
 * refusing with a message that names the fix:
 *  1. not empty;
 *  2. no invisible or control characters anywhere (zero-width, bidi, soft hyphen…);
 *  3. strings, quoted identifiers and comments are closed;
 *  4. outside strings only ASCII (fullwidth `；`, Cyrillic look-alike letters…);
 *  5. exactly one statement (a trailing `;` is fine);
 *  6. balanced parentheses, so the query cannot close the row-cap wrapper;
 *  7. starts like a query and holds no command keyword (INSERT, COPY, ATTACH, PRAGMA, SET…);
 *  8. calls no function that reaches files, URLs, settings or other SQL (`read_*`, `glob`, `query`…),
 *     names no system catalog (`information_schema`, `duckdb_tables`… list tables outside the
 *     scope, and the binder does not report them), and scans no string as a table (`FROM 'https://…'`).
 * The query then runs as a subquery under a row cap (`wrapQuery`), so even a command that slipped
 * through is a syntax error, never an execution.
 */
export type SqlTextCheck = { ok: true; body: string } | { ok: false; problem: string; fix: string };

const INVISIBLE =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF9-\uFFFB]/u;

const QUERY_STARTS = new Set(['select', 'with', 'from', 'values', 'table', 'pivot', 'unpivot', '(']);

/** Statement keywords that never belong inside a read-only query. */
const COMMAND_WORDS = new Set([
  'insert',
  'update',
  'delete',
  'merge',
  'upsert',
  'create',
  'drop',
  'alter',
  'truncate',
  'copy',
  'attach',
  'detach',
  'pragma',
  'set',
  'reset',
  'call',
  'export',
  'import',
  'install',
  'load',
  'force',
  'checkpoint',
  'vacuum',
  'analyze',
  'explain',
  'begin',
  'commit',
  'rollback',
  'abort',
  'transaction',
  'prepare',
  'execute',
  'deallocate',
  'use',
  'describe',
  'show',
  'summarize',
  'grant',
  'revoke',
  'comment',
  'returning',
  'secret',
  'macro',
  'update_extensions',
]);

/** Table and scalar functions that reach files, URLs, settings, the catalog or run SQL text. */
const FORBIDDEN_FUNCTION =
  /^(read_\w*|glob|parquet_\w*|sniff_csv|query|query_table|\w*_scan|iceberg_\w*|delta_\w*|sqlite_\w*|postgres_\w*|mysql_\w*|pragma_\w*|duckdb_\w*|load_\w*|install_\w*|getenv|current_setting|getvariable|set_\w*|which_secret|checkpoint|force_checkpoint|enable_\w*|disable_\w*|ducklake_\w*|test_\w*|summary|json_execute_serialized_sql|from_substrait\w*|get_substrait\w*|icu_calendar_names)$/;

/** System schemas and views: `getTableNames` returns [] for `information_schema.tables` (measured), so the scope check cannot see them. */
const FORBIDDEN_NAME =
  /^(information_schema|pg_catalog|pg_\w+|sqlite_master|sqlite_schema|sqlite_temp_master|duckdb_\w+|system|temp)$/;

const FIX_ONE_QUERY = 'Send one SELECT (or WITH … SELECT) over the catalog tables';

export function checkSqlText(sql: string): SqlTextCheck {
  if (sql.trim() === '') return refuse('the query is empty', FIX_ONE_QUERY);
  const invisible = INVISIBLE.exec(sql);
  if (invisible)
    return refuse(
      `the query holds an invisible or control character ${codePoint(invisible[0])} at character ${invisible.index}`,
      'Retype the query without hidden characters',
    );
  const lexed = lexSql(sql);
  if (!lexed.ok)
    return refuse(`the query has ${lexed.problem}`, 'Close every string, quoted name and comment');
  const tokens = lexed.tokens;
  const foreign = tokens.find(
    (token) => token.kind !== 'string' && token.kind !== 'quoted' && /[^\x00-\x7F]/.test(token.text),
  );
  if (foreign)
    return refuse(
      `non-ASCII character ${codePoint(foreign.text.match(/[^\x00-\x7F]/)![0])} outside a string at character ${foreign.start}`,
      'Write keywords, names and punctuation in plain ASCII (non-ASCII text belongs inside quotes)',
    );
  const semicolons = tokens.filter((token) => token.text === ';' && token.kind === 'punct');
  const lastToken = tokens[tokens.length - 1];
  if (semicolons.length > 1 || (semicolons.length === 1 && semicolons[0] !== lastToken)) {
    return refuse('the input holds more than one statement', `${FIX_ONE_QUERY}; a ';' may only end it`);
  }
  const body = semicolons.length === 1 ? sql.slice(0, semicolons[0].start) : sql;
  const code = semicolons.length === 1 ? tokens.slice(0, -1) : tokens;
  if (code.length === 0) return refuse('the query is empty', FIX_ONE_QUERY);
  const parenProblem = checkParentheses(code);
  if (parenProblem) return refuse(parenProblem, 'Balance the parentheses');
  const first = code[0];
  if (!(first.kind === 'word' || first.kind === 'punct') || !QUERY_STARTS.has(first.text)) {
    return refuse(
      `not a query: it starts with '${sql.slice(first.start, first.end)}'`,
      `${FIX_ONE_QUERY}; commands never run here`,
    );
  }
  const command = code.find((token) => token.kind === 'word' && COMMAND_WORDS.has(token.text));
  if (command)
    return refuse(
      `not a read-only query: it contains the command keyword '${command.text.toUpperCase()}'`,
      `${FIX_ONE_QUERY}; only reading is allowed`,
    );
  const call = forbiddenCall(code);
  if (call)
    return refuse(
      `the function ${call}() reaches files, URLs, settings or other SQL`,
      'Read only the catalog tables by name (FROM weekly, …); files are loaded by the engine',
    );
  const system = code.find(
    (token) =>
      (token.kind === 'word' || token.kind === 'quoted') && FORBIDDEN_NAME.test(token.text.toLowerCase()),
  );
  if (system)
    return refuse(
      `the query names the system catalog '${system.text}'`,
      'Use the catalog tools (describe_table, search_datasets) to learn about tables',
    );
  const scanned = stringScan(code);
  if (scanned)
    return refuse(
      `a string is used as a table (${scanned})`,
      'Name a catalog table instead of a file or URL',
    );
  return { ok: true, body };
}

/** Runs the checked body as a subquery under a row cap: anything but a query fails to parse. */
export function wrapQuery(body: string, rowCap: number): string {
  // The newline ends a trailing `-- comment` in the body before the wrapper closes.
  return `SELECT * FROM (\n${body}\n) AS perch_query LIMIT ${rowCap}`;
}

function refuse(problem: string, fix: string): SqlTextCheck {
  return { ok: false, problem, fix };
}

function codePoint(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

function checkParentheses(tokens: SqlToken[]): string | null {
  let depth = 0;
  for (const token of tokens) {
    if (token.kind !== 'punct') continue;
    if (token.text === '(') depth++;
    if (token.text === ')') depth--;
    if (depth < 0) return `an unmatched ')' at character ${token.start}`;
  }
  return depth === 0 ? null : 'an unclosed (';
}

/** A name (word or quoted, possibly schema-qualified) directly followed by `(`. */
function forbiddenCall(tokens: SqlToken[]): string | null {
  for (let index = 0; index + 1 < tokens.length; index++) {
    const token = tokens[index];
    if ((token.kind === 'word' || token.kind === 'quoted') && tokens[index + 1].text === '(') {
      const name = token.text.toLowerCase();
      if (FORBIDDEN_FUNCTION.test(name)) return name;
    }
  }
  return null;
}

/** DuckDB replacement scans read `FROM 'file.csv'` / `JOIN 'https://…'` as files. */
function stringScan(tokens: SqlToken[]): string | null {
  for (let index = 1; index < tokens.length; index++) {
    const previous = tokens[index - 1];
    if (
      tokens[index].kind === 'string' &&
      previous.kind === 'word' &&
      (previous.text === 'from' || previous.text === 'join')
    ) {
      return tokens[index].text;
    }
  }
  return null;
}

/**
 * The SQL handed to `getTableNames`: `JOIN … USING (cols)` becomes `ON TRUE`, because the binder
 * behind getTableNames fails on USING ("Column cell_id does not exist on left side of join!",
 * measured on DuckDB-WASM 1.32 with both tables present). Join conditions name no tables, so the
 * list is the same; the query itself still runs unchanged.
 */
export function sqlForTableNames(sql: string): string {
  const lexed = lexSql(sql);
  if (!lexed.ok) return sql;
  const { tokens } = lexed;
  let out = '';
  let copied = 0;
  for (let index = 0; index + 1 < tokens.length; index++) {
    if (tokens[index].kind !== 'word' || tokens[index].text !== 'using' || tokens[index + 1].text !== '(')
      continue;
    let depth = 0;
    let close = index + 1;
    for (; close < tokens.length; close++) {
      if (tokens[close].text === '(') depth++;
      if (tokens[close].text === ')' && --depth === 0) break;
    }
    if (close >= tokens.length) break;
    out += `${sql.slice(copied, tokens[index].start)}ON TRUE`;
    copied = tokens[close].end;
    index = close;
  }
  return out + sql.slice(copied);
}
