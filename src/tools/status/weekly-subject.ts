import type { Operation, QueryFrame } from '../../frame/query-frame';
import type { StatusSubject } from '../../frame/status-result';
import type { PerchContext } from '../support/tool-context';
import { cellAreas } from './cell-area';
import { weightedCentre } from './cell-centre';
import { nearestTowns } from './near-town';
import { subjectHeader, type SubjectFigures, type SubjectSpec } from './subject-spec';
import { WEEK_OPERATIONS, type WeeklyMeasure } from './supported';
import { cellsAbove, resolveThreshold, weeksAbove } from './thresholds';
import { bestWeek, biggestChange } from './timing';
import { cellMeans, summariseCells, weeklyPlaceMeans } from './weekly-means';
import { DEFAULT_TOP_N, whereCells } from './where-cells';
import { weekDate } from '../support/week-dates';
import { seasonRegionalStats } from './regional-stats';

/** Operations answered from the weekly place-wide means; their series goes into the result (≤ 52 points). */
const SERIES_OPERATIONS: readonly Operation[] = WEEK_OPERATIONS;
/** Operations that give a place-wide level over the time, which the answer weighs against the year's peak. */
const YEAR_PEAK_OPERATIONS: readonly Operation[] = [
  'value',
  'where_highest',
  'where_lowest',
  'cells_above',
  'which_larger',
];
const ALL_WEEKS = Array.from({ length: 52 }, (_unused, index) => index + 1);
/** Operations whose answer a chart of the weeks helps (the series then only goes to the chart). */
const CHART_OPERATIONS: readonly Operation[] = [...SERIES_OPERATIONS, 'value'];

/**
 * One subject of a weekly measure (abundance, occurrence, count, proportion_population): the
 * per-cell means over the time always (cells, mean, total, and bounds with interval), then what
 * the operation adds. Week operations work on the place-wide weekly means; cell operations on
 * the per-cell means.
 */
export async function weeklySubject(
  context: PerchContext,
  frame: QueryFrame,
  spec: SubjectSpec,
): Promise<SubjectFigures> {
  const measure = frame.measure as WeeklyMeasure;
  const operation = frame.operation;
  // The place-wide series first: a week question over a large place maps only the week it answers.
  const chart = CHART_OPERATIONS.includes(operation)
    ? await weeklyPlaceMeans(context, spec, measure)
    : undefined;
  const timing: WeekFigures = {};
  if (chart) {
    if (SERIES_OPERATIONS.includes(operation)) timing.series = chart.series;
    // The peak within the time: an arrival answer says when it peaks too, a mean over May says its best week.
    timing.peak = bestWeek(chart.series, 'highest');
    weekFigures(frame, timing, chart.series);
  }
  const cellWeeks =
    chart && SERIES_OPERATIONS.includes(operation) ? mappedWeeks(spec, chart.cells, timing) : spec.time.weeks;
  const means = await cellMeans(
    context,
    { ...spec, time: { ...spec.time, weeks: cellWeeks } },
    measure,
    frame.interval === true,
  );
  const subject: StatusSubject = {
    ...subjectHeader(spec),
    ...(cellWeeks === spec.time.weeks ? {} : { cell_weeks: cellWeeks }),
    ...summariseCells(means.cells),
    ...timing,
  };
  const figures: SubjectFigures = {
    subject,
    caveats: cellWeeks === spec.time.weeks ? [] : [mappedWeeksCaveat(spec, chart!.cells, cellWeeks)],
    queries: [means.query],
    cells: { table: means.table, query: means.query },
  };
  if (chart) {
    figures.series = { points: chart.series, query: chart.query };
    figures.queries.push(chart.query);
  }
  if (
    YEAR_PEAK_OPERATIONS.includes(operation) &&
    (measure === 'abundance' || measure === 'occurrence') &&
    spec.time.weeks.length < 52
  ) {
    // The answer calls a level "essentially absent" against the species' own peak here, not a fixed number (models/offline/describe-status.ts).
    const year = await weeklyPlaceMeans(
      context,
      { ...spec, time: { ...spec.time, weeks: ALL_WEEKS } },
      measure,
    );
    subject.year_peak = bestWeek(year.series, 'highest');
    figures.queries.push(year.query);
  }
  if (operation === 'where_highest' || operation === 'where_lowest' || operation === 'value') {
    // A mean over a place also names its best cell ("the best spot: 0.75 near Iron River").
    const topN = operation === 'value' ? 1 : (frame.top_n ?? DEFAULT_TOP_N);
    const where = await whereCells(
      context,
      means.cells,
      topN,
      operation === 'where_lowest' ? 'lowest' : 'highest',
    );
    Object.assign(subject, where.top);
    figures.queries.push(...where.queries);
  }
  if (
    (operation === 'where_highest' || operation === 'value') &&
    (measure === 'abundance' || measure === 'proportion_population')
  ) {
    const regional = await seasonRegionalStats(context, spec);
    if (regional) {
      subject.regional_stats = regional.rows;
      figures.queries.push(regional.query);
    }
  }
  if (operation === 'cells_above') {
    const peakCell = means.cells.reduce<number | null>(
      (best, cell) => (cell.value !== null && (best === null || cell.value > best) ? cell.value : best),
      null,
    );
    const threshold = resolveThreshold(frame, peakCell, 'the highest cell mean');
    if (threshold) {
      subject.threshold = threshold;
      subject.cells_above = cellsAbove(means.cells, threshold.value);
    }
  }
  if (operation === 'centre') {
    const centre = weightedCentre(means.cells);
    if (centre) {
      const towns = await nearestTowns(context, [centre]);
      const nearest = means.cells.reduce((best, cell) =>
        (cell.lon - centre.lon) ** 2 + (cell.lat - centre.lat) ** 2 <
        (best.lon - centre.lon) ** 2 + (best.lat - centre.lat) ** 2
          ? cell
          : best,
      );
      // The centre's area is that of the cell nearest it: a centre in Lake Michigan lies in no region.
      const areas = await cellAreas(context, [nearest]);
      subject.centre = { ...centre, near: towns.names[0], area: areas.names[0] ?? null };
      if (towns.query) figures.queries.push(towns.query);
      if (areas.query) figures.queries.push(areas.query);
    }
  }
  return figures;
}

