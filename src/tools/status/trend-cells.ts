import { previewRows, sqlString } from '../../engine';
import type { QueryFrame } from '../../frame/query-frame';
import type { StatusSubject } from '../../frame/status-result';
import { toolFailure, type ToolFailure } from '../../registry';
import { regionalTrend } from '../support/regional-trend';
import { runQuery } from '../support/run-query';
import { seasonOfWeek } from '../support/season-weeks';
import type { PerchContext } from '../support/tool-context';
import { subjectHeader, type SubjectFigures, type SubjectSpec } from './subject-spec';
import { DEFAULT_TOP_N, whereCells } from './where-cells';

interface TrendCell {
  cell_id: number;
  lon: number;
  lat: number;
  region_code: string | null;
  abd: number;
  value: number;
  lower: number;
  upper: number;
  start_year: number;
  end_year: number;
}

/**
 * trend: per trend cell (srd_id) of the place, abd_ppy = % change in relative abundance per
 * year. The subject's `mean` is the abundance-weighted mean (weights abd: eBird's regional trend
 * rule, the closest single figure to "is the population rising"); `trend` holds the median, the
 * plain mean, the cells declining and the cells whose 80% interval [abd_ppy_lower, abd_ppy_upper]
 * excludes zero. where_highest/lowest rank trend cells by abd_ppy ("where is it increasing fastest").
 */
export async function trendSubject(
  context: PerchContext,
  frame: QueryFrame,
  spec: SubjectSpec,
): Promise<SubjectFigures | ToolFailure> {
  const species = sqlString(spec.species.species_code);
  const seasonQuery = await runQuery(
    context,
    `SELECT season, min(start_year) AS start_year, max(end_year) AS end_year FROM trends WHERE species_code = ${species} GROUP BY season ORDER BY season`,
    { maxRows: 10 },
  );
  const trendSeasons = previewRows(seasonQuery.table, seasonQuery.rows) as {
    season: string;
    start_year: number;
    end_year: number;
  }[];
  const listed = trendSeasons.map((row) => `${row.season} (${row.start_year}–${row.end_year})`).join(', ');
  if (trendSeasons.length === 0)
    return toolFailure('no_data', `no_data: the data holds no trends for ${spec.species.common_name}.`);
  const picked = trendSeason(
    spec,
    trendSeasons.map((row) => row.season),
  );
  if ('code' in picked)
    return toolFailure(picked.code, `${picked.code}: ${picked.message} Trends exist for: ${listed}.`);
  const sql = `SELECT t.srd_id AS cell_id, t.lon, t.lat, coalesce(t.state_code, t.country_code) AS region_code, t.abd, t.abd_ppy AS value,
      t.abd_ppy_lower AS lower, t.abd_ppy_upper AS upper, t.start_year, t.end_year
    FROM trends AS t WHERE t.species_code = ${species} AND t.season = ${sqlString(picked.season)} AND ${spec.place.trendCells('t')} ORDER BY t.srd_id`;
  const query = await runQuery(context, sql, {
    maxRows: 2_000_000,
    maxBytes: 200_000_000,
    timeoutMs: 30_000,
  });
  const cells = previewRows(query.table, query.rows) as unknown as TrendCell[];
  if (cells.length === 0)
    return toolFailure(
      'not_covered',
      `not_covered: no ${picked.season} trend cells of ${spec.species.common_name} lie in ${spec.place.label}. Trends exist for: ${listed}.`,
    );
  const folds = context.session.datasets.includes('trends_folds')
    ? await regionalTrend(
        context,
        spec.species.species_code,
        picked.season,
        `SELECT t.srd_id FROM trends AS t WHERE t.species_code = ${species} AND t.season = ${sqlString(picked.season)} AND ${spec.place.trendCells('t')}`,
      )
    : undefined;
  const regional =
    folds &&
    folds.trend.median_ppy !== null &&
    folds.trend.lower_ppy !== null &&
    folds.trend.upper_ppy !== null
      ? {
          median_ppy: folds.trend.median_ppy,
          lower_ppy: folds.trend.lower_ppy,
          upper_ppy: folds.trend.upper_ppy,
          folds: folds.trend.folds,
        }
      : undefined;
  const statistics = trendStatistics(cells);
  // Compounded over the years between the window's ends (2012→2022: 10 steps).
  const perYear = regional?.median_ppy ?? statistics.median_ppy;
  const cumulative = 100 * ((1 + perYear / 100) ** (statistics.end_year - statistics.start_year) - 1);
  const trend = {
    ...statistics,
    cumulative_percent: Number.isFinite(cumulative) ? cumulative : null,
    ...(regional ? { regional } : {}),
  };
  const subject: StatusSubject = {
    ...subjectHeader(spec),
    time_label: `the ${picked.season} season, ${trend.start_year}–${trend.end_year}`,
    weeks: [],
    cells_in_place: cells.length,
    cells_modelled: cells.length,
    cells_zero: 0,
    mean: trend.weighted_ppy ?? trend.mean_ppy,
    total: null,
    trend,
  };
  const figures: SubjectFigures = {
    subject,
    caveats: [
      ...picked.caveats,
      `Trends cover ${trend.start_year}–${trend.end_year} (the trends release), in % per year; trend cells are their own ~27 km grid.`,
    ],
    queries: [seasonQuery, query, ...(folds ? [folds.query] : [])],
    cells: { table: query.table, query },
  };
  if (frame.operation === 'where_highest' || frame.operation === 'where_lowest') {
    const where = await whereCells(
      context,
      cells,
      frame.top_n ?? DEFAULT_TOP_N,
      frame.operation === 'where_highest' ? 'highest' : 'lowest',
    );
    Object.assign(subject, where.top);
    figures.queries.push(...where.queries);
  }
  return figures;
}

