import type { Table } from 'apache-arrow';
import type { MapLayerPayload } from '../../payloads';
import { buildMapLayer } from './build-map-layer';
import { layerMeasure } from './layer-measure';
import { trendCellFootprint } from './trend-footprint';

export interface TrendLayerSource {
  /** One row per trend cell: lon, lat, value (abd_ppy), lower and upper (its 80% interval), region_code. */
  table: Table;
  name: string;
  color: string;
  sourceTables: string[];
  sql: string;
  callId: string;
}

/** What a trend cell's value means on the map's legend. */
export const TREND_UNIT = '% per year';

/**
 * A trend map: one feature per trend cell (srd_id, its own ~27 km sinusoidal grid — drawn from
 * its own centre and footprint, never joined to the status cells), coloured by abd_ppy on a
 * diverging scale, and marked `uncertain` where the cell's 80% interval (abd_ppy_lower to
 * abd_ppy_upper, the 10th–90th percentile of the 100 folds) spans zero — eBird's own rule for a
 * trend it does not call a decline or an increase (abd_ppy_nonzero is its negation, FORMAT.md §4).
 */
export function buildTrendLayer(source: TrendLayerSource): MapLayerPayload {
  const layer = buildMapLayer(
    {
      table: source.table,
      name: source.name,
      valueColumn: 'value',
      unit: TREND_UNIT,
      release: 0,
      color: source.color,
      labelColumn: 'region_code',
      sourceTables: source.sourceTables,
      sql: source.sql,
      callId: source.callId,
    },
    { kind: 'point', lon: 'lon', lat: 'lat' },
  );
  const column = (name: string) => source.table.getChild(name)!;
  const [lon, lat, lower, upper] = ['lon', 'lat', 'lower', 'upper'].map(column);
  const uncertain: number[] = [];
  const footprints: number[] = [];
  for (let row = 0; row < source.table.numRows; row++) {
    const [x, y] = [Number(lon.get(row) ?? Number.NaN), Number(lat.get(row) ?? Number.NaN)];
    // buildMapLayer skips rows without a position; skip the same rows so features stay aligned.
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    uncertain.push(spansZero(lower.get(row), upper.get(row)) ? 1 : 0);
    footprints.push(...trendCellFootprint(x, y));
  }
  return {
    ...layer,
    ...layerMeasure('trend'),
    uncertain: Uint8Array.from(uncertain),
    footprints: Float64Array.from(footprints),
  };
}

/** True when the interval holds zero (or is missing: a trend without an interval is not a sure one). */
export function spansZero(lower: unknown, upper: unknown): boolean {
  if (lower === null || lower === undefined || upper === null || upper === undefined) return true;
  return Number(lower) <= 0 && Number(upper) >= 0;
}
