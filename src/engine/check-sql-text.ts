import { PLAN_SCHEMA } from './plan-shadow';
import { SYSTEM_VIEWS } from './duckdb-functions.generated';
import { isMacroName, isSyntaxWord, refuseCall } from './function-allow-list';
import { MAX_MACRO_NESTING, MAX_PAREN_DEPTH, MAX_SQL_CHARS } from './query-limits';
import { readSqlShape } from './read-sql-shape';
import { lexSql, type SqlToken } from './sql-lexer';

/**
 * The text half of the query check (the binder half is `checkScope`). Steps, in order, each
 * refusing with a message that names the fix:
 *  1. not empty, and at most MAX_SQL_CHARS long (query-limits.ts);
 *  2. no invisible or control characters anywhere (zero-width, bidi, soft hyphen…);
 *  3. strings, quoted identifiers and comments are closed;
 *  4. outside strings only ASCII (fullwidth `；`, Cyrillic look-alike letters…);
 *  5. exactly one statement (a trailing `;` is fine);
 *  6. balanced parentheses, so the query cannot close the row-cap wrapper;
 *  7. starts like a query and holds no command keyword (INSERT, COPY, ATTACH, PRAGMA, SET…);
 *  8. names no system catalog (`information_schema.`, `duckdb_tables`… list tables outside the
 *     scope, and the binder does not report them);
 *  9. parentheses and macro calls nest no deeper than MAX_PAREN_DEPTH / MAX_MACRO_NESTING, since
 *     DuckDB expands macros before the query's timer can stop it;
 * 10. calls only allowed functions (function-allow-list.ts: deny by default), and scans no string
 *     as a table (`FROM 'https://…'`).
 * The query then runs as a subquery under a row cap (`wrapQuery`), so even a command that slipped
 * through is a syntax error, never an execution.
 */
export type SqlTextCheck = { ok: true; body: string } | { ok: false; problem: string; fix: string };

const INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex lint/suspicious/noMisleadingCharacterClass: finding control and invisible characters, each listed on its own, is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF9-\uFFFB]/u;

// biome-ignore lint/suspicious/noControlCharactersInRegex: the class is every character outside ASCII
const NON_ASCII = /[^\x00-\x7F]/;

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

/**
 * System schemas, and the system views that resolve without a schema (duckdb_tables, sqlite_master,
 * pg_tables…): they list every table and setting, and `getTableNames` returns [] for them
 * (measured), so the scope check cannot see them. `information_schema`'s views (tables, columns…)
 * resolve only qualified, so their bare names stay usable as column names. The planner's twins
 * (plan-shadow.ts) hold made-up rows and `getTableNames` names them like the real tables, so
 * their schema is refused the same way.
 */
const SYSTEM_QUALIFIERS = new Set(['information_schema', 'pg_catalog', 'system', 'temp', PLAN_SCHEMA]);
const SYSTEM_VIEW_NAMES = new Set(
  SYSTEM_VIEWS.filter((view) => !view.startsWith('information_schema.')).map((view) => view.split('.')[1]),
);

const FIX_ONE_QUERY = 'Send one SELECT (or WITH … SELECT) over the catalog tables';

