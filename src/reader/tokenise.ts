/**
 * A question cut once into tokens: every part reader (time, place, species, cues) works on these,
 * never on the raw string again. A token keeps the text as typed (`raw`, for "I did not
 * understand 'backyard'") and a normalised `text` (lower case, straight quotes, no possessive
 * 's, no trailing period) that the tables are written in.
 */
export interface Token {
  /** Normalised: lower case, "'s" and a trailing "." removed, "²" → "2". */
  text: string;
  /** As typed (with its trailing period, if any). */
  raw: string;
  /** Offsets in the question. */
  start: number;
  end: number;
  /** Glued to the previous token by a hyphen ("mid-June", "yellow-bellied", "April-June"). */
  joined: boolean;
  /** Typed in capitals ("MI", "UP", "U.P.", "YBSA"): codes only count when typed so. */
  upper: boolean;
  /** Ended with "'s" ("sapsucker's", "Mother's"). */
  possessive: boolean;
  /** Ended with a period ("Mich.", "Jun."): abbreviations are only read as such. */
  period: boolean;
}

/**
 * One token per match, in this order: ISO dates (2023-06-14), slash dates (6/14, 6/14/2023),
 * decimals (0.25, .25), whole numbers with an ordinal (24th), dotted initials (U.P.), words
 * (with an apostrophe part and a trailing period), comparison signs and range dashes.
 */
const TOKEN_PATTERN =
  /\d{4}-\d{1,2}-\d{1,2}|\d{1,2}\/\d{1,2}(?:\/\d{2,4})?|\d*\.\d+|\d+(?:st|nd|rd|th)?|(?:[a-z]\.){2,}|[a-z][a-z0-9²]*(?:'[a-z]*)?\.?|[%<>≥≤#]=?|[–—-]/gi;

const LETTER = /[a-z]/i;

export function tokenise(question: string): Token[] {
  // Same-length replacements only, so offsets still point into the question as typed.
  const text = question.replace(/[’‘`´]/g, "'").replace(/[“”]/g, '"');
  const tokens: Token[] = [];
  let glueNext = false;
  for (const match of text.matchAll(TOKEN_PATTERN)) {
    const raw = match[0];
    const start = match.index;
    const end = start + raw.length;
    if (raw === '-') {
      // A hyphen between letters glues two words; between numbers or spaced out it is a range dash.
      if (LETTER.test(text[start - 1] ?? '') && LETTER.test(text[end] ?? '')) {
        glueNext = true;
        continue;
      }
    }
    tokens.push(makeToken(raw, question.slice(start, end), start, end, glueNext));
    glueNext = false;
  }
  return tokens;
}

function makeToken(normalisedRaw: string, raw: string, start: number, end: number, joined: boolean): Token {
  let text = normalisedRaw.toLowerCase().replace(/²/g, '2');
  const period = text.endsWith('.') && !/^\d*\.\d+$/.test(text);
  if (/^(?:[a-z]\.){2,}$/.test(text)) text = text.replace(/\./g, '');
  else if (period) text = text.slice(0, -1);
  const possessive = /'s?$/.test(text) && text.length > 2;
  if (possessive) text = text.replace(/'s?$/, '');
  if (text === '–' || text === '—') text = '-';
  if (text === '≥' || text === '>=') text = '>=';
  if (text === '≤') text = '<=';
  if (text === '%') text = 'percent';
  const letters = raw.replace(/[^a-z]/gi, '');
  const upper = letters.length >= 2 && letters === letters.toUpperCase();
  return { text, raw, start, end, joined, upper, possessive, period };
}

/** The typed text from token `from` to token `to` (exclusive), for notes and out-of-scope words. */
export function typedWords(question: string, tokens: readonly Token[], from: number, to: number): string {
  if (to <= from) return '';
  return question.slice(tokens[from]!.start, tokens[to - 1]!.end).replace(/[.?!,;:]+$/, '');
}
