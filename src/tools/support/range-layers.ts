import { sqlString } from '../../engine';
import type { MapLayerPayload } from '../../payloads';
import { buildMapLayer } from './build-map-layer';
import { layerMeasure } from './layer-measure';
import { runQuery } from './run-query';
import { SEASON_ORDER } from './season-weeks';
import { seasonColor, seasonWords } from './season-colors';
import type { PerchContext } from './tool-context';

export interface RangeLayerRequest {
  species: { species_code: string; common_name: string; release: number };
  /** Seasons to outline; every season with a range when omitted. */
  seasons?: readonly string[];
  smoothing: 'smooth' | 'raw';
  /** One colour for every outline (a comparison's subject colour); absent: each season in eBird's season colour. */
  color?: string;
  /** Layer ids are `${idPrefix}-${season}`. */
  idPrefix: string;
}

/** Seasons in the order of the year (prebreeding → nonbreeding), then any other (full_year, resident). */
const seasonRank = (season: string) => {
  const index = (SEASON_ORDER as readonly string[]).indexOf(season);
  return index < 0 ? SEASON_ORDER.length : index;
};

/**
 * Range outlines: one polygon layer per season (`style: 'outline'`, `measure: 'range'`), each
 * feature an outer ring of the season's range MultiPolygon, valued by the season's range area
 * (km², EPSG:8857). A layer per season lets the legend name each season in its colour, as on
 * eBird's range maps. The geometry is read only here, when a range is drawn (64 KB per season
 * in the example), never for a figure that needs only the area.
 */
export async function rangeLayers(
  context: PerchContext,
  request: RangeLayerRequest,
): Promise<MapLayerPayload[]> {
  const only = request.seasons
    ? ` AND r.season IN (${request.seasons.map(sqlString).join(', ') || "''"})`
    : '';
  const sql = `SELECT r.season, r.area_km2, r.geometry_geojson, replace(r.season, '_', ' ') || ' range' AS label FROM ranges AS r
    WHERE r.species_code = ${sqlString(request.species.species_code)} AND r.layer = 'range' AND r.smoothing = ${sqlString(request.smoothing)}${only}
    ORDER BY r.season`;
  const query = await runQuery(context, sql, { maxRows: 100, maxBytes: 64_000_000, timeoutMs: 30_000 });
  const seasons = Array.from({ length: query.table.numRows }, (_, row) => ({
    row,
    season: String(query.table.getChild('season')!.get(row)),
  })).sort((a, b) => seasonRank(a.season) - seasonRank(b.season) || a.season.localeCompare(b.season));
  return seasons.map(({ row, season }): MapLayerPayload => {
    const layer = buildMapLayer(
      {
        table: query.table.slice(row, row + 1),
        name: `${request.species.common_name}: ${seasonWords(season)} range`,
        valueColumn: 'area_km2',
        unit: 'km²',
        release: request.species.release,
        color: request.color ?? seasonColor(season),
        labelColumn: 'label',
        sourceTables: query.tablesRead,
        sql: query.sql,
        callId: context.callId,
      },
      { kind: 'polygon', geojson: 'geometry_geojson' },
    );
    return { ...layer, ...layerMeasure('range_area'), style: 'outline', id: `${request.idPrefix}-${season}` };
  });
}
