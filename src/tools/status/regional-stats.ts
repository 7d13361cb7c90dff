import type { QueryResult } from '../../engine';
import type { StatusSubject } from '../../frame/status-result';
import { rankRegionsByPopulation } from '../support/rank-regions-by-population';
import type { PerchContext } from '../support/tool-context';
import type { SubjectSpec } from './subject-spec';

const REGIONS_SHOWN = 10;

/**
 * eBird's own regional statistics for a season (regional_stats.csv): computed by eBird over the
 * species' whole range at full resolution, so "which regions hold the most" has an answer even
 * when the weekly data is masked to one state (the example: the USA holds 30.3% of the breeding
 * population, Michigan 4.31%). Most populous region first.
 */
export async function seasonRegionalStats(
  context: PerchContext,
  spec: SubjectSpec,
): Promise<{ rows: NonNullable<StatusSubject['regional_stats']>; query: QueryResult } | undefined> {
  const season = spec.time.season?.season;
  if (!season || !context.session.datasets.includes('regional_stats')) return undefined;
  const { rows: ranked, query } = await rankRegionsByPopulation(context, {
    speciesCode: spec.species.species_code,
    season,
    limit: REGIONS_SHOWN,
  });
  const rows = ranked.slice(0, REGIONS_SHOWN).map((row) => ({
    code: row.region_code,
    name: row.region_name,
    total_pop_fraction: row.total_pop_fraction,
    range_occupied_fraction: row.range_occupied_fraction,
    abundance_mean: row.abundance_mean,
    max_week: row.max_week,
  }));
  return rows.length > 0 ? { rows, query } : undefined;
}
