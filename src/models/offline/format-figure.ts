/**
 * How figures are written in offline answers. Every figure is a tool value rounded to at most
 * four significant digits, so `findProvenance` (which matches a value rounded to the decimals
 * written) traces each one back to its call, and the 1% tolerance of the question files holds
 * (four significant digits are off by at most 0.05%).
 */
export function formatFigure(value: number): string {
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  if (Math.abs(value) >= 1_000) return Math.round(value).toLocaleString('en-US');
  const text = value.toPrecision(4);
  if (!text.includes('e')) return String(Number(text));
  // toPrecision switches to exponent form below 1e-6; write the decimals out instead.
  const decimals = Math.min(20, 3 - Math.floor(Math.log10(Math.abs(value))));
  return value.toFixed(decimals);
}

/** A 0–1 share as a percentage with one decimal (74.3%). */
export function formatShare(fraction: number): string {
  const percent = fraction * 100;
  return `${Math.abs(percent) < 0.1 && percent !== 0 ? formatFigure(percent) : percent.toFixed(1)}%`;
}

/** A value already in percent (abd_ppy is percent per year). */
export function formatPercent(value: number): string {
  return `${formatFigure(value)}%`;
}

/** "2023-04-19" → "19 April"; the ISO date is kept next to it so a reader can check it. */
export function formatDate(iso: string): string {
  const [, month, day] = iso.split('-').map(Number);
  return `${iso} (${day} ${MONTH_NAMES[month! - 1]})`;
}

/** "2023-04-12 (12 April, week 15)". */
export function formatWeek(iso: string, week: number): string {
  return formatDate(iso).replace(/\)$/, `, week ${week})`);
}

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export const SEASON_WORDS: Record<string, string> = {
  prebreeding_migration: 'spring (pre-breeding) migration',
  breeding: 'the breeding season',
  postbreeding_migration: 'fall (post-breeding) migration',
  nonbreeding: 'the non-breeding season (winter)',
  full_year: 'the full year',
};

export function seasonWords(season: string | null | undefined): string {
  return season ? (SEASON_WORDS[season] ?? season) : 'no season';
}
