/**
 * A small SQL lexer, just enough for the guard: it knows where strings, quoted identifiers and
 * comments start and end so that `;` or `--` inside a string is not mistaken for code. It follows
 * DuckDB's (libpg_query's) rules: '' escapes a quote, E'…' strings take backslash escapes,
 * $tag$…$tag$ strings, and /* … *\/ comments nest.
 */

export type SqlTokenKind = 'word' | 'quoted' | 'string' | 'number' | 'punct';

export interface SqlToken {
  kind: SqlTokenKind;
  /** Words are lower-cased; quoted identifiers keep their case without the quotes; strings keep their raw text. */
  text: string;
  start: number;
  end: number;
}

export type LexResult = { ok: true; tokens: SqlToken[] } | { ok: false; problem: string };

const WORD_START = /[A-Za-z_]/;
const WORD_PART = /[A-Za-z0-9_$]/;
const DIGIT = /[0-9]/;

export function lexSql(sql: string): LexResult {
  const tokens: SqlToken[] = [];
  let index = 0;
  while (index < sql.length) {
    const char = sql[index];
    const next = sql[index + 1];
    // ASCII whitespace only: a no-break space is a look-alike, refused by the guard as non-ASCII.
    if (/[ \t\n\r\f\v]/.test(char)) {
      index++;
    } else if (char === '-' && next === '-') {
      const newline = sql.indexOf('\n', index);
      index = newline === -1 ? sql.length : newline + 1;
    } else if (char === '/' && next === '*') {
      const end = skipBlockComment(sql, index);
      if (end === -1) return { ok: false, problem: `an unterminated /* comment at character ${index}` };
      index = end;
    } else if (char === "'" || ((char === 'E' || char === 'e') && next === "'")) {
      const quoteAt = char === "'" ? index : index + 1;
      const end = skipQuoted(sql, quoteAt, "'", char !== "'");
      if (end === -1) return { ok: false, problem: `an unterminated string starting at character ${index}` };
      tokens.push({ kind: 'string', text: sql.slice(index, end), start: index, end });
      index = end;
    } else if (char === '"') {
      const end = skipQuoted(sql, index, '"', false);
      if (end === -1)
        return { ok: false, problem: `an unterminated quoted identifier at character ${index}` };
      tokens.push({
        kind: 'quoted',
        text: sql.slice(index + 1, end - 1).replaceAll('""', '"'),
        start: index,
        end,
      });
      index = end;
    } else if (char === '$' && /[A-Za-z_$]/.test(next ?? '')) {
      const tagEnd = sql.indexOf('$', index + 1);
      const tag = tagEnd === -1 ? '' : sql.slice(index, tagEnd + 1);
      if (!/^\$[A-Za-z_]?[A-Za-z0-9_]*\$$/.test(tag))
        return { ok: false, problem: `a stray '$' at character ${index}` };
      const close = sql.indexOf(tag, tagEnd + 1);
      if (close === -1) return { ok: false, problem: `an unterminated ${tag} string at character ${index}` };
      tokens.push({
        kind: 'string',
        text: sql.slice(index, close + tag.length),
        start: index,
        end: close + tag.length,
      });
      index = close + tag.length;
    } else if (WORD_START.test(char)) {
      let end = index + 1;
      while (end < sql.length && WORD_PART.test(sql[end])) end++;
      tokens.push({ kind: 'word', text: sql.slice(index, end).toLowerCase(), start: index, end });
      index = end;
    } else if (DIGIT.test(char) || (char === '.' && DIGIT.test(next ?? ''))) {
      let end = index + 1;
      while (end < sql.length && /[0-9._eE]/.test(sql[end])) end++;
      tokens.push({ kind: 'number', text: sql.slice(index, end), start: index, end });
      index = end;
    } else {
      tokens.push({ kind: 'punct', text: char, start: index, end: index + 1 });
      index++;
    }
  }
  return { ok: true, tokens };
}

/** Returns the index after the closing quote, or -1. A doubled quote is an escaped quote. */
function skipQuoted(sql: string, quoteAt: number, quote: string, backslashEscapes: boolean): number {
  let index = quoteAt + 1;
  while (index < sql.length) {
    const char = sql[index];
    if (backslashEscapes && char === '\\') {
      index += 2;
    } else if (char === quote) {
      if (sql[index + 1] === quote) index += 2;
      else return index + 1;
    } else {
      index++;
    }
  }
  return -1;
}

function skipBlockComment(sql: string, start: number): number {
  let depth = 0;
  let index = start;
  while (index < sql.length) {
    if (sql[index] === '/' && sql[index + 1] === '*') {
      depth++;
      index += 2;
    } else if (sql[index] === '*' && sql[index + 1] === '/') {
      depth--;
      index += 2;
      if (depth === 0) return index;
    } else {
      index++;
    }
  }
  return -1;
}
