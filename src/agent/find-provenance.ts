import type { Provenance } from './agent-event';

/** A successful tool result a figure may have come from. */
export interface ProvenanceSource {
  callId: string;
  tool: string;
  sql?: string;
  data: unknown;
}

interface Figure {
  text: string;
  value: number;
  decimals: number;
  percent: boolean;
}

/** Digits with optional thousands separators, decimals and a percent sign. */
const FIGURE_PATTERN = /[-−]?\d[\d,]*(?:\.\d+)?%?/g;
/** A figure glued to these is part of a code or a date (`USA-MI`, `H5N1`, `2023-06-14`), not a number. */
const GLUED_BEFORE = /[\p{L}\d_.-]/u;
const GLUED_AFTER = /[\p{L}\d_-]/u;

/** Shortest caveat looked for in an answer: a sentence, not a word or a code. */
const MIN_QUOTED_LENGTH = 16;
const MONTH = '(?:January|February|March|April|May|June|July|August|September|October|November|December)';
/** "19 April" / "April 19": a day of a written date, not a figure any result computed. */
const DAY_BEFORE_MONTH = new RegExp(`^\\s${MONTH}\\b`);
const DAY_AFTER_MONTH = new RegExp(`\\b${MONTH}\\s$`);

/**
 * Which tool call each number in `answer` came from: a figure matches a numeric value of a
 * result when the value, rounded to the decimals written, gives the figure (a percentage also
 * matches a 0–1 fraction). An exact match beats a rounded one; among equals the latest call
 * wins, since answers are written from the last results. Figures with no source are left out —
 * the page can flag them.
 *
 * Two kinds of number are never linked, because no result computed them: numbers inside text
 * the answer quotes verbatim from a result (a caveat's "standard eBird checklist (2 km, 1 h)"
 * had its 2 and 1 linked to unrelated week numbers), and the day of a written date ("19 April").
 */
export function findProvenance(answer: string, sources: readonly ProvenanceSource[]): Provenance[] {
  const seen = new Set<string>();
  const found: Provenance[] = [];
  const quoted = quotedRanges(answer, quotedTexts(answer, sources));
  for (const { figure, start } of locatedFigures(answer)) {
    if (quoted.some(([from, to]) => start >= from && start < to) || isDayOfDate(answer, start, figure))
      continue;
    if (seen.has(figure.text)) continue;
    seen.add(figure.text);
    const source = bestSource(figure, sources);
    if (source)
      found.push({
        figure: figure.text,
        callId: source.callId,
        tool: source.tool,
        ...(source.sql ? { sql: source.sql } : {}),
      });
  }
  return found;
}

export function figuresIn(text: string): Figure[] {
  return locatedFigures(text).map(({ figure }) => figure);
}

function locatedFigures(text: string): { figure: Figure; start: number }[] {
  const figures: { figure: Figure; start: number }[] = [];
  for (const match of text.matchAll(FIGURE_PATTERN)) {
    const start = match.index;
    let raw = match[0].replace(/,+$/, '');
    const before = text[start - 1];
    const after = text[start + raw.length];
    if ((before && GLUED_BEFORE.test(before)) || (after && GLUED_AFTER.test(after))) continue;
    if (raw.startsWith('−')) raw = `-${raw.slice(1)}`;
    const percent = raw.endsWith('%');
    const digits = raw.replace(/[,%]/g, '');
    const value = Number(digits);
    if (!Number.isFinite(value)) continue;
    figures.push({
      figure: {
        text: match[0].replace(/,+$/, ''),
        value,
        decimals: digits.split('.')[1]?.length ?? 0,
        percent,
      },
      start,
    });
  }
  return figures;
}

/**
 * The caveats of the results (every tool returns its caveats as `caveats: string[]`) that hold a
 * digit and that the answer repeats word for word. Only caveats: other result strings can be
 * figure statements themselves ("74.3% of the 151,643 km² prediction area").
 */
export function quotedTexts(answer: string, sources: readonly ProvenanceSource[]): string[] {
  const texts = new Set<string>();
  const visit = (value: unknown, inCaveats: boolean): void => {
    if (typeof value === 'string') {
      if (inCaveats && value.length >= MIN_QUOTED_LENGTH && /\d/.test(value) && answer.includes(value))
        texts.add(value);
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, inCaveats);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) visit(item, inCaveats || key === 'caveats');
    }
  };
  for (const source of sources) visit(source.data, false);
  return [...texts];
}

/** `{quoted}` for a turn summary, left out when the answer quotes nothing. */
export function quotedField(answer: string, sources: readonly ProvenanceSource[]): { quoted?: string[] } {
  const quoted = quotedTexts(answer, sources);
  return quoted.length > 0 ? { quoted } : {};
}

/** [start, end) of every place `text` repeats one of `quoted`. */
export function quotedRanges(text: string, quoted: readonly string[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const part of quoted) {
    for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length))
      ranges.push([at, at + part.length]);
  }
  return ranges;
}

function isDayOfDate(answer: string, start: number, figure: Figure): boolean {
  if (
    figure.decimals > 0 ||
    figure.percent ||
    !Number.isInteger(figure.value) ||
    figure.value < 1 ||
    figure.value > 31
  )
    return false;
  return (
    DAY_BEFORE_MONTH.test(answer.slice(start + figure.text.length, start + figure.text.length + 11)) ||
    DAY_AFTER_MONTH.test(answer.slice(Math.max(0, start - 11), start))
  );
}

/**
 * The unit of a figure's last written significant digit: 0.001 for "0.654", 1 for "293", and
 * 1,000 for "113,000" or "42,000" — a grouped whole number with two or more digits before its
 * trailing zeros is a value rounded there (format-figure.ts writes 112,657.3 km² and 42,018 km²
 * so). "1,000", "20,000" or "100" claim no such rounding: one digit cannot tell a rounded value
 * from a round one.
 */
function lastDigitUnit(figure: Figure): number {
  if (figure.decimals > 0) return 10 ** -figure.decimals;
  const digits = figure.text.replace(/[^\d]/g, '');
  const zeros = /0*$/.exec(digits)![0].length;
  const grouped = figure.text.includes(',');
  return grouped && digits.length - zeros >= 2 ? 10 ** zeros : 1;
}

function bestSource(figure: Figure, sources: readonly ProvenanceSource[]): ProvenanceSource | undefined {
  let best: { source: ProvenanceSource; exact: boolean } | undefined;
  for (const source of sources) {
    const match = matchIn(figure, source.data);
    if (match === undefined) continue;
    if (!best || match || !best.exact) best = { source, exact: match };
  }
  return best?.source;
}

/** true = exact match, false = rounded match, undefined = none. */
function matchIn(figure: Figure, data: unknown): boolean | undefined {
  let result: boolean | undefined;
  const tolerance = 0.5 * lastDigitUnit(figure) + 1e-9 * Math.abs(figure.value);
  const visit = (value: unknown): void => {
    if (result === true) return;
    const number =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())
          ? Number(value)
          : undefined;
    if (number !== undefined && Number.isFinite(number)) {
      for (const candidate of figure.percent ? [number, number * 100] : [number]) {
        if (candidate === figure.value) result = true;
        else if (Math.abs(candidate - figure.value) <= tolerance) result ??= false;
      }
      return;
    }
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(visit);
  };
  visit(data);
  return result;
}
