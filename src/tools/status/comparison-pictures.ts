import { MEASURE_LABELS, type QueryFrame, type TimeSpec } from '../../frame/query-frame';
import type { ChartPayload, Payload } from '../../payloads';
import { buildBarChart } from '../support/bar-chart';
import { nextLayerColor } from '../support/build-map-layer';
import { SEASON_ORDER } from '../support/season-weeks';
import { seasonWords } from '../support/season-colors';
import type { PerchContext } from '../support/tool-context';
import { AREA_UNIT_LABELS } from './range-area';
import { subjectLayers } from './subject-layers';
import { CHART_UNITS, weeklyChart } from './weekly-chart';
import type { SubjectFigures, SubjectSpec } from './subject-spec';
import { isWeeklyMeasure } from './supported';
import { weeksOfTime } from './time-weeks';
import { weeklyPlaceMeans } from './weekly-means';

/** Short units for a chart's axis (the result's `unit` says the long form). */

/** Which parts of a which_larger frame tell its subjects apart. */
interface Differing {
  species: boolean;
  times: boolean;
  places: boolean;
}

function differing(frame: QueryFrame): Differing {
  return {
    species: frame.species.length > 1,
    times: frame.times.length > 1,
    places: frame.places.length > 1,
  };
}

function timeWords(time: TimeSpec | undefined): string {
  if (!time || time.kind === 'year') return 'the whole year';
  if (time.kind === 'season') return seasonWords(time.season);
  return time.label;
}

/**
 * Each subject's label by the parts that differ ("breeding", "Yellow-bellied Sapsucker"), and its
 * group (species, place) when subjects differ by more than the time. query_status computes
 * subjects species × time × place in that order, so the time of subject `i` is times[⌊i / P⌋ mod T].
 */
export function comparedLabels(
  frame: QueryFrame,
  done: readonly SubjectFigures[],
): { label: string; group?: string; time?: TimeSpec }[] {
  const apart = differing(frame);
  const perTime = Math.max(1, frame.places.length);
  const times = Math.max(1, frame.times.length);
  return done.map((figures, index) => {
    const subject = figures.subject;
    const time = frame.times[Math.floor(index / perTime) % times];
    const groupParts = [
      ...(apart.species ? [subject.common_name] : []),
      ...(apart.places ? [subject.place_label] : []),
    ];
    const parts = [...groupParts, ...(apart.times ? [timeWords(time)] : [])];
    return {
      label: parts.join(', ') || subject.common_name,
      ...(groupParts.length > 0 ? { group: groupParts.join(', ') } : {}),
      ...(time ? { time } : {}),
    };
  });
}

/**
 * The weekly place-wide means of the whole year for one subject of a which_larger frame that
 * compares species or places (not times): the chart draws the subjects as two curves through the
 * year, the compared time among them. Undefined for every other frame.
 */
export async function comparisonSeries(
  context: PerchContext,
  frame: QueryFrame,
  spec: SubjectSpec,
): Promise<SubjectFigures['series']> {
  if (frame.operation !== 'which_larger' || !isWeeklyMeasure(frame.measure) || frame.times.length > 1)
    return undefined;
  const year = weeksOfTime(undefined, spec.seasons, spec.species.release);
  if ('code' in year) return undefined;
  const { series, query } = await weeklyPlaceMeans(context, { ...spec, time: year }, frame.measure);
  return { points: series, query };
}

/**
 * The pictures of a which_larger answer. Subjects that differ by species or place: one layer each
 * (one measure, so one colour scale on the page) and a chart with one series per subject — their
 * curves through the year for weekly measures, else a bar each. Subjects that differ only by time
 * ("in which season is it most common?"): a bar per time, in the order of the year; no map, as
 * four seasons' cells on one map hide each other — except range outlines, which do not.
 */
