import { previewRows } from '../../engine/preview-rows';
import type { QueryResult } from '../../engine/types';
import type { StatusSubject } from '../../frame/status-result';
import { runQuery } from '../support/run-query';
import { sqlString } from '../support/sql-literal';
import type { PerchContext } from '../support/tool-context';
import type { SubjectSpec } from './subject-spec';

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
  const sql = `SELECT region_code AS code, region_name AS name, total_pop_fraction, range_occupied_fraction, abundance_mean, CAST(max_week AS VARCHAR) AS max_week
    FROM regional_stats WHERE species_code = ${sqlString(spec.species.species_code)} AND season = ${sqlString(season)}
    ORDER BY total_pop_fraction DESC NULLS LAST, region_code LIMIT 10`;
  const query = await runQuery(context, sql, { maxRows: 10 });
  const rows = previewRows(query.table, query.rows) as unknown as NonNullable<
    StatusSubject['regional_stats']
  >;
  return rows.length > 0 ? { rows, query } : undefined;
}
