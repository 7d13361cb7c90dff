import type { Engine } from '../engine';
import type { MapLayerPayload } from '../payloads';
import { buildMapLayer } from '../tools/support/build-map-layer';

/**
 * Country and state outlines from the `regions` table: the map's offline basemap, so the page
 * needs no tile server. Read by the worker itself (not by a model), within the `regions` table only.
 */
export async function buildBasemap(engine: Engine): Promise<MapLayerPayload> {
  if (!('regions' in engine.catalog.tables)) return emptyBasemap();
  const result = await engine.query("SELECT region_code, type, geometry_geojson, CASE type WHEN 'country' THEN 0 ELSE 1 END AS level FROM regions ORDER BY level", {
    scope: ['regions'],
    maxRows: 10_000,
    maxBytes: 64_000_000,
  });
  return buildMapLayer(
    { table: result.table, name: 'Boundaries', valueColumn: 'level', unit: '', labelColumn: 'region_code', release: 0, color: '#9aa5b1', sourceTables: ['regions'], sql: result.sql, callId: 'basemap' },
    { kind: 'polygon', geojson: 'geometry_geojson' },
  );
}

function emptyBasemap(): MapLayerPayload {
  return {
    kind: 'map-layer', id: 'basemap-layer', name: 'Boundaries', geometry: 'polygon', featureCount: 0,
    coordinates: new Float64Array(0), polygonStarts: new Uint32Array([0]), values: new Float32Array(0),
    valueName: 'level', unit: '', domain: [0, 0], color: '#9aa5b1', sourceTables: [], sql: '', callId: 'basemap',
  };
}