/** The trends season of the frame's time: a season must have trends; a week span or the year takes the only (or breeding) trend season. */
function trendSeason(
  spec: SubjectSpec,
  available: readonly string[],
): { season: string; caveats: string[] } | { code: string; message: string } {
  const asked =
    spec.time.season?.season ??
    (spec.time.weeks.length < 52
      ? seasonOfWeek(spec.seasons, spec.time.weeks[Math.floor(spec.time.weeks.length / 2)])
      : null);
  if (spec.time.season && !available.includes(asked!))
    return {
      code: 'not_covered',
      message: `${spec.species.common_name} has no trend for the ${asked} season.`,
    };
  if (asked && available.includes(asked)) return { season: asked, caveats: [] };
  const season = available.length === 1 ? available[0] : available.includes('breeding') ? 'breeding' : null;
  if (season === null) return { code: 'ambiguous', message: `trends exist for several seasons; name one.` };
  return {
    season,
    caveats:
      spec.time.weeks.length < 52
        ? [`Trends exist only per season: the ${season} trend is given, not one for ${spec.time.label}.`]
        : [],
  };
}

/** Median, mean and abundance-weighted mean of abd_ppy, cells declining, and cells whose 80% interval excludes zero. */
export function trendStatistics(
  cells: readonly TrendCell[],
): Omit<NonNullable<StatusSubject['trend']>, 'cumulative_percent' | 'regional'> {
  const values = cells.map((cell) => cell.value).sort((a, b) => a - b);
  const middle = (values.length - 1) / 2;
  const weight = cells.reduce((sum, cell) => sum + cell.abd, 0);
  return {
    start_year: Math.min(...cells.map((cell) => cell.start_year)),
    end_year: Math.max(...cells.map((cell) => cell.end_year)),
    cells: cells.length,
    median_ppy: (values[Math.floor(middle)] + values[Math.ceil(middle)]) / 2,
    mean_ppy: values.reduce((sum, value) => sum + value, 0) / values.length,
    weighted_ppy: weight > 0 ? cells.reduce((sum, cell) => sum + cell.abd * cell.value, 0) / weight : null,
    cells_negative: cells.filter((cell) => cell.value < 0).length,
    cells_interval_excludes_zero: cells.filter((cell) => cell.lower > 0 || cell.upper < 0).length,
    cells_positive: cells.filter((cell) => cell.value > 0).length,
    cells_surely_declining: cells.filter((cell) => cell.upper < 0).length,
    cells_surely_increasing: cells.filter((cell) => cell.lower > 0).length,
  };
}
