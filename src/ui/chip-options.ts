import type { Measure, Operation, PlaceSpec, QueryFrame, Season, TimeSpec } from '../frame/query-frame';
import { SUPPORTED } from '../tools/status/supported';
import { monthSpans } from './month-spans';
import {
  MEASURE_LABELS,
  OPERATION_LABELS,
  placeLabel,
  speciesLabel,
  thresholdLabel,
  timeLabel,
  type FrameNames,
} from './reading-words';

/**
 * The reading chips of a frame: one per part, each with the frames its alternatives lead to.
 * Picking an option re-asks with that option's frame, so every option is a whole, valid frame
 * (the operation fits the measure, a threshold or top_n only where the operation uses it).
 */

export type ChipPart = 'species' | 'measure' | 'operation' | 'time' | 'place' | 'threshold' | 'top_n';

export interface ChipOption {
  label: string;
  frame: QueryFrame;
  current: boolean;
}

export interface Chip {
  part: ChipPart;
  /** Which time, place or species of a comparison (0 or 1); 0 otherwise. */
  index: number;
  label: string;
  /** The current reading first among its alternatives; one option = nothing to change. */
  options: ChipOption[];
}

export interface ChipContext {
  names: FrameNames;
  /** The release year, for the months; without it only the year and the seasons are offered. */
  year?: number;
  /** Species and places named earlier in the conversation, offered as alternatives. */
  seen?: { species: readonly string[]; places: readonly PlaceSpec[] };
}

const MEASURES = Object.keys(MEASURE_LABELS) as Measure[];
const SEASON_ORDER: readonly Season[] = [
  'nonbreeding',
  'prebreeding_migration',
  'breeding',
  'postbreeding_migration',
];
const THRESHOLD_OPERATIONS: readonly Operation[] = [
  'first_week_above',
  'last_week_above',
  'length_of_stay',
  'cells_above',
];
const TOP_N_OPERATIONS: readonly Operation[] = ['where_highest', 'where_lowest'];
const TOP_N_CHOICES = [3, 5, 10, 25];

export function readingChips(frame: QueryFrame, context: ChipContext): Chip[] {
  return [
    ...frame.species.map((_code, index) => speciesChip(frame, index, context)),
    measureChip(frame),
    operationChip(frame),
    ...(frame.times.length === 0 ? [undefined] : frame.times).map((_, index) =>
      timeChip(frame, index, context),
    ),
    ...(frame.places.length === 0 ? [undefined] : frame.places).map((_, index) =>
      placeChip(frame, index, context),
    ),
    ...(frame.threshold ? [staticChip(frame, 'threshold', thresholdLabel(frame.threshold))] : []),
    ...(frame.top_n !== undefined ? [topNChip(frame)] : []),
  ];
}

function speciesChip(frame: QueryFrame, index: number, context: ChipContext): Chip {
  const current = frame.species[index]!;
  const others = (context.seen?.species ?? []).filter((code) => !frame.species.includes(code));
  const options = [current, ...others].map((code) =>
    option(
      speciesLabel(code, context.names),
      { ...frame, species: replaced(frame.species, index, code) },
      code === current,
    ),
  );
  return { part: 'species', index, label: speciesLabel(current, context.names), options };
}

function measureChip(frame: QueryFrame): Chip {
  const options = MEASURES.map((measure) =>
    option(
      MEASURE_LABELS[measure],
      fitFrame({ ...frame, measure, ...(measure === frame.measure ? {} : withoutValueThreshold(frame)) }),
      measure === frame.measure,
    ),
  );
  return { part: 'measure', index: 0, label: MEASURE_LABELS[frame.measure], options: currentFirst(options) };
}

function operationChip(frame: QueryFrame): Chip {
  const operations = operationsFor(frame);
  const options = operations.map((operation) =>
    option(
      OPERATION_LABELS[operation],
      fitFrame({ ...frame, operation, ...(operation === 'rank_species' ? { species: [] } : {}) }),
      operation === frame.operation,
    ),
  );
  return {
    part: 'operation',
    index: 0,
    label: OPERATION_LABELS[frame.operation],
    options: currentFirst(options),
  };
}

/**
 * Operations the measure supports (SUPPORTED) that fit the frame's subjects: which_larger needs
 * two times, places or species; rank_species ranks every species, so a frame without a species
 * (a ranking) has nothing else to switch to, and a two-species comparison is not a ranking.
 */
export function operationsFor(frame: QueryFrame): Operation[] {
  const comparison = frame.times.length === 2 || frame.places.length === 2 || frame.species.length === 2;
  return SUPPORTED[frame.measure].filter((operation) => {
    if (operation === frame.operation) return true;
    if (frame.species.length === 0) return false;
    if (operation === 'which_larger') return comparison;
    if (operation === 'rank_species') return frame.species.length === 1;
    return true;
  });
}

function timeChip(frame: QueryFrame, index: number, context: ChipContext): Chip {
  const current = frame.times[index];
  const label = timeLabel(current, frame.measure);
  const choices = timeChoices(frame.measure, context.year);
  const options = choices.map((time) =>
    option(
      timeLabel(time, frame.measure),
      fitFrame({ ...frame, times: withTime(frame.times, index, time) }),
      sameTime(time, current, frame.measure),
    ),
  );
  if (!options.some((entry) => entry.current)) options.unshift(option(label, frame, true));
  return { part: 'time', index, label, options: currentFirst(options) };
}

