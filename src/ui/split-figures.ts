import { quotedRanges } from '../agent/find-provenance';

/** A piece of answer text: plain, or a figure that a tool call produced (index into `figures`). */
export interface FigureSegment {
  text: string;
  figure?: number;
}

/**
 * Splits text around the figures the agent recorded provenance for, so each can link to its call.
 * A figure matches only as a whole number: "0.65" does not match inside "0.6543" or "10.65".
 * Longer figures win when two overlap. Inside `quoted` (result texts repeated word for word, such
 * as caveats) nothing is marked: "2 km, 1 h" quotes a method, it is not a computed figure.
 */
export function splitFigures(
  text: string,
  figures: readonly string[],
  quoted: readonly string[] = [],
): FigureSegment[] {
  const plainRanges = quotedRanges(text, quoted);
  const order = figures.map((figure, index) => ({ figure, index })).filter(({ figure }) => figure.length > 0);
  order.sort((a, b) => b.figure.length - a.figure.length);
  const segments: FigureSegment[] = [];
  let plain = '';
  let position = 0;
  while (position < text.length) {
    const inQuote = plainRanges.some(([from, to]) => position >= from && position < to);
    const hit = inQuote
      ? undefined
      : order.find(
          ({ figure }) => text.startsWith(figure, position) && isWholeNumber(text, position, figure.length),
        );
    if (hit) {
      if (plain) segments.push({ text: plain });
      plain = '';
      segments.push({ text: hit.figure, figure: hit.index });
      position += hit.figure.length;
    } else {
      plain += text[position];
      position++;
    }
  }
  if (plain) segments.push({ text: plain });
  return segments;
}

/** Not inside a longer number, a date (2023-04-19) or a fraction (3/4): no digit joined on either side. */
function isWholeNumber(text: string, start: number, length: number): boolean {
  const before = text.slice(Math.max(0, start - 2), start);
  const after = text.slice(start + length, start + length + 2);
  const digitBefore = /\d$/.test(before) || /\d[.,\-/:]$/.test(before);
  const digitAfter = /^\d/.test(after) || /^[.,\-/:]\d/.test(after);
  return !digitBefore && !digitAfter;
}
