import {
  ALLOWED_SCALAR_FUNCTIONS,
  ALLOWED_TABLE_FUNCTIONS,
  DUCKDB_FUNCTION_NAMES,
  DUCKDB_KEYWORDS,
  DUCKDB_MACROS,
} from './duckdb-functions.generated';
import { ENGINE_MACROS } from './engine-macros';
import type { SqlCall } from './read-sql-shape';

/**
 * The functions a query may call: DuckDB's catalog filtered to side-effect-free functions
 * (classify-duckdb-functions.ts, generated into duckdb-functions.generated.ts) plus Perch's own
 * macros. Deny by default: a `name(` is refused unless it is allowed where it stands, or is syntax
 * that DuckDB never reads as a call (a keyword, a type after `::`/`AS`, a table alias's or CTE's
 * column list).
 */
const PERCH_MACROS = new Set(ENGINE_MACROS.map((macro) => macro.name));
/** Parsed forms that are neither keywords nor catalog functions (DuckDB rewrites them to CASE/COALESCE). */
const SYNTAX_FORMS = ['ifnull', 'iif', 'try'];
const EXPRESSION_ALLOWED = new Set([
  ...ALLOWED_SCALAR_FUNCTIONS,
  ...ALLOWED_TABLE_FUNCTIONS,
  ...PERCH_MACROS,
  ...SYNTAX_FORMS,
]);
const TABLE_ALLOWED = new Set(ALLOWED_TABLE_FUNCTIONS);
const KNOWN_FUNCTIONS = new Set(DUCKDB_FUNCTION_NAMES);
const KEYWORDS = new Set(DUCKDB_KEYWORDS);
const MACROS = new Set([...DUCKDB_MACROS, ...PERCH_MACROS]);

export const ALLOWED_EXPRESSION_FUNCTIONS: ReadonlySet<string> = EXPRESSION_ALLOWED;

export function isMacroName(name: string): boolean {
  return MACROS.has(name);
}

/** A keyword that is no function: its parenthesis is a list, a subquery or a clause. */
export function isSyntaxWord(name: string): boolean {
  return KEYWORDS.has(name) && !KNOWN_FUNCTIONS.has(name) && !EXPRESSION_ALLOWED.has(name);
}

export type CallRefusal = { problem: string; fix: string };

const FIX_TABLE =
  'Read the session tables by name (FROM weekly, …); rows can also come from range(), generate_series(), unnest()';
const FIX_FUNCTION = 'Use a side-effect-free DuckDB function (math, text, date, list, aggregate, window)';

export function refuseCall(call: SqlCall): CallRefusal | null {
  const { name } = call;
  if (isSyntaxWord(name) || isSampleMethod(call)) return null;
  if (call.inTablePosition) {
    if (TABLE_ALLOWED.has(name)) return null;
    return {
      problem: KNOWN_FUNCTIONS.has(name)
        ? `the table function ${name}() is not allowed: it reads files, settings, the catalog or other SQL, or changes state`
        : `${name}() is not a table function this engine offers`,
      fix: FIX_TABLE,
    };
  }
  if (EXPRESSION_ALLOWED.has(name)) return null;
  if (KNOWN_FUNCTIONS.has(name))
    return {
      problem: `the function ${name}() is not allowed: it has side effects or reads files, settings, the catalog or other SQL`,
      fix: FIX_FUNCTION,
    };
  if (isAliasOrType(call)) return null;
  return {
    problem: `${name}() is not a function this engine offers`,
    fix: `${FIX_FUNCTION}; check the spelling`,
  };
}

/** `TABLESAMPLE reservoir(10 ROWS)`, `USING SAMPLE system(5%)`: a sampling method, not a call. */
function isSampleMethod(call: SqlCall): boolean {
  return (
    ['reservoir', 'bernoulli', 'system'].includes(call.name) &&
    call.before?.kind === 'word' &&
    ['tablesample', 'sample'].includes(call.before.text)
  );
}

/**
 * An unknown name before `(` that DuckDB reads as a type (`x::DECIMAL(10, 2)`, `CAST(x AS
 * VARCHAR(3))`) or a column list (`AS t(a, b)`, `(VALUES …) t(a, b)`, `FROM weekly w(a)`,
 * `WITH p(i, lon) AS …`). It names no function, so nothing can run through it.
 */
function isAliasOrType(call: SqlCall): boolean {
  const before = call.leading;
  if (before === undefined) return false;
  if (before.kind === 'punct') {
    if (before.text === ',') return call.after?.kind === 'word' && ['as', 'using'].includes(call.after.text);
    return before.text === ')' || before.text === ':';
  }
  if (before.kind === 'word')
    return ['as', 'with', 'recursive'].includes(before.text) || !KEYWORDS.has(before.text);
  return before.kind === 'quoted';
}
