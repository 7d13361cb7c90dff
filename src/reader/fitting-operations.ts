import { OPERATION_NAMES, type Measure, type Operation } from '../frame/query-frame';

/**
 * Which operations a measure can be read with. Weekly measures take every operation; the centre
 * of the population is an abundance-weighted point, so only abundance and its share take it.
 * A range area is one figure per season (no weeks, no cells: value, which is larger, ranking);
 * a trend is one figure per cell for the breeding season (no weeks: no timing operations).
 */
export const FITTING_OPERATIONS: Readonly<Record<Measure, readonly Operation[]>> = {
  abundance: OPERATION_NAMES,
  proportion_population: OPERATION_NAMES,
  occurrence: OPERATION_NAMES.filter((operation) => operation !== 'centre'),
  count: OPERATION_NAMES.filter((operation) => operation !== 'centre'),
  range_area: ['value', 'which_larger', 'rank_species'],
  trend: ['value', 'where_highest', 'where_lowest', 'cells_above', 'which_larger', 'rank_species'],
};

export function fits(measure: Measure, operation: Operation): boolean {
  return FITTING_OPERATIONS[measure].includes(operation);
}

/** Operations that use a threshold (default 25% of the peak). */
export const THRESHOLD_OPERATIONS: readonly Operation[] = [
  'first_week_above',
  'last_week_above',
  'length_of_stay',
  'cells_above',
];

/** Operations that list places or species (top_n). */
export const LISTING_OPERATIONS: readonly Operation[] = ['where_highest', 'where_lowest', 'rank_species'];
