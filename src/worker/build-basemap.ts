import {
  type BasemapFile,
  type LineSetFile,
  type PolygonSetFile,
  basemapFileSchema,
} from '../catalog/basemap-file';
import type { Engine } from '../engine';
import type { BasemapPayload, LineSet, MapLayerPayload, PolygonSet } from '../payloads';
import { buildMapLayer } from '../tools';

/**
 * Douglas–Peucker tolerance of the basemap, in degrees (~5 km at 45° N). Outlines are a backdrop
 * under 27 km cells: finer detail is invisible at the zooms the page fits to, yet every vertex is
 * uploaded and tessellated on the main thread.
 */
export const BASEMAP_TOLERANCE_DEGREES = 0.05;

/**
 * The map's backdrop: basemap.json when the catalog lists it (Natural Earth land, lakes,
 * coastlines and borders, and town labels, written by `npm run data`), else, for a build made
 * before it existed or when the file cannot be read or parsed, the country and state outlines of
 * the `regions` table (land and borders only), with `warn` told why.
 */
export async function buildBasemap(
  engine: Engine,
  readFile: (path: string) => Promise<unknown>,
  warn: (message: string) => void,
): Promise<BasemapPayload> {
  const entry = engine.catalog.basemap;
  if (entry) {
    try {
      return basemapFromFile(basemapFileSchema.parse(await readFile(entry.path)));
    } catch (error) {
      warn(
        `basemap: ${entry.path} could not be used (${String(error).slice(0, 200)}); drawing region outlines instead.`,
      );
    }
  }
  return basemapFromRegions(await regionOutlines(engine));
}

/** basemap.json decoded: integer steps back to degrees, each ring and line's deltas summed. */
export function basemapFromFile(file: BasemapFile): BasemapPayload {
  const { scale, towns } = file;
  const [west, south, east, north] = file.cells;
  return {
    kind: 'basemap',
    land: polygonSet(file.land, scale),
    lakes: polygonSet(file.lakes, scale),
    coastlines: lineSet(file.coastlines, scale),
    countryBorders: lineSet(file.countryBorders, scale),
    stateBorders: lineSet(file.stateBorders, scale),
    towns: {
      names: towns.name,
      positions: Float32Array.from(
        towns.lon.flatMap((lon, index) => [lon / scale, towns.lat[index]! / scale]),
      ),
      ranks: Uint8Array.from(towns.rank),
    },
    cells: [
      [west, south],
      [east, north],
    ],
    sources: file.sources,
    sourceTables: [],
  };
}

function polygonSet(set: PolygonSetFile, scale: number): PolygonSet {
  return {
    coordinates: undelta(set.xy, set.rings, scale),
    ringStarts: startsOf(set.rings),
    polygonStarts: startsOf(set.polygons),
  };
}

function lineSet(set: LineSetFile, scale: number): LineSet {
  return { coordinates: undelta(set.xy, set.paths, scale), pathStarts: startsOf(set.paths) };
}

/** Running sums of `counts`, from 0: where each part starts, and the end. */
function startsOf(counts: readonly number[]): Uint32Array {
  const starts = new Uint32Array(counts.length + 1);
  for (let index = 0; index < counts.length; index++) starts[index + 1] = starts[index]! + counts[index]!;
  return starts;
}

/** Flat degrees from per-path deltas: each path's first vertex is whole. */
function undelta(xy: readonly number[], vertexCounts: readonly number[], scale: number): Float32Array {
  const out = new Float32Array(xy.length);
  let offset = 0;
  for (const count of vertexCounts) {
    let [lon, lat] = [0, 0];
    for (let vertex = 0; vertex < count; vertex++, offset += 2) {
      lon += xy[offset]!;
      lat += xy[offset + 1]!;
      out[offset] = lon / scale;
      out[offset + 1] = lat / scale;
    }
  }
  return out;
}

/**
 * The fallback backdrop from region outlines: each country ring is land (no holes, so lakes
 * inside a country are land, as before basemap.json), country and state rings are borders.
 */
export function basemapFromRegions(outlines: MapLayerPayload): BasemapPayload {
  const starts = outlines.polygonStarts ?? new Uint32Array([0]);
  const rings = Array.from({ length: outlines.featureCount }, (_, index) => ({
    from: starts[index]!,
    to: starts[index + 1]!,
    country: outlines.values[index] === 0,
  }));
  const ringsOf = (keep: (ring: (typeof rings)[number]) => boolean) => {
    const kept = rings.filter(keep);
    const coordinates = new Float32Array(kept.reduce((sum, ring) => sum + (ring.to - ring.from) * 2, 0));
    const ringStarts = new Uint32Array(kept.length + 1);
    kept.forEach((ring, index) => {
      coordinates.set(outlines.coordinates.subarray(ring.from * 2, ring.to * 2), ringStarts[index]! * 2);
      ringStarts[index + 1] = ringStarts[index]! + ring.to - ring.from;
    });
    return { coordinates, ringStarts };
  };
  const countries = ringsOf((ring) => ring.country);
  const states = ringsOf((ring) => !ring.country);
  const empty = { coordinates: new Float32Array(0), ringStarts: new Uint32Array([0]) };
  return {
    kind: 'basemap',
    land: { ...countries, polygonStarts: Uint32Array.from(countries.ringStarts.keys()) },
    lakes: { ...empty, polygonStarts: new Uint32Array([0]) },
    coastlines: { coordinates: empty.coordinates, pathStarts: empty.ringStarts },
    countryBorders: { coordinates: countries.coordinates, pathStarts: countries.ringStarts },
    stateBorders: { coordinates: states.coordinates, pathStarts: states.ringStarts },
    towns: { names: [], positions: new Float32Array(0), ranks: new Uint8Array(0) },
    sources: [],
    sourceTables: outlines.sourceTables,
  };
}

/** Country (value 0) and state (1) outlines from the `regions` table, simplified. */
async function regionOutlines(engine: Engine): Promise<MapLayerPayload> {
  if (!('regions' in engine.catalog.tables)) return emptyOutlines();
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

function emptyOutlines(): MapLayerPayload {
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
