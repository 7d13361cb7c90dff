import { layerPeriod } from './support/layer-period';
import { weeklyChart } from './status/weekly-chart';
import type { Table } from 'apache-arrow';
import type { QueryResult } from '../engine';
import {
  MEASURE_LABELS,
  queryFrameSchema,
  type PlaceSpec,
  type QueryFrame,
  type TimeSpec,
} from '../frame/query-frame';
import { type StatusResult, statusResultSchema } from '../frame/status-result';
import { isToolFailure, toolFailure, type ToolFailure } from '../registry';
import { defineTool } from './define-tool';
import { buildMapLayer, nextLayerColor } from './support/build-map-layer';
import { layerMeasure } from './support/layer-measure';
import { resolveSpecies, type SpeciesRow } from './support/resolve-species';
import { requireTables } from './support/scoped-table';
import { loadSeasons, seasonCaveats, seasonOfWeek, type SeasonRow } from './support/season-weeks';
import type { PerchContext } from './support/tool-context';
import { compareSubjects } from './status/compare-subjects';
import { comparisonSeries } from './status/comparison-pictures';
import { computeSubject } from './status/compute-subject';
import { describeFrame, MEASURE_UNITS } from './status/describe-frame';
import { resolvePlace } from './status/place-condition';
import { AREA_UNIT_LABELS } from './status/range-area';
import { everySpeciesCode, rankSpecies } from './status/rank-species';
import type { SubjectFigures, SubjectSpec } from './status/subject-spec';
import { drawsOwnPictures, statusPictures } from './status/status-pictures';
import { checkCombination, isWeeklyMeasure, SUPPORTED } from './status/supported';
import { weeksOfTime } from './status/time-weeks';
import { WEEKLY_LAYER_OPERATIONS, weeklyLayerRows } from './status/weekly-layer';

const supportedLines = Object.entries(SUPPORTED)
  .map(([measure, operations]) => `${measure}: ${operations.join(', ')}`)
  .join('; ');

export const queryStatus = defineTool({
  name: 'query_status',
  description:
    'Figures for one question frame, in ONE call: species × measure × operation × times × places. ' +
    'species: eBird codes (find_species gives them; a near-miss name is read fuzzily and the reading noted in caveats); two to compare species; [] with rank_species = every species in the data. ' +
    "places: none/all = every modelled cell; region = cells whose state or country is that code — when the species' data is masked to that region (its prediction area is the region) every modelled cell is used and a caveat says so; " +
    'part = a named part of a region (table region_parts, e.g. upper_peninsula); near = cells whose centre lies within radius_km of a point. A place the data does not cover (no modelled cells, a region whose modelled cells cover under half its area, a point outside the model) fails with not_covered, saying what the data covers: say that to the user instead of a figure. ' +
    "times: none/year = weeks 1–52; weeks from..to inclusive (from > to wraps the new year); season = that species' season weeks. range_area uses the season's range polygons (no time: breeding); trend uses the trends table's season (breeding only in the example). " +
    'Per cell the weekly values are averaged over the weeks (NULL = not modelled is skipped, 0 = predicted absent kept); value = mean over modelled cells and total (sum over cells); where_highest/lowest = top_n cells (default 5) with the nearest town and top regions; ' +
    'when_highest/lowest, first/last_week_above, length_of_stay, biggest_rise/drop work on the weekly place-wide means (threshold default 25% of the peak weekly mean); cells_above = modelled cells whose mean reaches the threshold (default 25% of the highest cell mean); ' +
    'centre = abundance-weighted centre; which_larger = two to four subjects compared (index of the largest, its difference and ratio to the next); rank_species = species ranked by the value. trend: abundance-weighted, median and mean % per year over trend cells; where_highest = where it increases fastest. ' +
    `Valid operations per measure — ${supportedLines}; any other pair fails with unsupported_combination. Returns read_as (how the frame was read), subjects, caveats and SQL; maps and charts go to the page.`,
  scope: 'read',
  requires: ['datasets'],
  input: queryFrameSchema,
  output: statusResultSchema,
  async run(frame, context) {
    return queryStatusRun(frame, context);
  },
});

/** Tables each measure family reads; weekly and cells always, for a place's coverage. */
function tablesFor(frame: QueryFrame): string[] {
  const base = ['species', 'seasons', 'weekly', 'cells'];
  if (frame.measure === 'range_area') return [...base, 'ranges'];
  if (frame.measure === 'trend') return [...base, 'trends'];
  return base;
}

/** Most subjects which_larger compares: the four seasons of "in which season is it most common?". */
const MAX_COMPARED = 4;

/** The frame's subjects: every species × time × place (each list defaulting to one entry); which_larger needs two to four. */
function subjectAxes(
  frame: QueryFrame,
): { times: (TimeSpec | undefined)[]; places: (PlaceSpec | undefined)[] } | ToolFailure {
  const times = frame.times.length > 0 ? frame.times : [undefined];
  const places = frame.places.length > 0 ? frame.places : [undefined];
  const count = Math.max(1, frame.species.length) * times.length * places.length;
  if (frame.operation === 'which_larger' && (count < 2 || count > MAX_COMPARED)) {
    return toolFailure(
      'invalid_arguments',
      `invalid_arguments: which_larger compares two to ${MAX_COMPARED} subjects — give two species, or two to four times, or two places (this frame gives ${count}).`,
      { problems: [{ loc: '(root)', msg: `2–${MAX_COMPARED} subjects` }] },
    );
  }
  return { times, places };
}