/** What a week operation reads off the place-wide series. */
type WeekFigures = Pick<StatusSubject, 'series' | 'peak' | 'week' | 'stay' | 'change' | 'threshold'>;

/**
 * Cell-weeks above which a week question maps, and sums cells over, only the week it answers.
 * The map of a week question animates every cell of every week; the place-wide figures come from
 * the series whatever the size. Measured on the 45-species scale site (2026-12-03): "When is the
 * Simulated Oriole 9 most common?" over its whole range (147,088 cells × 52 weeks = 7.6 M rows)
 * did not finish within the registry's 15 s in Node. At 27 km a US state is at most ~1,000
 * cells (52,000 cell-weeks) and keeps its animation; a country or a continental range does not.
 */
export const WEEK_MAP_CELL_WEEKS = 100_000;

/** The weeks a week question's cell figures and map cover: every week of the time, or for a large place the answer's week. */
function mappedWeeks(spec: SubjectSpec, cells: number, timing: WeekFigures): number[] {
  if (spec.time.weeks.length <= 1 || cells * spec.time.weeks.length <= WEEK_MAP_CELL_WEEKS)
    return spec.time.weeks;
  const answer = timing.week?.week ?? timing.stay?.first.week ?? timing.change?.to.week ?? timing.peak?.week;
  return [answer ?? spec.time.weeks[0]!];
}

function mappedWeeksCaveat(spec: SubjectSpec, cells: number, weeks: readonly number[]): string {
  return `The map and the cell figures (cells, mean, total) are for week ${weeks.join(', ')} only (${weekDate(spec.species.release, weeks[0]!)}): ${spec.place.label} has ${cells.toLocaleString('en-US')} cells, too many to load for all ${spec.time.weeks.length} weeks; the weekly means cover every week.`;
}

/** The week figures of the week operations, from the series. */
function weekFigures(
  frame: QueryFrame,
  subject: WeekFigures,
  series: NonNullable<StatusSubject['series']>,
): void {
  const operation = frame.operation;
  if (operation === 'when_highest' || operation === 'when_lowest')
    subject.week = bestWeek(series, operation === 'when_highest' ? 'highest' : 'lowest');
  if (operation === 'biggest_rise' || operation === 'biggest_drop')
    subject.change = biggestChange(series, operation === 'biggest_rise' ? 'rise' : 'drop');
  if (operation === 'first_week_above' || operation === 'last_week_above' || operation === 'length_of_stay') {
    const threshold = resolveThreshold(
      frame,
      bestWeek(series, 'highest')?.value ?? null,
      'the peak weekly mean',
    );
    if (!threshold) return;
    subject.threshold = threshold;
    const stay = weeksAbove(series, threshold.value);
    if (operation === 'length_of_stay') subject.stay = stay;
    else subject.week = stay ? (operation === 'first_week_above' ? stay.first : stay.last) : null;
  }
}