export async function comparisonPictures(
  context: PerchContext,
  frame: QueryFrame,
  done: readonly SubjectFigures[],
  releases: ReadonlyMap<string, number>,
): Promise<Payload[]> {
  if (done.length < 2) return [];
  const apart = differing(frame);
  const labels = comparedLabels(frame, done);
  const payloads: Payload[] = [];
  const mapped = frame.measure === 'range_area' ? distinctRanges(done) : done;
  const seasons = mapped.map((figures) => figures.subject.area?.season);
  const seasonColoured = frame.measure === 'range_area' && new Set(seasons).size === seasons.length;
  if (apart.species || apart.places || frame.measure === 'range_area') {
    for (const [index, figures] of mapped.entries())
      payloads.push(
        ...(await subjectLayers(context, frame, figures, {
          id: `${context.callId}-layer-${index}`,
          release: releases.get(figures.subject.species_code) ?? 0,
          ...(seasonColoured ? {} : { color: nextLayerColor(context.session.id) }),
        })),
      );
  }
  payloads.push(comparisonChart(context, frame, done, labels));
  return payloads;
}

/** One subject per species and season: two places compared within one range share its outline, drawn once. */
function distinctRanges(done: readonly SubjectFigures[]): SubjectFigures[] {
  const seen = new Set<string>();
  return done.filter((figures) => {
    const key = `${figures.subject.species_code}|${figures.subject.area?.season}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function comparisonChart(
  context: PerchContext,
  frame: QueryFrame,
  done: readonly SubjectFigures[],
  labels: ReturnType<typeof comparedLabels>,
): ChartPayload {
  const measure = MEASURE_LABELS[frame.measure];
  const apart = differing(frame);
  const queries = done.map((figures) => figures.cells?.query ?? figures.queries[0]!);
  if ((apart.species || apart.places) && done.every((figures) => figures.series)) {
    return weeklyChart({
      id: `${context.callId}-chart`,
      title: `${measure} through the year: ${labels.map((entry) => entry.label).join(' vs ')}`,
      measure: frame.measure,
      subjects: done.map((figures, index) => ({ label: labels[index]!.label, series: figures.series! })),
      callId: context.callId,
    });
  }
  const bars = done.map((figures, index) => {
    const subject = figures.subject;
    const regional = subject.trend?.regional;
    return {
      label: labels[index]!.label,
      value: subject.mean,
      ...(apart.species || apart.places ? { series: labels[index]!.group ?? labels[index]!.label } : {}),
      ...(regional ? { extra: { lower: regional.lower_ppy, upper: regional.upper_ppy } } : {}),
      order: yearOrder(labels[index]!.time),
    };
  });
  // Seasons in the order of the year; any other times as asked (a stable sort keeps them).
  if (!apart.species && !apart.places) bars.sort((a, b) => a.order - b.order);
  const allSeasons = frame.times.length > 1 && frame.times.every((time) => time.kind === 'season');
  const first = done[0]!.subject;
  return buildBarChart({
    id: `${context.callId}-chart`,
    title:
      apart.species || apart.places
        ? `${measure}: ${labels.map((entry) => entry.label).join(' vs ')}`
        : `${first.common_name}: ${measure} by ${allSeasons ? 'season' : 'time'}, ${first.place_label}`,
    bars: bars.map(({ order: _order, ...bar }) => bar),
    xLabel:
      apart.species || apart.places ? (apart.species ? 'species' : 'place') : allSeasons ? 'season' : 'time',
    yLabel:
      frame.measure === 'range_area' ? 'range area' : frame.measure === 'trend' ? 'trend' : `mean ${measure}`,
    ...chartUnit(frame),
    sourceTables: [...new Set(queries.flatMap((query) => query.tablesRead))],
    sql: [...new Set(queries.map((query) => query.sql))].join(';\n'),
    callId: context.callId,
  });
}

function chartUnit(frame: QueryFrame): { unit?: string } {
  if (frame.measure === 'range_area') return { unit: AREA_UNIT_LABELS[frame.units ?? 'km2'] };
  const unit = CHART_UNITS[frame.measure];
  return unit ? { unit } : {};
}

/** Position of a season in the year (prebreeding first); other times keep their place. */
function yearOrder(time: TimeSpec | undefined): number {
  if (time?.kind !== 'season') return 0;
  return (SEASON_ORDER as readonly string[]).indexOf(time.season);
}
