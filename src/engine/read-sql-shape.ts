import type { SqlToken } from './sql-lexer';

/**
 * What the guard needs to know about a query's structure, read from its tokens in one pass:
 * every `name(` with whether it stands where a table goes (after FROM, JOIN, LATERAL, PIVOT, or a
 * comma between FROM items) or inside an expression, strings scanned as tables (`FROM 'x.csv'`),
 * and how deep parentheses and macro calls nest.
 *
 * A parenthesis opened by a call or a syntax form keeps the clause of the text around it: `FROM`
 * inside `trim(… FROM x)`, `extract(year FROM d)` or `substring(s FROM 2)` is an argument, not a
 * FROM clause. `IS [NOT] DISTINCT FROM` is a comparison. Every other parenthesis (a subquery, a
 * list, a grouping) starts its own clause.
 */
export interface SqlCall {
  /** Lower-cased function name (the last part of a qualified name). */
  name: string;
  token: SqlToken;
  /** The token before the name (`.` for `main.f(`), for telling aliases and types from calls. */
  before: SqlToken | undefined;
  /** The token before a qualified name's first part: what the whole `a.b(` follows. */
  leading: SqlToken | undefined;
  /** The token after the call's closing parenthesis (`AS` after a CTE's column list). */
  after: SqlToken | undefined;
  inTablePosition: boolean;
  /** Macro calls (see `isMacro`) this call sits inside, plus one when it is itself a macro. */
  macroDepth: number;
}

export interface SqlShape {
  calls: SqlCall[];
  /** String literals where a table goes: DuckDB reads them as files or URLs. */
  scannedStrings: SqlToken[];
  /** Deepest parenthesis nesting. */
  parenDepth: number;
  /** The call that nests macros deepest, if any macro is called. */
  deepestMacro: SqlCall | null;
}

interface Frame {
  /** The clause keyword last seen at this level; null inside a call's own parentheses. */
  clause: string | null;
  isCall: boolean;
  macroDepth: number;
}

const TABLE_AFTER = new Set(['from', 'join', 'lateral', 'pivot', 'unpivot', 'pivot_wider', 'pivot_longer']);
/** Clauses in which a top-level comma starts another FROM item. */
const FROM_LIST_CLAUSES = new Set(['from', 'join', 'on', 'using', 'lateral']);
const CLAUSE_WORDS = new Set([
  'select',
  'from',
  'where',
  'group',
  'having',
  'qualify',
  'order',
  'limit',
  'offset',
  'window',
  'union',
  'intersect',
  'except',
  'values',
  'join',
  'on',
  'using',
  'lateral',
  'with',
  'pivot',
  'unpivot',
  'pivot_wider',
  'pivot_longer',
  'into',
  'returning',
  'set',
]);
const PIVOT_CLAUSES = new Set(['pivot', 'unpivot', 'pivot_wider', 'pivot_longer', 'pivot_on', 'pivot_using']);

export interface NameKinds {
  /** Macros expand their arguments inside DuckDB's binder, so their nesting is what costs. */
  isMacro(name: string): boolean;
  /** Keywords such as IN, EXISTS, OVER, AS whose parenthesis holds a list or a subquery, not arguments. */
  isSyntax(name: string): boolean;
}

export function readSqlShape(tokens: readonly SqlToken[], kinds: NameKinds): SqlShape {
  const isMacro = (name: string) => kinds.isMacro(name);
  const calls: SqlCall[] = [];
  const scannedStrings: SqlToken[] = [];
  const frames: Frame[] = [{ clause: null, isCall: false, macroDepth: 0 }];
  let parenDepth = 0;
  let deepestMacro: SqlCall | null = null;
  let pendingCall: SqlCall | null = null;
  const closing = matchingParentheses(tokens);

  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    const frame = frames[frames.length - 1];
    const before = tokens[index - 1];
    const next = tokens[index + 1];
    if (token.kind === 'punct' && token.text === '(') {
      const isCall = pendingCall !== null && !kinds.isSyntax(pendingCall.name);
      const macroDepth = pendingCall?.macroDepth ?? frame.macroDepth;
      frames.push({ clause: isCall ? null : 'group', isCall, macroDepth });
      parenDepth = Math.max(parenDepth, frames.length - 1);
      pendingCall = null;
      continue;
    }
    pendingCall = null;
    if (token.kind === 'punct' && token.text === ')') {
      if (frames.length > 1) frames.pop();
      continue;
    }
    const tablePosition = !frame.isCall && startsFromItem(before, tokens[index - 2], frame);
    if (token.kind === 'string' && tablePosition) scannedStrings.push(token);
    // `f(SELECT …)` is not DuckDB syntax, but a subquery opening a call's parenthesis is read as one.
    if (token.kind === 'word' && frame.isCall && (token.text === 'select' || token.text === 'with'))
      frame.isCall = false;
    if (token.kind === 'word' && !frame.isCall) frame.clause = nextClause(frame.clause, token, before);
    if ((token.kind === 'word' || token.kind === 'quoted') && next?.kind === 'punct' && next.text === '(') {
      const name = token.text.toLowerCase();
      const leading = qualifiedStart(tokens, index);
      const call: SqlCall = {
        name,
        token,
        before,
        leading: tokens[leading - 1],
        after: tokens[(closing.get(index + 1) ?? tokens.length) + 1],
        inTablePosition: !frame.isCall && startsFromItem(tokens[leading - 1], tokens[leading - 2], frame),
        macroDepth: frame.macroDepth + (isMacro(name) ? 1 : 0),
      };
      calls.push(call);
      if (isMacro(name) && (deepestMacro === null || call.macroDepth > deepestMacro.macroDepth))
        deepestMacro = call;
      pendingCall = call;
    }
  }
  return { calls, scannedStrings, parenDepth, deepestMacro };
}

/** Index of each `(` → index of its `)` (the guard has already checked they balance). */
function matchingParentheses(tokens: readonly SqlToken[]): Map<number, number> {
  const open: number[] = [];
  const pairs = new Map<number, number>();
  tokens.forEach((token, index) => {
    if (token.kind !== 'punct') return;
    if (token.text === '(') open.push(index);
    if (token.text === ')' && open.length > 0) pairs.set(open.pop()!, index);
  });
  return pairs;
}

/** Index of the first part of a dotted name ending at `index` (`system.main.f` → the `system`). */
function qualifiedStart(tokens: readonly SqlToken[], index: number): number {
  let start = index;
  while (
    start >= 2 &&
    tokens[start - 1].kind === 'punct' &&
    tokens[start - 1].text === '.' &&
    (tokens[start - 2].kind === 'word' || tokens[start - 2].kind === 'quoted')
  )
    start -= 2;
  return start;
}

function startsFromItem(
  before: SqlToken | undefined,
  beforeThat: SqlToken | undefined,
  frame: Frame,
): boolean {
  if (before === undefined) return false;
  if (before.kind === 'word' && TABLE_AFTER.has(before.text))
    return !(before.text === 'from' && beforeThat?.kind === 'word' && beforeThat.text === 'distinct');
  return before.kind === 'punct' && before.text === ',' && FROM_LIST_CLAUSES.has(frame.clause ?? '');
}

function nextClause(current: string | null, token: SqlToken, before: SqlToken | undefined): string | null {
  const word = token.text;
  if (!CLAUSE_WORDS.has(word)) return current;
  if (word === 'from' && before?.kind === 'word' && before.text === 'distinct') return current;
  if (PIVOT_CLAUSES.has(current ?? '')) {
    if (word === 'on') return 'pivot_on';
    if (word === 'using') return 'pivot_using';
    if (word === 'into') return current;
  }
  return word;
}
