import { z } from 'zod';
import { previewRows, type QueryResult, sqlString } from '../../engine';
import { runQuery } from './run-query';
import type { PerchContext } from './tool-context';

/** One row of eBird's regional statistics (regional_stats.csv); fractions are 0–1. */
export const regionPopulationSchema = z.strictObject({
  region_code: z.string(),
  region_name: z.string().nullable(),
  region_type: z.string(),
  total_pop_fraction: z.number().nullable(),
  range_total_fraction: z.number().nullable(),
  range_occupied_fraction: z.number().nullable(),
  abundance_mean: z.number().nullable(),
  range_days_occupation: z.number().nullable(),
  /** The date of the week holding the largest share of the population (YYYY-MM-DD). */
  max_week: z.string().nullable(),
  max_week_pop_fraction: z.number().nullable(),
});
export type RegionPopulation = z.infer<typeof regionPopulationSchema>;

/**
 * The regions eBird reports for a species and season, most populous first (ties by code):
 * top_regions lists them, query_status attaches the first ten to a season's answer. Computed by
 * eBird over the whole range at full resolution, so the ranking holds even where the weekly data
 * is masked to one state. Asks for `limit + 1` rows so the caller can tell whether more exist.
 */
export async function rankRegionsByPopulation(
  context: PerchContext,
  request: { speciesCode: string; season: string; regionType?: 'country' | 'state'; limit: number },
): Promise<{ rows: RegionPopulation[]; query: QueryResult }> {
  const typeFilter =
    request.regionType === undefined ? '' : ` AND region_type = ${sqlString(request.regionType)}`;
  const present = new Set(
    context.services.engine.catalog.tables.regional_stats?.columns.map((column) => column.name) ?? [],
  );
  // A column a release lacks is absent from the table (release 2022 has no max_week): read as NULL here.
  const column = (name: string, sql = name) => (present.has(name) ? `${sql} AS ${name}` : `NULL AS ${name}`);
  const sql = `SELECT region_code, region_name, region_type, total_pop_fraction, ${column('range_total_fraction')}, ${column('range_occupied_fraction')},
      ${column('abundance_mean')}, ${column('range_days_occupation')}, ${column('max_week', 'CAST(max_week AS VARCHAR)')}, ${column('max_week_pop_fraction')}
    FROM regional_stats WHERE species_code = ${sqlString(request.speciesCode)} AND season = ${sqlString(request.season)}${typeFilter}
    ORDER BY total_pop_fraction DESC NULLS LAST, region_code LIMIT ${request.limit + 1}`;
  const query = await runQuery(context, sql, { maxRows: request.limit + 1 });
  return { rows: previewRows(query.table, query.rows) as unknown as RegionPopulation[], query };
}
