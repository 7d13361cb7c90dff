import {
  MEASURE_LABELS,
  type Operation,
  type PlaceSpec,
  type QueryFrame,
  type TimeSpec,
} from '../frame/query-frame';
import { SEASON_LABELS } from './read-time';
import type { Vocabulary } from './reading';

const OPERATION_LABELS: Readonly<Record<Operation, string>> = {
  value: 'mean',
  where_highest: 'where highest',
  where_lowest: 'where lowest',
  when_highest: 'when highest',
  when_lowest: 'when lowest',
  first_week_above: 'first week at or above the threshold (arrival)',
  last_week_above: 'last week at or above the threshold (departure)',
  length_of_stay: 'length of stay',
  biggest_rise: 'biggest weekly rise',
  biggest_drop: 'biggest weekly drop',
  cells_above: 'share of cells at or above the threshold',
  centre: 'centre of the population',
  which_larger: 'which is larger',
  rank_species: 'species ranked',
};

export function timeLabel(time: TimeSpec): string {
  if (time.kind === 'year') return 'whole year';
  if (time.kind === 'season') return SEASON_LABELS[time.season];
  return time.label;
}

export function placeLabel(place: PlaceSpec, vocabulary: Vocabulary): string {
  if (place.kind === 'all') return 'all modelled cells';
  if (place.kind === 'region')
    return vocabulary.regions.find((region) => region.code === place.code)?.name ?? place.code;
  if (place.kind === 'part')
    return vocabulary.parts.find((part) => part.id === place.part)?.name ?? place.part;
  return `within ${place.radius_km} km of ${place.name}`;
}

/** "Yellow-bellied Sapsucker · relative abundance · where highest · breeding season · Michigan". */
export function summariseFrame(frame: QueryFrame, vocabulary: Vocabulary): string {
  const species = frame.species.map(
    (code) => vocabulary.species.find((entry) => entry.code === code)?.common_name ?? code,
  );
  const operation =
    frame.operation === 'value' &&
    (frame.times.length > 1 || frame.places.length > 1 || frame.species.length > 1)
      ? 'compared'
      : OPERATION_LABELS[frame.operation];
  const threshold = frame.threshold
    ? frame.threshold.of === 'peak_share'
      ? `≥ ${Math.round(frame.threshold.value * 1000) / 10}% of the peak`
      : `≥ ${frame.threshold.value}`
    : '';
  const parts = [
    species.length > 0 ? species.join(' vs ') : 'every species',
    `${MEASURE_LABELS[frame.measure]}${frame.interval ? ' with bounds' : ''}${frame.units ? ` (${frame.units})` : ''}`,
    `${operation}${threshold ? ` ${threshold}` : ''}${frame.top_n ? ` (top ${frame.top_n})` : ''}`,
    frame.times.length > 0
      ? frame.times.map(timeLabel).join(' vs ')
      : frame.measure === 'trend'
        ? 'breeding season (trend years)'
        : 'whole year',
    frame.places.length > 0
      ? frame.places.map((place) => placeLabel(place, vocabulary)).join(' vs ')
      : vocabulary.maskRegion
        ? `all modelled cells (${placeLabel({ kind: 'region', code: vocabulary.maskRegion }, vocabulary)})`
        : 'all modelled cells',
  ];
  return parts.join(' · ');
}
