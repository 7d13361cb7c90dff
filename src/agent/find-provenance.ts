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
const GLUED_BEFORE = /[\p{L}\d_.\-]/u;
const GLUED_AFTER = /[\p{L}\d_\-]/u;

/**
 * Which tool call each number in `answer` came from: a figure matches a numeric value of a
 * result when the value, rounded to the decimals written, gives the figure (a percentage also
 * matches a 0–1 fraction). An exact match beats a rounded one; among equals the latest call
 * wins, since answers are written from the last results. Figures with no source are left out —
 * the page can flag them.
 */
export function findProvenance(answer: string, sources: readonly ProvenanceSource[]): Provenance[] {
  const seen = new Set<string>();
  const found: Provenance[] = [];
  for (const figure of figuresIn(answer)) {
    if (seen.has(figure.text)) continue;
    seen.add(figure.text);
    const source = bestSource(figure, sources);
    if (source) found.push({ figure: figure.text, callId: source.callId, tool: source.tool, ...(source.sql ? { sql: source.sql } : {}) });
  }
  return found;
}

export function figuresIn(text: string): Figure[] {
  const figures: Figure[] = [];
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
    figures.push({ text: match[0].replace(/,+$/, ''), value, decimals: digits.split('.')[1]?.length ?? 0, percent });
  }
  return figures;
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
  const tolerance = 0.5 * 10 ** -figure.decimals + 1e-9 * Math.abs(figure.value);
  const visit = (value: unknown): void => {
    if (result === true) return;
    const number = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : undefined;
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