async function queryStatusRun(frame: QueryFrame, context: PerchContext): Promise<StatusResult | ToolFailure> {
  const unsupported = checkCombination(frame.measure, frame.operation);
  if (unsupported) return unsupported;
  const missing = requireTables(context, tablesFor(frame));
  if (missing) return missing;
  const axes = subjectAxes(frame);
  if ('code' in axes) return axes;
  const ranking = frame.operation === 'rank_species';
  if (frame.species.length === 0 && !ranking) {
    return toolFailure(
      'invalid_arguments',
      'invalid_arguments: name the species (eBird codes; find_species gives them) — species may be empty only with rank_species.',
      { problems: [{ loc: 'species', msg: 'at least one species code' }] },
    );
  }
  const codes = frame.species.length > 0 ? frame.species : await everySpeciesCode(context);
  const caveats: string[] = [];
  const queries: QueryResult[] = [];
  const computed: { species: SpeciesRow; figures: SubjectFigures | ToolFailure }[] = [];
  for (const code of codes) {
    const found = await resolveSpecies(context, code);
    if ('code' in found) return found;
    if (found.interpreted) caveats.push(`${found.interpreted} (fuzzy match).`);
    if (found.releaseNote) caveats.push(found.releaseNote);
    if (found.species.simulated)
      caveats.push(
        `SIMULATED species ${found.species.common_name}: fictional values for a demo, never facts about a real bird.`,
      );
    const { seasons, query } = await loadSeasons(context, found.species.species_code);
    queries.push(query);
    for (const time of axes.times) {
      for (const place of axes.places) {
        const figures = await subjectFigures(context, frame, found.species, seasons, time, place);
        // A ranking lists a species its place does not cover as null; any other operation fails as a whole.
        if (isToolFailure(figures) && !ranking) return figures;
        computed.push({ species: found.species, figures });
        if (!isToolFailure(figures))
          caveats.push(
            ...figures.caveats,
            ...seasonCaveats(touchedSeasons(seasons, figures.subject.weeks), found.species.is_resident),
          );
      }
    }
  }
  const done = computed.flatMap((entry) => (isToolFailure(entry.figures) ? [] : [entry.figures]));
  for (const figures of done) queries.push(...figures.queries);
  const result: StatusResult = {
    read_as: describeFrame(frame, placeLabels(frame, done)),
    measure: frame.measure,
    operation: frame.operation,
    unit:
      frame.measure === 'range_area' ? AREA_UNIT_LABELS[frame.units ?? 'km2'] : MEASURE_UNITS[frame.measure],
    subjects: ranking ? [] : done.map((figures) => figures.subject),
    caveats: [],
    sql: [...new Set(queries.map((query) => query.sql.trim().replace(/\s+/g, ' ')))],
  };
  if (frame.operation === 'which_larger') {
    result.comparison = compareSubjects(result.subjects);
    if (!result.comparison)
      caveats.push('One of the two has no figure (not modelled there and then), so they cannot be compared.');
  }
  if (ranking) {
    const ranked = rankSpecies(
      computed.map((entry) => ({
        code: entry.species.species_code,
        name: entry.species.common_name,
        figures: entry.figures,
      })),
    );
    result.ranking = ranked.ranking;
    caveats.push(...ranked.caveats);
  }
  result.caveats = [...new Set([...caveats, ...measureCaveats(frame)])];
  const releases = new Map(computed.map((entry) => [entry.species.species_code, entry.species.release]));
  // Trend maps, range outlines and comparisons have their own pictures (status/status-pictures.ts).
  if (drawsOwnPictures(frame))
    for (const payload of await statusPictures(context, frame, done, releases))
      context.attach({ kind: payload.kind, payload });
  else attachPayloads(context, frame, done, releases);
  return result;
}

async function subjectFigures(
  context: PerchContext,
  frame: QueryFrame,
  species: SpeciesRow,
  seasons: SeasonRow[],
  time: TimeSpec | undefined,
  place: PlaceSpec | undefined,
): Promise<SubjectFigures | ToolFailure> {
  const selected = weeksOfTime(time, seasons, species.release);
  if ('code' in selected) return selected;
  const resolved = await resolvePlace(context, place, species);
  if ('code' in resolved) return resolved;
  const spec: SubjectSpec = { species, seasons, time: selected, place: resolved };
  const figures = await computeSubject(context, frame, spec);
  if (isToolFailure(figures)) return figures;
  if (WEEKLY_LAYER_OPERATIONS.has(frame.operation) && isWeeklyMeasure(frame.measure)) {
    // A large place animates only the week its answer names (weekly-subject.ts, mappedWeeks).
    const weeks = figures.subject.cell_weeks ?? spec.time.weeks;
    figures.weeklyCells = await weeklyLayerRows(
      context,
      { ...spec, time: { ...spec.time, weeks } },
      frame.measure,
    );
  }
  const yearSeries = await comparisonSeries(context, frame, spec);
  if (yearSeries) figures.series = yearSeries;
  return {
    ...figures,
    caveats: [...resolved.caveats, ...figures.caveats],
    queries: [...resolved.queries, ...figures.queries],
  };
}

