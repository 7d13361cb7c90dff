import { type QueryResult, sqlIdentifier } from '../../engine';
import { buildMapLayer, nextLayerColor } from './build-map-layer';
import { layerMeasure } from './layer-measure';
import { runQuery } from './run-query';
import type { PerchContext } from './tool-context';

export interface ChanceLayerRequest {
  /** SQL condition on the weekly table aliased `w` (species, and region when given). */
  where: string;
  weeks: readonly number[];
  name: string;
  release: number;
}

/**
 * A chance map for `occurrence_chance`: per status cell, the mean over the weeks of the
 * probability of detection (NULL = not modelled stays NULL, 0 is kept), drawn as the cells'
 * squares with `measure: 'occurrence'` so every chance map shares one 0 → max scale. Attached to
 * the call; the query is returned for the result's sources. Without the cells table (no centres)
 * nothing is drawn.
 */
export async function attachChanceLayer(
  context: PerchContext,
  request: ChanceLayerRequest,
): Promise<QueryResult | undefined> {
  if (!context.session.datasets.includes('cells')) return undefined;
  const value = `w.${sqlIdentifier('occurrence')}`;
  const sql = `SELECT c.cell_id, c.lon, c.lat, c.footprint_geojson, coalesce(c.state_code, c.country_code) AS region_code, avg(${value}) AS value
    FROM weekly AS w JOIN cells AS c ON c.cell_id = w.cell_id
    WHERE ${request.where} AND w.week IN (${request.weeks.join(', ')})
    GROUP BY c.cell_id, c.lon, c.lat, c.footprint_geojson, c.state_code, c.country_code ORDER BY c.cell_id`;
  const query = await runQuery(context, sql, {
    maxRows: 2_000_000,
    maxBytes: 200_000_000,
    timeoutMs: 30_000,
  });
  const layer = buildMapLayer(
    {
      table: query.table,
      name: request.name,
      valueColumn: 'value',
      unit: 'probability of detection (0–1) on a standard checklist',
      release: request.release,
      color: nextLayerColor(context.session.id),
      labelColumn: 'region_code',
      sourceTables: query.tablesRead,
      sql: query.sql,
      callId: context.callId,
    },
    { kind: 'point', lon: 'lon', lat: 'lat', footprint: { geojson: 'footprint_geojson', cell: 'cell_id' } },
  );
  context.attach({ kind: 'map-layer', payload: { ...layer, ...layerMeasure('occurrence') } });
  return query;
}
