import type { Measure, Operation } from '../../frame/query-frame';
import { toolFailure, type ToolFailure } from '../../registry';

/**
 * Operations whose answer is a week or a run of weeks: they read the place-wide mean of every
 * week (weekly-subject.ts puts that series in the result) and map every week (weekly-layer.ts).
 */
export const WEEK_OPERATIONS = [
  'when_highest',
  'when_lowest',
  'first_week_above',
  'last_week_above',
  'length_of_stay',
  'biggest_rise',
  'biggest_drop',
] as const satisfies readonly Operation[];

/** Operations that read the weekly cells: every one except none. */
const WEEKLY_OPERATIONS = [
  'value',
  'where_highest',
  'where_lowest',
  ...WEEK_OPERATIONS,
  'cells_above',
  'which_larger',
  'rank_species',
] as const satisfies readonly Operation[];

/**
 * The one table of what `query_status` computes: measure → the operations that make sense for it.
 * The question reader and the tests read it too, so a new branch is one entry here.
 *  - centre is a population centre: weighted by abundance (or the population share), so only those two;
 *    a centre of detection chance or of per-checklist counts is not a place birds are centred on.
 *  - range_area is one polygon per season: no weeks, no cells to rank, only its size.
 *  - trend is one figure per trend cell for one season window: no weeks either.
 */
export const SUPPORTED: Record<Measure, readonly Operation[]> = {
  abundance: [...WEEKLY_OPERATIONS, 'centre'],
  occurrence: WEEKLY_OPERATIONS,
  count: WEEKLY_OPERATIONS,
  proportion_population: [...WEEKLY_OPERATIONS, 'centre'],
  range_area: ['value', 'which_larger', 'rank_species'],
  trend: ['value', 'where_highest', 'where_lowest', 'which_larger', 'rank_species'],
};

/** Measures read from the `weekly` table (columns of the same names). */
export const WEEKLY_MEASURES = [
  'abundance',
  'occurrence',
  'count',
  'proportion_population',
] as const satisfies readonly Measure[];
export type WeeklyMeasure = (typeof WEEKLY_MEASURES)[number];

export function isWeeklyMeasure(measure: Measure): measure is WeeklyMeasure {
  return (WEEKLY_MEASURES as readonly Measure[]).includes(measure);
}

/** `unsupported_combination` naming what the measure does support, or null when the pair is in SUPPORTED. */
export function checkCombination(measure: Measure, operation: Operation): ToolFailure | null {
  const valid = SUPPORTED[measure];
  if (valid.includes(operation)) return null;
  return toolFailure(
    'unsupported_combination',
    `unsupported_combination: '${operation}' cannot be computed for ${measure}. Operations for ${measure}: ${valid.join(', ')}.`,
    {
      problems: [{ loc: 'operation', msg: `one of ${valid.join(', ')} for measure ${measure}` }],
    },
  );
}
