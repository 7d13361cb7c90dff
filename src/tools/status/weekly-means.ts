import type { Table } from 'apache-arrow';
import { previewRows, type QueryResult, sqlIdentifier, sqlString } from '../../engine';
import { runQuery } from '../support/run-query';
import type { PerchContext } from '../support/tool-context';
import { weekDate } from '../support/week-dates';
import { readsWeeklyRegions, weeklyRegionRows } from '../support/weekly-regions';
import type { WeeklyMeasure } from './supported';
import type { SubjectSpec, WeekPoint } from './subject-spec';

export interface CellMean {
  cell_id: number;
  lon: number;
  lat: number;
  region_code: string | null;
  /** Mean over the weeks of the time (avg skips NULL weeks); NULL = not modelled in any of them. */
  value: number | null;
  /** The cell's highest single week of the time. */
  week_max?: number | null;
  lower?: number | null;
  upper?: number | null;
}

/**
 * Per cell of the place: the mean of the measure over the time's weeks. NULL = not modelled
 * (NaN in the raster) is skipped by avg, 0 = predicted absent is kept: the mean of weekly
 * medians, eBird's own rule for its seasonal mean rasters. A cell is in the place when it has
 * weekly rows for the species (inner join), whatever its values.
 */
export async function cellMeans(
  context: PerchContext,
  spec: SubjectSpec,
  measure: WeeklyMeasure,
  interval: boolean,
): Promise<{ cells: CellMean[]; table: Table; query: QueryResult }> {
  const column = `w.${sqlIdentifier(measure)}`;
  const bounds =
    interval && measure === 'abundance'
      ? ', avg(w.abundance_lower) AS lower, avg(w.abundance_upper) AS upper'
      : '';
  const sql = `SELECT c.cell_id, c.lon, c.lat, coalesce(c.state_code, c.country_code) AS region_code, c.footprint_geojson, avg(${column}) AS value, max(${column}) AS week_max${bounds}
    FROM weekly AS w JOIN cells AS c ON c.cell_id = w.cell_id
    WHERE w.species_code = ${sqlString(spec.species.species_code)} AND w.week IN (${spec.time.weeks.join(', ')}) AND ${spec.place.cells('c')}
    GROUP BY c.cell_id, c.lon, c.lat, c.state_code, c.country_code, c.footprint_geojson ORDER BY value DESC NULLS LAST, c.cell_id`;
  const query = await runQuery(context, sql, {
    maxRows: 2_000_000,
    maxBytes: 200_000_000,
    timeoutMs: 30_000,
  });
  return { cells: previewRows(query.table, query.rows) as unknown as CellMean[], table: query.table, query };
}

/** The subject's cell counts and the mean (over modelled cells) and total (sum) of the per-cell means. */
export function summariseCells(cells: readonly CellMean[]) {
  const modelled = cells.filter((cell) => cell.value !== null);
  const sum = (pick: (cell: CellMean) => number | null | undefined) =>
    modelled.reduce((total, cell) => total + (pick(cell) ?? 0), 0);
  const mean = (pick: (cell: CellMean) => number | null | undefined) =>
    modelled.length > 0 ? sum(pick) / modelled.length : null;
  const hasBounds = cells.some((cell) => cell.lower !== undefined);
  return {
    cells_in_place: cells.length,
    cells_modelled: modelled.length,
    cells_zero: modelled.filter((cell) => cell.value === 0).length,
    cell_week_max: modelled.reduce<number | null>(
      (best, cell) =>
        cell.week_max != null && (best === null || cell.week_max > best) ? cell.week_max : best,
      null,
    ),
    cells_present: modelled.filter((cell) => cell.value! > 0).length,
    present_share:
      modelled.length > 0 ? modelled.filter((cell) => cell.value! > 0).length / modelled.length : 0,
    mean: mean((cell) => cell.value),
    total: modelled.length > 0 ? sum((cell) => cell.value) : null,
    ...(hasBounds ? { lower: mean((cell) => cell.lower), upper: mean((cell) => cell.upper) } : {}),
  };
}

/**
 * Per week of the time, the place-wide mean over the cells modelled that week, in the order the
 * time walks its weeks (a span across the new year runs 48..52, 1..5); and `cells`, the most
 * cells of the place any of those weeks has rows for (modelled or not).
 */
export async function weeklyPlaceMeans(
  context: PerchContext,
  spec: SubjectSpec,
  measure: WeeklyMeasure,
): Promise<{ series: WeekPoint[]; query: QueryResult; cells: number }> {
  const sql = placeMeansSql(context, spec, measure);
  const query = await runQuery(context, sql, { maxRows: 53, timeoutMs: 30_000 });
  const rows = previewRows(query.table, query.rows) as {
    week: number;
    value: number | null;
    total: number | null;
    cells: number;
  }[];
  const byWeek = new Map(rows.map((row) => [row.week, row]));
  const release = spec.species.release;
  return {
    cells: rows.reduce((most, row) => Math.max(most, Number(row.cells)), 0),
    series: spec.time.weeks.map((week) => ({
      week,
      date: weekDate(release, week),
      value: byWeek.get(week)?.value ?? null,
      total: byWeek.get(week)?.total ?? null,
    })),
    query,
  };
}

/**
 * The place-wide weekly means: from `weekly_regions` when the place is a whole region or range
 * (the same avg and sum, pre-aggregated by the pipeline: a 52-week series of a 100,000-cell
 * species reads one small file instead of 5 M rows), else from `weekly` joined to `cells`.
 */
function placeMeansSql(context: PerchContext, spec: SubjectSpec, measure: WeeklyMeasure): string {
  const weeks = spec.time.weeks.join(', ');
  const area = spec.place.area;
  if (area && readsWeeklyRegions(context))
    return `SELECT week, ${sqlIdentifier(`${measure}_mean`)} AS value, ${sqlIdentifier(`${measure}_sum`)} AS total, cells FROM weekly_regions
    WHERE ${weeklyRegionRows(spec.species.species_code, area)} AND week IN (${weeks}) ORDER BY week`;
  const column = `w.${sqlIdentifier(measure)}`;
  return `SELECT w.week, avg(${column}) AS value, sum(${column}) AS total, count(*) AS cells FROM weekly AS w JOIN cells AS c ON c.cell_id = w.cell_id
    WHERE w.species_code = ${sqlString(spec.species.species_code)} AND w.week IN (${weeks}) AND ${spec.place.cells('c')}
    GROUP BY w.week ORDER BY w.week`;
}