/**
 * The times with entry `index` set. A lone whole year is written as no time, the way the reader
 * reads a question that names none, so picking "all year" back gives the question's own frame.
 */
function withTime(times: readonly TimeSpec[], index: number, time: TimeSpec): TimeSpec[] {
  return time.kind === 'year' && times.length <= 1 ? [] : replaced(times, index, time);
}

/**
 * What a time can change to: trends are one breeding-season window (no other time); range area
 * is one polygon per season (seasons only); weekly measures take the year, seasons and months.
 */
export function timeChoices(measure: Measure, year: number | undefined): TimeSpec[] {
  if (measure === 'trend') return [];
  const seasons = SEASON_ORDER.map((season): TimeSpec => ({ kind: 'season', season }));
  if (measure === 'range_area') return seasons;
  return [{ kind: 'year' }, ...seasons, ...(year === undefined ? [] : monthSpans(year))];
}

function placeChip(frame: QueryFrame, index: number, context: ChipContext): Chip {
  const current = frame.places[index];
  const choices = uniquePlaces([
    { kind: 'all' },
    ...(current ? [current] : []),
    ...(context.seen?.places ?? []),
  ]);
  const options = choices.map((place) =>
    option(
      placeLabel(place, context.names),
      { ...frame, places: withPlace(frame.places, index, place) },
      samePlace(place, current),
    ),
  );
  return { part: 'place', index, label: placeLabel(current, context.names), options: currentFirst(options) };
}

/** As withTime: a lone "every modelled cell" is no place, as the reader reads it. */
function withPlace(places: readonly PlaceSpec[], index: number, place: PlaceSpec): PlaceSpec[] {
  return place.kind === 'all' && places.length <= 1 ? [] : replaced(places, index, place);
}

function topNChip(frame: QueryFrame): Chip {
  const choices = [...new Set([frame.top_n!, ...TOP_N_CHOICES])].sort((a, b) => a - b);
  const options = choices.map((top_n) => option(`top ${top_n}`, { ...frame, top_n }, top_n === frame.top_n));
  return { part: 'top_n', index: 0, label: `top ${frame.top_n}`, options: currentFirst(options) };
}

function staticChip(frame: QueryFrame, part: ChipPart, label: string): Chip {
  return { part, index: 0, label, options: [option(label, frame, true)] };
}

/**
 * Makes an edited frame whole again: the operation falls back to `value` (every measure has it)
 * when the new measure does not support it; a threshold or top_n stays only where the operation
 * uses it; trends take no time and range area only seasons.
 */
export function fitFrame(frame: QueryFrame): QueryFrame {
  const operation = SUPPORTED[frame.measure].includes(frame.operation) ? frame.operation : 'value';
  const { threshold, top_n, units, ...rest } = frame;
  const times =
    frame.measure === 'trend'
      ? []
      : frame.measure === 'range_area'
        ? frame.times.filter((time) => time.kind === 'season')
        : frame.times;
  return {
    ...rest,
    operation,
    times,
    ...(threshold && THRESHOLD_OPERATIONS.includes(operation) ? { threshold } : {}),
    ...(top_n !== undefined && TOP_N_OPERATIONS.includes(operation) ? { top_n } : {}),
    ...(units && frame.measure === 'range_area' ? { units } : {}),
  };
}

/** A threshold in the measure's unit means nothing in another unit; a share of the peak still does. */
function withoutValueThreshold(frame: QueryFrame): Partial<QueryFrame> {
  return frame.threshold?.of === 'value' ? { threshold: undefined } : {};
}

function option(label: string, frame: QueryFrame, current: boolean): ChipOption {
  return { label, frame: withoutUndefined(frame), current };
}

function withoutUndefined(frame: QueryFrame): QueryFrame {
  return Object.fromEntries(Object.entries(frame).filter(([, value]) => value !== undefined)) as QueryFrame;
}

function currentFirst(options: ChipOption[]): ChipOption[] {
  return [...options.filter((entry) => entry.current), ...options.filter((entry) => !entry.current)];
}

/** `list` with entry `index` set (an empty list gets its first entry). */
function replaced<T>(list: readonly T[], index: number, value: T): T[] {
  const next = [...list];
  next[index] = value;
  return next;
}

/** No time is the measure's default time (query_status): the whole year, or for range area the breeding season. */
function sameTime(a: TimeSpec | undefined, b: TimeSpec | undefined, measure: Measure): boolean {
  const key = (time: TimeSpec | undefined) => {
    const fixed =
      time ?? (measure === 'range_area' ? { kind: 'season', season: 'breeding' } : { kind: 'year' });
    return fixed.kind === 'year'
      ? 'year'
      : fixed.kind === 'season'
        ? `season:${fixed.season}`
        : `weeks:${fixed.from}-${fixed.to}`;
  };
  return key(a) === key(b);
}

function placeKey(place: PlaceSpec | undefined): string {
  if (!place || place.kind === 'all') return 'all';
  if (place.kind === 'region') return `region:${place.code}`;
  if (place.kind === 'part') return `part:${place.part}`;
  return `near:${place.lon},${place.lat},${place.radius_km}`;
}

function samePlace(a: PlaceSpec | undefined, b: PlaceSpec | undefined): boolean {
  return placeKey(a) === placeKey(b);
}

function uniquePlaces(places: PlaceSpec[]): PlaceSpec[] {
  const seen = new Set<string>();
  return places.filter((place) => !seen.has(placeKey(place)) && Boolean(seen.add(placeKey(place))));
}