function touchedSeasons(seasons: readonly SeasonRow[], weeks: readonly number[]): SeasonRow[] {
  const names = new Set(weeks.map((week) => seasonOfWeek(seasons, week)));
  return seasons.filter((season) => names.has(season.season));
}

function placeLabels(frame: QueryFrame, done: readonly SubjectFigures[]): string[] {
  if (frame.places.length === 0) return [];
  return [...new Set(done.map((figures) => figures.subject.place_label))];
}

function measureCaveats(frame: QueryFrame): string[] {
  if (!isWeeklyMeasure(frame.measure)) return [];
  const caveats = [
    'NULL cells are not modelled and are left out of means; 0 means predicted absent and is included.',
  ];
  if (frame.measure === 'abundance')
    caveats.push(
      'Relative abundance is the expected count on a standard eBird checklist (2 km, 1 h), not the number of birds in the area; totals over cells are an index, not a population.',
    );
  if (frame.measure === 'count')
    caveats.push(
      'Count is per checklist where the species is detected; its total over cells is not meaningful on its own.',
    );
  return caveats;
}

/** A static layer's weeks in words (an animated layer has the slider instead). */
function periodOf(timeColumn: string | undefined, weeks: readonly number[], release: number | undefined) {
  const period = timeColumn || release === undefined ? undefined : layerPeriod(weeks, release);
  return period ? { period } : {};
}

/** Operations a map of the cells helps answer, and those a chart of the weeks does. */
const MAP_OPERATIONS = new Set(['value', 'where_highest', 'where_lowest', 'cells_above', 'centre']);

/** Map layers (one per subject) and one chart of every subject's weekly series go to the page, never to the model. */
function attachPayloads(
  context: PerchContext,
  frame: QueryFrame,
  done: readonly SubjectFigures[],
  releases: ReadonlyMap<string, number>,
): void {
  const unit = frame.measure === 'range_area' ? 'km²' : MEASURE_UNITS[frame.measure];
  const attachLayer = (
    figures: SubjectFigures,
    cells: { table: Table; query: QueryResult },
    layer: { name: string; id: string; timeColumn?: string },
  ) => {
    const payload = buildMapLayer(
      {
        table: cells.table,
        name: layer.name,
        valueColumn: 'value',
        unit,
        timeColumn: layer.timeColumn,
        release: releases.get(figures.subject.species_code) ?? 0,
        color: nextLayerColor(context.session.id),
        labelColumn: 'region_code',
        sourceTables: cells.query.tablesRead,
        sql: cells.query.sql,
        callId: context.callId,
      },
      {
        kind: 'point',
        lon: 'lon',
        lat: 'lat',
        // A weekly layer's rows carry no squares: the subject's per-cell result has them (weekly-layer.ts).
        footprint: {
          geojson: 'footprint_geojson',
          cell: 'cell_id',
          ...(layer.timeColumn && figures.cells ? { from: figures.cells.table } : {}),
        },
      },
    );
    context.attach({
      kind: 'map-layer',
      payload: {
        ...payload,
        id: layer.id,
        ...layerMeasure(frame.measure),
        ...periodOf(layer.timeColumn, figures.subject.weeks, releases.get(figures.subject.species_code)),
      },
    });
  };
  if (MAP_OPERATIONS.has(frame.operation)) {
    done.forEach((figures, index) => {
      if (!figures.cells) return;
      attachLayer(figures, figures.cells, {
        name: `${figures.subject.common_name}: ${frame.measure}, ${figures.subject.time_label}, ${figures.subject.place_label}`,
        id: `${context.callId}-layer-${index}`,
      });
    });
  }
  done.forEach((figures, index) => {
    if (!figures.weeklyCells) return;
    attachLayer(figures, figures.weeklyCells, {
      name: `${figures.subject.common_name}: weekly ${frame.measure.replaceAll('_', ' ')}, ${figures.subject.place_label}`,
      id: `${context.callId}-weekly-${index}`,
      timeColumn: 'week',
    });
  });
  const charted = done.filter((figures) => figures.series);
  if (charted.length === 0) return;
  const label = (figures: SubjectFigures) =>
    [figures.subject.common_name, figures.subject.time_label, figures.subject.place_label].join(', ');
  const only = charted.length === 1 ? charted[0]!.subject : undefined;
  const measure = MEASURE_LABELS[frame.measure];
  const chart = weeklyChart({
    id: `${context.callId}-chart`,
    title: only
      ? `${only.common_name}, ${only.place_label}: weekly mean ${measure}`
      : `Weekly mean ${measure}`,
    measure: frame.measure,
    subjects: charted.map((figures) => ({ label: label(figures), series: figures.series! })),
    callId: context.callId,
  });
  context.attach({ kind: 'chart', payload: chart });
}
