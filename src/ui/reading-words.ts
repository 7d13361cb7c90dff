import {
  MEASURE_LABELS,
  type AreaUnit,
  type Measure,
  type Operation,
  type PlaceSpec,
  type QueryFrame,
  type Season,
  type TimeSpec,
} from '../frame/query-frame';

/**
 * A query frame in plain words, for the reading chips and for the question line of a turn asked
 * from an edited frame ("Yellow-bellied Sapsucker · relative abundance · where highest · winter ·
 * Michigan"). Records keyed by the frame's enums, so a new measure or operation fails to compile
 * here until it has words.
 */

export { MEASURE_LABELS };

export const OPERATION_LABELS: Record<Operation, string> = {
  value: 'average',
  where_highest: 'where highest',
  where_lowest: 'where lowest',
  when_highest: 'when highest',
  when_lowest: 'when lowest',
  first_week_above: 'arrival week',
  last_week_above: 'departure week',
  length_of_stay: 'length of stay',
  biggest_rise: 'biggest weekly rise',
  biggest_drop: 'biggest weekly drop',
  cells_above: 'share of cells above the threshold',
  centre: 'centre of the population',
  which_larger: 'which is larger',
  rank_species: 'ranking of species',
};

/** eBird's season names in the words people use; "winter" is what "non-breeding" means in the north. */
export const SEASON_LABELS: Record<Season, string> = {
  nonbreeding: 'winter',
  prebreeding_migration: 'spring migration',
  breeding: 'breeding season',
  postbreeding_migration: 'fall migration',
};

/** Codes → names, from the readings of the conversation; a code without a name is shown as is. */
export type FrameNames = Readonly<Record<string, string>>;

export const UNIT_LABELS: Record<AreaUnit, string> = {
  km2: 'square kilometres',
  mi2: 'square miles',
  acres: 'acres',
  hectares: 'hectares',
  percent: 'percent',
};

/**
 * No time is the measure's own default (query_status): trends are the trend season's years, a
 * range area the breeding season's range, everything else the whole year.
 */
export function timeLabel(time: TimeSpec | undefined, measure: Measure): string {
  if (!time && measure === 'trend') return 'breeding season (trend years)';
  if (!time && measure === 'range_area') return SEASON_LABELS.breeding;
  if (!time || time.kind === 'year') return 'all year';
  if (time.kind === 'season') return SEASON_LABELS[time.season];
  return time.label;
}

export function placeLabel(place: PlaceSpec | undefined, names: FrameNames): string {
  if (!place || place.kind === 'all') return 'all modelled cells';
  if (place.kind === 'near') return `near ${place.name}`;
  if (place.kind === 'region') return names[place.code] ?? place.code;
  return names[place.part] ?? partWords(place.part);
}

export function speciesLabel(code: string, names: FrameNames): string {
  return names[code] ?? code;
}

/** "upper_peninsula" → "Upper Peninsula": a part id is written from its name. */
function partWords(part: string): string {
  return part
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export function thresholdLabel(threshold: NonNullable<QueryFrame['threshold']>): string {
  return threshold.of === 'peak_share'
    ? `at least ${Math.round(threshold.value * 100)}% of the peak`
    : `at least ${threshold.value}`;
}

/** The frame in words, one part per chip, joined by " · ". */
export function frameInWords(frame: QueryFrame, names: FrameNames): string {
  const parts = [
    ...(frame.species.length > 0
      ? [frame.species.map((code) => speciesLabel(code, names)).join(' vs ')]
      : []),
    MEASURE_LABELS[frame.measure],
    OPERATION_LABELS[frame.operation],
    frame.times.length === 0
      ? timeLabel(undefined, frame.measure)
      : frame.times.map((time) => timeLabel(time, frame.measure)).join(' vs '),
    frame.places.length === 0
      ? placeLabel(undefined, names)
      : frame.places.map((place) => placeLabel(place, names)).join(' vs '),
  ];
  if (frame.threshold) parts.push(thresholdLabel(frame.threshold));
  if (frame.top_n !== undefined) parts.push(`top ${frame.top_n}`);
  if (frame.units && frame.measure === 'range_area') parts.push(`in ${UNIT_LABELS[frame.units]}`);
  return parts.join(' · ');
}
