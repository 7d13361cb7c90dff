import { previewRows, type QueryResult, sqlString } from '../../engine';
import { runQuery } from './run-query';
import type { PerchContext } from './tool-context';

export interface SeasonRow {
  season: string;
  start_date: string;
  end_date: string;
  start_week: number;
  end_week: number;
  weeks: number;
  passed_review: boolean;
  quality: number;
}

/** Chronological order through a year that starts in winter; seasonal rasters store bands as breeding, nonbreeding, prebreeding, postbreeding (FORMAT.md §1c), which is not this order. */
export const SEASON_ORDER = [
  'prebreeding_migration',
  'breeding',
  'postbreeding_migration',
  'nonbreeding',
] as const;
export type SeasonName = (typeof SEASON_ORDER)[number];

export async function loadSeasons(
  context: PerchContext,
  speciesCode: string,
): Promise<{ seasons: SeasonRow[]; query: QueryResult }> {
  const query = await runQuery(
    context,
    `SELECT season, start_date, end_date, start_week, end_week, weeks, passed_review, quality FROM seasons WHERE species_code = ${sqlString(speciesCode)} ORDER BY start_week`,
  );
  return { seasons: previewRows(query.table, query.rows) as unknown as SeasonRow[], query };
}

/** Weeks of a season, inclusive; a season whose start week is after its end week wraps the year end (nonbreeding, FORMAT.md §6). */
export function weeksOfSeason(season: SeasonRow): number[] {
  const weeks: number[] = [];
  for (let week = 1; week <= 52; week++) if (inSeason(season, week)) weeks.push(week);
  return weeks;
}

export function seasonOfWeek(seasons: readonly SeasonRow[], week: number): string | null {
  return seasons.find((season) => inSeason(season, week))?.season ?? null;
}

function inSeason(season: SeasonRow, week: number): boolean {
  return season.start_week <= season.end_week
    ? week >= season.start_week && week <= season.end_week
    : week >= season.start_week || week <= season.end_week;
}

/** Caveats every seasonal answer must carry: failed review, low quality, a resident species with no migration seasons. */
export function seasonCaveats(seasons: readonly SeasonRow[], isResident: boolean): string[] {
  const caveats: string[] = [];
  for (const season of seasons) {
    if (!season.passed_review)
      caveats.push(
        `The ${season.season} season FAILED eBird's expert review (quality ${season.quality}): do not rely on its values.`,
      );
    else if (season.quality < 2)
      caveats.push(`The ${season.season} season has low expert quality (${season.quality} of 3).`);
  }
  if (isResident)
    caveats.push(
      'eBird models this species as resident: it has no migration seasons, only year-round values.',
    );
  return caveats;
}
