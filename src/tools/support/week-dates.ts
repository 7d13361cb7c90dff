import { MONTH_NAMES } from '../../frame/month-names';

/**
 * Week i (1..52) of a release stands for day of year 4 + 7(i − 1): week 1 = Jan 4, week 24 =
 * June 14 2023, week 52 = Dec 27 (FORMAT.md §5, config SRD_PRED_DAYS).
 */
export function weekDate(release: number, week: number): string {
  return new Date(Date.UTC(release, 0, 4 + 7 * (week - 1))).toISOString().slice(0, 10);
}

/** The week's date as a person reads it: "14 June" (the year is the release's and says nothing here). */
export function weekDayMonth(release: number, week: number): string {
  const [, month, day] = weekDate(release, week).split('-').map(Number);
  return `${day} ${MONTH_NAMES[(month ?? 1) - 1]}`;
}

/** The week whose date is nearest to `date` (YYYY-MM-DD), whatever its year. */
export function weekOfDate(date: string): number {
  const day = new Date(`${date}T00:00:00Z`);
  const dayOfYear = Math.round((day.getTime() - Date.UTC(day.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
  return Math.min(52, Math.max(1, Math.round((dayOfYear - 4) / 7) + 1));
}

/** Weeks whose date falls in `month` (1–12). */
export function weeksOfMonth(release: number, month: number): number[] {
  const weeks: number[] = [];
  for (let week = 1; week <= 52; week++)
    if (Number(weekDate(release, week).slice(5, 7)) === month) weeks.push(week);
  return weeks;
}
