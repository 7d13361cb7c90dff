import { MONTH_NAMES } from '../../frame/month-names';
/**
 * How figures are written in offline answers: three significant digits (a birder reads "0.654",
 * not "0.6543", and "113,000 km²", not "112,657.316"; issue 12), which keeps every figure within
 * 0.5% of the tool value — inside the 1% tolerance of the question files — and lets
 * `findProvenance` (which matches a value rounded to the digits written) trace each figure back
 * to its call. Whole numbers are counts (cells, weeks, model runs) and stay exact.
 */
export function formatFigure(value: number, digits = 3): string {
  if (Number.isInteger(value)) return groupThousands(value);
  if (Math.abs(value) >= 10 ** digits) {
    const unit = 10 ** (Math.floor(Math.log10(Math.abs(value))) + 1 - digits);
    return groupThousands(Math.round(value / unit) * unit);
  }
  const text = value.toPrecision(digits);
  if (!text.includes('e')) return String(Number(text));
  // toPrecision switches to exponent form below 1e-6; write the decimals out instead.
  const decimals = Math.min(20, digits - 1 - Math.floor(Math.log10(Math.abs(value))));
  return value.toFixed(decimals);
}

/**
 * A whole number with commas, as `toLocaleString('en-US')` writes it ("113,000", "-1,234"): the
 * first call of that loads ICU's number formats, 22 ms of a first answer's 454 in Node (profile,
 * 2026-12-07). Beyond safe integers (never a figure here) it still asks ICU.
 */
function groupThousands(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en-US');
  return String(value).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** A 0–1 share as a percentage (74.3%, 0.5%, 100%). */
export function formatShare(fraction: number): string {
  const percent = fraction * 100;
  if (percent === 0 || percent === 100) return `${percent}%`;
  return `${formatFigure(percent)}%`;
}

/**
 * A value already in percent (abd_ppy is percent per year), signed: "+1.2%", "-3.4%". The ASCII
 * hyphen-minus, not U+2212: figure readers (findProvenance, copy-paste into a spreadsheet) read it.
 */
export function formatSignedPercent(value: number): string {
  const text = formatFigure(Math.abs(value));
  return value > 0 ? `+${text}%` : value < 0 ? `-${text}%` : '0%';
}

/** "2023-04-19" → "19 April". */
export function formatDate(iso: string): string {
  const [, month, day] = iso.split('-').map(Number);
  return `${day} ${MONTH_NAMES[month! - 1]}`;
}

/** "2023-04-12" → "mid-April", "early October": days 1–10 early, 11–20 mid, 21–31 late, as a birder says a date. */
export function formatPartOfMonth(iso: string): string {
  const [, month, day] = iso.split('-').map(Number);
  const name = MONTH_NAMES[month! - 1];
  return day! <= 10 ? `early ${name}` : day! <= 20 ? `mid-${name}` : `late ${name}`;
}

/**
 * Every decimal number inside a tool's own phrase ("25% of the peak weekly mean (0.6543)") at
 * three significant digits, so a quoted rule reads like the rest of the answer.
 */
export function roundNumbersIn(text: string): string {
  return text.replace(/(?<![\d.])\d+\.\d+(?![\d.])/g, (number) => formatFigure(Number(number)));
}

export const SEASON_WORDS: Record<string, string> = {
  prebreeding_migration: 'spring migration',
  breeding: 'the breeding season',
  postbreeding_migration: 'fall migration',
  nonbreeding: 'winter (the non-breeding season)',
  full_year: 'the full year',
};

export function seasonWords(season: string | null | undefined): string {
  return season ? (SEASON_WORDS[season] ?? season.replace(/_/g, ' ')) : 'no season';
}
