import { previewRows, type QueryResult, sqlString } from '../../engine';
import { runQuery } from './run-query';
import type { PerchContext } from './tool-context';

export interface RegionalTrend {
  folds: number;
  median_ppy: number | null;
  lower_ppy: number | null;
  upper_ppy: number | null;
}

/**
 * The regional trend of a set of trend cells: per fold the abundance-weighted mean of abd_ppy over
 * the cells, then the median and the 10th/90th percentiles across the 100 folds — the estimate and
 * its 80% interval, the rule eBird uses for the per-cell interval (FORMAT.md §4). Folds carry no
 * region, so they are joined to the trend cells `kept` selects (a query returning `srd_id`).
 */
export async function regionalTrend(
  context: PerchContext,
  species: string,
  season: string,
  kept: string,
): Promise<{ trend: RegionalTrend; query: QueryResult }> {
  const sql = `WITH kept AS (${kept}),
      per_fold AS (SELECT f.fold, sum(f.abd * f.abd_ppy) / sum(f.abd) AS ppy FROM trends_folds AS f JOIN kept ON kept.srd_id = f.srd_id
        WHERE f.species_code = ${sqlString(species)} AND f.season = ${sqlString(season)} GROUP BY f.fold)
      SELECT count(*) AS folds, median(ppy) AS median_ppy, quantile_cont(ppy, 0.1) AS lower_ppy, quantile_cont(ppy, 0.9) AS upper_ppy FROM per_fold`;
  const query = await runQuery(context, sql, { maxRows: 1 });
  return { trend: previewRows(query.table, 1)[0] as unknown as RegionalTrend, query };
}