export function checkSqlText(sql: string): SqlTextCheck {
  if (sql.trim() === '') return refuse('the query is empty', FIX_ONE_QUERY);
  if (sql.length > MAX_SQL_CHARS)
    return refuse(
      `the query is ${sql.length} characters long; at most ${MAX_SQL_CHARS} are read`,
      'Shorten it: aggregate in SQL, or filter with a join instead of a long IN list',
    );
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
    (token) => token.kind !== 'string' && token.kind !== 'quoted' && NON_ASCII.test(token.text),
  );
  if (foreign)
    return refuse(
      `non-ASCII character ${codePoint(foreign.text.match(NON_ASCII)![0])} outside a string at character ${foreign.start}`,
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
  const command = code.find(
    (token, index) => token.kind === 'word' && COMMAND_WORDS.has(token.text) && code[index - 1]?.text !== '.',
  );
  if (command)
    return refuse(
      `not a read-only query: it contains the command keyword '${command.text.toUpperCase()}'`,
      `${FIX_ONE_QUERY}; only reading is allowed (a column named ${command.text} is written "${command.text}")`,
    );
  const system = systemName(code);
  if (system)
    return refuse(
      `the query names the system catalog '${system}'`,
      'Use the catalog tools (describe_table, search_datasets) to learn about tables',
    );
  const shape = readSqlShape(code, { isMacro: isMacroName, isSyntax: isSyntaxWord });
  if (shape.parenDepth > MAX_PAREN_DEPTH)
    return refuse(
      `the query nests parentheses ${shape.parenDepth} deep; at most ${MAX_PAREN_DEPTH} are allowed`,
      'Simplify it: name steps with WITH … AS (…) instead of nesting them',
    );
  const deepest = shape.deepestMacro;
  if (deepest && deepest.macroDepth > MAX_MACRO_NESTING)
    return refuse(
      `this query nests ${deepest.name} ${deepest.macroDepth} deep; at most ${MAX_MACRO_NESTING} macro calls may nest, because each level multiplies the work before the query can be stopped`,
      'Simplify it: compute the inner value once in a WITH step and pass the column',
    );
  for (const call of shape.calls) {
    const refusal = refuseCall(call);
    if (refusal) return refuse(refusal.problem, refusal.fix);
  }
  const [scanned] = shape.scannedStrings;
  if (scanned)
    return refuse(
      `a string is used as a table (${scanned.text})`,
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

/** A system schema used as a qualifier (`system.main.x`, `"temp".t`), or a system view by name. */
function systemName(tokens: SqlToken[]): string | null {
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    if (token.kind !== 'word' && token.kind !== 'quoted') continue;
    const name = token.text.toLowerCase();
    const qualifies = tokens[index + 1]?.kind === 'punct' && tokens[index + 1].text === '.';
    if ((qualifies && SYSTEM_QUALIFIERS.has(name)) || SYSTEM_VIEW_NAMES.has(name)) return token.text;
  }
  return null;
}

/**
 * The SQL handed to `getTableNames`. Its binder runs in DuckDB's name-extraction mode, where
 * tables are stand-ins with dummy columns and list constants are NULL, so valid queries fail to
 * bind there (measured on DuckDB-WASM 1.32): `JOIN … USING (cols)` ("Column cell_id does not exist
 * on left side of join!"), `COLUMNS('abun.*')` ("No matching columns … __dummy_col0"),
 * `quantile_cont(x, [0.1, 0.9])` ("QUANTILE argument must not be NULL"), `ASOF JOIN … ON a >= b`
 * ("Missing ASOF JOIN inequality"), `FROM unnest([1, 2])`, `ORDER BY name COLLATE nocase`. Each
 * is rewritten to a form naming the same tables: `ON TRUE`, `1`, the list's first element,
 * `JOIN`, `range(1)`, nothing. A part holding a subquery is never rewritten (it may name tables).
 * The query itself still runs unchanged.
 */
export function sqlForTableNames(sql: string): string {
  const lexed = lexSql(sql);
  if (!lexed.ok) return sql;
  const { tokens } = lexed;
  const edits: { from: number; to: number; text: string }[] = [];
  const closing = (open: number): number => {
    let depth = 0;
    for (let index = open; index < tokens.length; index++) {
      if (tokens[index].text === '(' || tokens[index].text === '[') depth++;
      if ((tokens[index].text === ')' || tokens[index].text === ']') && --depth === 0) return index;
    }
    return -1;
  };
  const holdsQuery = (from: number, to: number) =>
    tokens
      .slice(from, to)
      .some((token) => token.kind === 'word' && (token.text === 'select' || token.text === 'from'));
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    const next = tokens[index + 1];
    if (token.kind !== 'word') continue;
    const opens = next?.kind === 'punct' && next.text === '(';
    const close = opens ? closing(index + 1) : -1;
    if (token.text === 'collate' && next?.kind === 'word') {
      edits.push({ from: token.start, to: next.end, text: '' });
      index++;
    } else if (token.text === 'asof' && next?.kind === 'word' && next.text === 'join') {
      edits.push({ from: token.start, to: token.end, text: '' });
    } else if (close > 0 && holdsQuery(index, close)) {
      // a subquery inside: leave it for the binder to report
    } else if (close > 0 && token.text === 'using') {
      edits.push({ from: token.start, to: tokens[close].end, text: 'ON TRUE' });
      index = close;
    } else if (close > 0 && token.text === 'columns') {
      const star = tokens[index - 1]?.text === '*' ? tokens[index - 1].start : token.start;
      edits.push({ from: star, to: tokens[close].end, text: '1' });
      index = close;
    } else if (
      close > 0 &&
      ROW_GENERATORS.has(token.text) &&
      TABLE_STARTS.has(tokens[index - 1]?.text ?? '')
    ) {
      edits.push({ from: token.start, to: tokens[close].end, text: 'range(1)' });
      index = close;
    } else if (close > 0 && /quantile|^mad$/.test(token.text)) {
      for (let inner = index + 2; inner < close; inner++) {
        if (tokens[inner].text !== '[') continue;
        const end = closing(inner);
        const first = tokens.slice(inner + 1, end).findIndex((t) => t.text === ',');
        const last = first === -1 ? end : inner + 1 + first;
        if (end > inner + 1 && last > inner + 1)
          edits.push({
            from: tokens[inner].start,
            to: tokens[end].end,
            text: sql.slice(tokens[inner + 1].start, tokens[last - 1].end),
          });
        inner = end;
      }
      index = close;
    }
  }
  let out = '';
  let copied = 0;
  for (const edit of edits) {
    out += sql.slice(copied, edit.from) + edit.text;
    copied = edit.to;
  }
  return out + sql.slice(copied);
}

const ROW_GENERATORS = new Set(['unnest', 'range', 'generate_series', 'repeat', 'repeat_row']);
const TABLE_STARTS = new Set(['from', 'join', ',', 'lateral']);
