import type { TimeSpec } from '../frame/query-frame';
import { MONTH_NAMES } from '../frame/month-names';

/** The date week `week` (1–52) stands for in the release year: Jan 4 + 7(week − 1) (data-model.md). */
export function weekDate(year: number, week: number): Date {
  return new Date(Date.UTC(year, 0, 4 + 7 * (week - 1)));
}

/**
 * The twelve months as week spans: a month is the weeks whose date falls in it (4 or 5 weeks;
 * in 2023 January is weeks 1–4 (Jan 4–25), December weeks 49–52 (Dec 6–27)). Every week belongs to exactly one month.
 */
export function monthSpans(year: number): Extract<TimeSpec, { kind: 'weeks' }>[] {
  const spans: Extract<TimeSpec, { kind: 'weeks' }>[] = [];
  for (let week = 1; week <= 52; week++) {
    const label = MONTH_NAMES[weekDate(year, week).getUTCMonth()]!;
    const last = spans.at(-1);
    if (last?.label === label) last.to = week;
    else spans.push({ kind: 'weeks', from: week, to: week, label });
  }
  return spans;
}
