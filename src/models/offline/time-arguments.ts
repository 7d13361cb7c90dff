import { MONTH_NAMES, seasonWords } from './format-figure';
import type { Season, TimeExpression } from './parse-question';
import { sqlText } from './sql-text';

/** Days before the first of each month in a non-leap year. */
const DAYS_BEFORE_MONTH = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];

/**
 * The weekly estimate nearest a calendar day: week i stands for day of year 4 + 7(i − 1)
 * (FORMAT.md §5, SRD_PRED_DAYS). A leap year moves a date by one day at most, never by a week.
 */
export function weekOfDay(month: number, day: number): number {
  const dayOfYear = DAYS_BEFORE_MONTH[month - 1]! + day;
  return Math.min(52, Math.max(1, Math.round((dayOfYear - 4) / 7) + 1));
}

/** Arguments of where_is / occurrence_chance for a time of the question (exactly one of week, month, season). */
export function timeArguments(time: TimeExpression): { week: number } | { month: number } | { season: Season } {
  if (time.kind === 'week') return { week: time.week };
  if (time.kind === 'date') return { week: weekOfDay(time.month, time.day) };
  if (time.kind === 'month') return { month: time.month };
  return { season: time.season };
}

/** The time in words, for sentences that name it before a tool's own label. */
export function timeWords(time: TimeExpression): string {
  if (time.kind === 'week') return `week ${time.week}`;
  if (time.kind === 'date') return `${time.day} ${MONTH_NAMES[time.month - 1]}`;
  if (time.kind === 'month') return MONTH_NAMES[time.month - 1]!;
  return seasonWords(time.season);
}

/** A WHERE condition on `weekly AS w` selecting the weeks of a time (the same weeks the domain tools use). */
export function weekCondition(time: TimeExpression | undefined, speciesCode: string): string {
  if (time === undefined) return 'TRUE';
  if (time.kind === 'week') return `w.week = ${time.week}`;
  if (time.kind === 'date') return `w.week = ${weekOfDay(time.month, time.day)}`;
  if (time.kind === 'month') return `month(w.date) = ${time.month}`;
  return `w.week IN (SELECT k.week FROM weeks AS k, seasons AS s WHERE s.species_code = ${sqlText(speciesCode)} AND s.season = ${sqlText(time.season)}
    AND CASE WHEN s.start_week <= s.end_week THEN k.week BETWEEN s.start_week AND s.end_week ELSE k.week >= s.start_week OR k.week <= s.end_week END)`;
}
