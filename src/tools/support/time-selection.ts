import { toolFailure, type ToolFailure } from '../../registry';
import { weeksOfSeason, type SeasonRow } from './season-weeks';
import { weekDate, weekOfDate, weeksOfMonth } from './week-dates';
import { MONTH_NAMES } from '../../frame/month-names';

export interface TimeArguments {
  week?: number;
  date?: string;
  month?: number;
  season?: string;
}

export interface TimeSelection {
  weeks: number[];
  /** In words, e.g. "week 24 (2023-06-14)" or "the breeding season (weeks 20–33)". */
  label: string;
  season?: SeasonRow;
}

/** Exactly one of week, date, month, season → the weeks it covers. */
export function selectTime(
  args: TimeArguments,
  seasons: readonly SeasonRow[],
  release: number,
): TimeSelection | ToolFailure {
  const given = (['week', 'date', 'month', 'season'] as const).filter((key) => args[key] !== undefined);
  if (given.length !== 1) {
    return toolFailure(
      'invalid_arguments',
      `invalid_arguments: give exactly one of week, date, month or season (got ${given.length === 0 ? 'none' : given.join(', ')}).`,
      {
        problems: [{ loc: '(root)', msg: 'exactly one of week, date, month, season is required' }],
      },
    );
  }
  if (args.week !== undefined)
    return { weeks: [args.week], label: `week ${args.week} (${weekDate(release, args.week)})` };
  if (args.date !== undefined) {
    const week = weekOfDate(args.date);
    return {
      weeks: [week],
      label: `week ${week} (${weekDate(release, week)}), the weekly estimate nearest ${args.date}`,
    };
  }
  if (args.month !== undefined) {
    const weeks = weeksOfMonth(release, args.month);
    return {
      weeks,
      label: `${MONTH_NAMES[args.month - 1]} (weeks ${weeks[0]}–${weeks[weeks.length - 1]}, averaged per cell)`,
    };
  }
  const season = seasons.find((row) => row.season === args.season);
  if (!season) {
    return toolFailure(
      'not_found',
      `not_found: this species has no season '${args.season}'. Seasons: ${seasons.map((row) => row.season).join(', ') || 'none (resident species)'}.`,
    );
  }
  const weeks = weeksOfSeason(season);
  return {
    weeks,
    season,
    label: `the ${season.season} season (${season.start_date} to ${season.end_date}, weeks ${season.start_week}–${season.end_week}, averaged per cell)`,
  };
}
