import { sqlString } from '../../engine';
import type { RegionRow } from './resolve-region';
import type { PerchContext } from './tool-context';

/** A key of `weekly_regions`: the whole range, a country or a US state (by the cells' own codes). */
export interface WeeklyRegionKey {
  type: 'range' | 'country' | 'state';
  code: string;
}

export const WHOLE_RANGE: WeeklyRegionKey = { type: 'range', code: 'range' };

/** SQL condition picking one species' rows of `weekly_regions` for a key. */
export function weeklyRegionRows(speciesCode: string, key: WeeklyRegionKey): string {
  return `species_code = ${sqlString(speciesCode)} AND region_type = ${sqlString(key.type)} AND region_code = ${sqlString(key.code)}`;
}

/** The weekly_regions key of a region: the cells column regionCondition filters on. */
export const regionKey = (region: RegionRow): WeeklyRegionKey => ({
  type: region.type === 'state' ? 'state' : 'country',
  code: region.region_code,
});

/**
 * Whether a tool may answer from `weekly_regions` instead of `weekly`: only when the session's
 * scope holds it (a person who scoped a session to `weekly` alone gets the same figures from it).
 */
export const readsWeeklyRegions = (context: PerchContext) =>
  context.session.datasets.includes('weekly_regions');
