/**
 * The release year's calendar: week i stands for the date Jan 4 + 7(i − 1) (FORMAT.md §5,
 * SRD_PRED_DAYS: band 24 is 2023-06-14, band 52 is 2023-12-27). Days are days of the release
 * year (1 = Jan 1), so a leap release shifts month/day dates by one day, never a week's date.
 */
import { MONTH_NAMES } from '../frame/month-names';

export const MONTH_SHORT = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

const DAY_MS = 86_400_000;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function daysInYear(year: number): number {
  return isLeapYear(year) ? 366 : 365;
}

/** Day of the year (1-based) of a month/day in `year`. */
export function dayOfYear(year: number, month: number, day: number): number {
  return Math.round((Date.UTC(year, month - 1, day) - Date.UTC(year, 0, 1)) / DAY_MS) + 1;
}

/** Month and day of a day of the year. */
export function monthDay(year: number, day: number): { month: number; day: number } {
  const date = new Date(Date.UTC(year, 0, day));
  return { month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** Day of the year of week `week` (1–52): 4 + 7(week − 1). */
export function weekDay(week: number): number {
  return 4 + 7 * (week - 1);
}

/** The week whose date is nearest a day of the year (ties keep the earlier week). */
export function nearestWeek(day: number): number {
  return Math.min(52, Math.max(1, Math.round((day - 4) / 7 - 1e-9) + 1));
}

/**
 * The weeks whose dates fall inside days `first`..`last` (inclusive; first > last wraps the
 * new year), as an inclusive span; at least the week nearest the span's middle.
 */
export function weeksOfDays(first: number, last: number, yearDays: number): { from: number; to: number } {
  const inside = (day: number) => (first <= last ? day >= first && day <= last : day >= first || day <= last);
  const weeks = Array.from({ length: 52 }, (_, index) => index + 1).filter((week) => inside(weekDay(week)));
  if (weeks.length === 0) {
    const length = first <= last ? last - first : last + yearDays - first;
    const middle = ((first + length / 2 - 1) % yearDays) + 1;
    const week = nearestWeek(middle);
    return { from: week, to: week };
  }
  if (first > last && weeks.includes(52) && weeks.includes(1)) {
    // Wrapping span: starts at the first week after a gap.
    const start = weeks.find((week, index) => index > 0 && week - weeks[index - 1]! > 1) ?? weeks[0]!;
    const end = weeks[weeks.indexOf(start) - 1] ?? weeks[weeks.length - 1]!;
    return { from: start, to: end };
  }
  return { from: weeks[0]!, to: weeks[weeks.length - 1]! };
}

/** "June 14" for a day of the year. */
export function dayLabel(year: number, day: number): string {
  const { month, day: date } = monthDay(year, day);
  return `${MONTH_NAMES[month - 1]} ${date}`;
}

/** Day of the week (0 = Sunday) of a month/day. */
function weekdayOf(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** The n-th (1-based; −1 = last) given weekday of a month. */
export function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n > 0) {
    const first = weekdayOf(year, month, 1);
    return 1 + ((weekday - first + 7) % 7) + 7 * (n - 1);
  }
  const lastDay = daysInMonth(year, month);
  const last = weekdayOf(year, month, lastDay);
  return lastDay - ((last - weekday + 7) % 7);
}

/** Easter Sunday (Gregorian; the anonymous "Meeus/Jones/Butcher" computus). */
export function easter(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { month, day };
}

/** Parses YYYY-MM-DD (the clock's `today`). */
export function parseIsoDate(text: string): { year: number; month: number; day: number } | undefined {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

/** The same month/day moved by `days` (across month and year ends), as month/day. */
export function addDays(
  date: { year: number; month: number; day: number },
  days: number,
): { year: number; month: number; day: number } {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}
