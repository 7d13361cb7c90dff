import type { Engine } from '../engine';
import type { MapLayerPayload } from '../payloads';
import { buildMapLayer } from '../tools';

/**
 * Douglas–Peucker tolerance of the basemap, in degrees (~5 km at 45° N). Outlines are a backdrop
 * under 27 km cells: finer detail is invisible at the zooms the page fits to, yet every vertex is
 * uploaded and tessellated on the main thread.
 */
export const BASEMAP_TOLERANCE_DEGREES = 0.05;

/**
 * Country and state outlines from the `regions` table: the map's offline basemap, so the page
 * needs no tile server. Read by the worker itself (not by a model), within the `regions` table
 * only, and simplified here, in the worker, so the page tessellates fewer vertices.
 */
export async function buildBasemap(engine: Engine): Promise<MapLayerPayload> {
  if (!('regions' in engine.catalog.tables)) return emptyBasemap();
  const result = await engine.query(
    "SELECT region_code, type, geometry_geojson, CASE type WHEN 'country' THEN 0 ELSE 1 END AS level FROM regions ORDER BY level",
    {
      scope: ['regions'],
      maxRows: 10_000,
      maxBytes: 64_000_000,
    },
  );
  const layer = buildMapLayer(
    {
      table: result.table,
      name: 'Boundaries',
      valueColumn: 'level',
      unit: '',
      labelColumn: 'region_code',
      release: 0,
      color: '#9aa5b1',
      sourceTables: ['regions'],
      sql: result.sql,
      callId: 'basemap',
    },
    { kind: 'polygon', geojson: 'geometry_geojson' },
  );
  return simplifyPolygons(layer, BASEMAP_TOLERANCE_DEGREES);
}

/**
 * Each ring of a polygon layer simplified with Douglas–Peucker; rings that shrink below a triangle
 * (islands smaller than the tolerance) are dropped with their value and label.
 */
export function simplifyPolygons(layer: MapLayerPayload, tolerance: number): MapLayerPayload {
  const starts = layer.polygonStarts;
  if (layer.geometry !== 'polygon' || !starts) return layer;
  const coordinates: number[] = [];
  const nextStarts: number[] = [0];
  const values: number[] = [];
  const labels: string[] = [];
  for (let feature = 0; feature < layer.featureCount; feature++) {
    const ring = simplifyRing(layer.coordinates, starts[feature]!, starts[feature + 1]!, tolerance);
    if (ring.length < 8) continue;
    coordinates.push(...ring);
    nextStarts.push(coordinates.length / 2);
    values.push(layer.values[feature]!);
    if (layer.labels) labels.push(layer.labels[feature]!);
  }
  return {
    ...layer,
    featureCount: values.length,
    coordinates: Float64Array.from(coordinates),
    polygonStarts: Uint32Array.from(nextStarts),
    values: Float32Array.from(values),
    ...(layer.labels ? { labels } : {}),
  };
}

/** Vertices `from`..`to` (exclusive) of `coordinates` as a flat lon,lat list, simplified; the first and last vertex stay. */
export function simplifyRing(
  coordinates: Float64Array,
  from: number,
  to: number,
  tolerance: number,
): number[] {
  const count = to - from;
  if (count <= 4) return Array.from(coordinates.subarray(from * 2, to * 2));
  const keep = new Uint8Array(count);
  keep[0] = 1;
  keep[count - 1] = 1;
  // A closed ring's first and last vertices coincide, so split at the vertex farthest from the first.
  let far = 1;
  let farDistance = -1;
  for (let index = 1; index < count - 1; index++) {
    const distance = Math.hypot(
      coordinates[(from + index) * 2]! - coordinates[from * 2]!,
      coordinates[(from + index) * 2 + 1]! - coordinates[from * 2 + 1]!,
    );
    if (distance > farDistance) [far, farDistance] = [index, distance];
  }
  keep[far] = 1;
  const stack: [number, number][] = [
    [0, far],
    [far, count - 1],
  ];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let worst = -1;
    let worstDistance = tolerance;
    for (let index = first + 1; index < last; index++) {
      const distance = segmentDistance(coordinates, from + index, from + first, from + last);
      if (distance > worstDistance) [worst, worstDistance] = [index, distance];
    }
    if (worst < 0) continue;
    keep[worst] = 1;
    stack.push([first, worst], [worst, last]);
  }
  const ring: number[] = [];
  for (let index = 0; index < count; index++)
    if (keep[index]) ring.push(coordinates[(from + index) * 2]!, coordinates[(from + index) * 2 + 1]!);
  return ring;
}

/** Distance in degrees from vertex `point` to the segment `start`–`end`. */
function segmentDistance(coordinates: Float64Array, point: number, start: number, end: number): number {
  const [px, py] = [coordinates[point * 2]!, coordinates[point * 2 + 1]!];
  const [ax, ay] = [coordinates[start * 2]!, coordinates[start * 2 + 1]!];
  const [bx, by] = [coordinates[end * 2]!, coordinates[end * 2 + 1]!];
  const dx = bx - ax;
  const dy = by - ay;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function emptyBasemap(): MapLayerPayload {
  return {
    kind: 'map-layer',
    id: 'basemap-layer',
    name: 'Boundaries',
    geometry: 'polygon',
    featureCount: 0,
    coordinates: new Float64Array(0),
    polygonStarts: new Uint32Array([0]),
    values: new Float32Array(0),
    valueName: 'level',
    unit: '',
    domain: [0, 0],
    color: '#9aa5b1',
    sourceTables: [],
    sql: '',
    callId: 'basemap',
  };
}
