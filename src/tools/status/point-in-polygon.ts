/**
 * Whether a lon/lat point lies inside a GeoJSON Polygon/MultiPolygon: even-odd ray casting over
 * every ring, so holes (inner rings) come out right whatever their winding. Planar in lon/lat,
 * which is exact enough for a 27 km cell centre against 27 km range polygons.
 */
export function pointInGeometry(
  lon: number,
  lat: number,
  geometry: { type: string; coordinates: unknown },
): boolean {
  const polygons =
    geometry.type === 'Polygon'
      ? [geometry.coordinates as number[][][]]
      : geometry.type === 'MultiPolygon'
        ? (geometry.coordinates as number[][][][])
        : [];
  let inside = false;
  for (const polygon of polygons)
    for (const ring of polygon) if (crossesOdd(lon, lat, ring)) inside = !inside;
  return inside;
}

function crossesOdd(lon: number, lat: number, ring: number[][]): boolean {
  let odd = false;
  for (let index = 0, previous = ring.length - 1; index < ring.length; previous = index++) {
    const [x1, y1] = ring[index];
    const [x2, y2] = ring[previous];
    if (y1 > lat !== y2 > lat && lon < ((x2 - x1) * (lat - y1)) / (y2 - y1) + x1) odd = !odd;
  }
  return odd;
}
