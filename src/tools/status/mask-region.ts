import { previewRows, type QueryResult, sqlString } from '../../engine';
import { runQuery } from '../support/run-query';
import type { PerchContext } from '../support/tool-context';

export interface MaskRegion {
  region_code: string;
  name: string;
  /** Intersection over union of the prediction area's extent and the region's. */
  extent_match: number;
}

/**
 * Intersection over union above which a species' data counts as masked to a region: eBird's
 * example is cut to Michigan and its prediction-area extent matches Michigan's at 0.99; a state
 * inside a continent-wide prediction area lies far below 0.9 (the rule checkMask in
 * src/models/offline/resolve-target.ts uses).
 */
export const MASK_MATCH = 0.9;

/**
 * The region the species' data is masked to, if any: the region whose bounding box best matches
 * the union of the prediction-area extents (ranges, layer prediction_area), when it matches at
 * ≥ MASK_MATCH. Null without a ranges table in scope or with no such region.
 */
export async function findMaskRegion(
  context: PerchContext,
  speciesCode: string,
): Promise<{ mask: MaskRegion | null; query?: QueryResult }> {
  const scope = context.session.datasets;
  if (!scope.includes('ranges') || !scope.includes('regions')) return { mask: null };
  const sql = `WITH p AS (SELECT min(xmin) AS xmin, min(ymin) AS ymin, max(xmax) AS xmax, max(ymax) AS ymax FROM ranges
      WHERE species_code = ${sqlString(speciesCode)} AND layer = 'prediction_area'),
    o AS (SELECT r.region_code, r.name, greatest(0, least(p.xmax, r.xmax) - greatest(p.xmin, r.xmin)) * greatest(0, least(p.ymax, r.ymax) - greatest(p.ymin, r.ymin)) AS overlap,
      (p.xmax - p.xmin) * (p.ymax - p.ymin) AS area_p, (r.xmax - r.xmin) * (r.ymax - r.ymin) AS area_r FROM p, regions AS r)
    SELECT region_code, name, overlap / (area_p + area_r - overlap) AS extent_match FROM o
    WHERE overlap > 0 ORDER BY extent_match DESC, region_code LIMIT 1`;
  const query = await runQuery(context, sql, { maxRows: 1 });
  const [row] = previewRows(query.table, 1) as unknown as MaskRegion[];
  return { mask: row && row.extent_match >= MASK_MATCH ? row : null, query };
}
