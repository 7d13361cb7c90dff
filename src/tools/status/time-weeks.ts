import type { TimeSpec } from '../../frame/query-frame';
import { toolFailure, type ToolFailure } from '../../registry';
import { weeksOfSeason, type SeasonRow } from '../support/season-weeks';
import type { TimeSelection } from '../support/time-selection';
import { weekDayMonth } from '../support/week-dates';

/**
 * A frame's time → the weeks it covers, in the order they follow each other: a span with
 * from > to wraps the new year (48..52, 1..5), so "the first week above" and week-to-week
 * changes walk it in that order. A season is that species' own weeks (the `seasons` table).
 */
export function weeksOfTime(
  time: TimeSpec | undefined,
  seasons: readonly SeasonRow[],
  release: number,
): TimeSelection | ToolFailure {
  if (time === undefined || time.kind === 'year') return { weeks: range(1, 52), label: 'the whole year' };
  if (time.kind === 'weeks') {
    const weeks =
      time.from <= time.to ? range(time.from, time.to) : [...range(time.from, 52), ...range(1, time.to)];
    // "week 24 (14 June)", not "week 24 (week 24, 14 June)", when the question named the week itself.
    if (weeks.length === 1 && /^week \d+$/i.test(time.label))
      return { weeks, label: `${time.label} (${weekDayMonth(release, weeks[0])})` };
    const span =
      weeks.length === 1
        ? `week ${weeks[0]}, ${weekDayMonth(release, weeks[0])}`
        : `weeks ${time.from}–${time.to}, ${weekDayMonth(release, time.from)} to ${weekDayMonth(release, time.to)}`;
    return { weeks, label: `${time.label} (${span})` };
  }
  const season = seasons.find((row) => row.season === time.season);
  if (!season) {
    return toolFailure(
      'not_covered',
      `not_covered: this species has no ${time.season} season in the data. Its seasons: ${seasons.map((row) => row.season).join(', ') || 'none (a resident species: use the whole year or weeks)'}.`,
    );
  }
  // weeksOfSeason lists a wrapping season (nonbreeding, 47..10) in calendar order; walk it from its start.
  const calendar = weeksOfSeason(season);
  const weeks =
    season.start_week <= season.end_week
      ? calendar
      : [
          ...calendar.filter((week) => week >= season.start_week),
          ...calendar.filter((week) => week < season.start_week),
        ];
  return {
    weeks,
    season,
    label: `the ${season.season.replaceAll('_', ' ')} season (weeks ${season.start_week}–${season.end_week})`,
  };
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}
