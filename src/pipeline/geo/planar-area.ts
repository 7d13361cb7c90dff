import { lonLatToEqualEarth } from './grid';

/** GeoJSON-style polygon coordinates: rings of [lon, lat], first ring outer, the rest holes. */
export type PolygonCoordinates = number[][][];

function ringArea(ring: number[][]): number {
  let sum = 0;
  const projected = ring.map(([lon, lat]) => lonLatToEqualEarth(lon, lat));
  for (let i = 0; i < projected.length - 1; i++) {
    const [x1, y1] = projected[i];
    const [x2, y2] = projected[i + 1];
    sum += x1 * y2 - x2 * y1;
  }
  return Math.abs(sum) / 2;
}

/**
 * Area in km² of a multipolygon, measured in EPSG:8857 (equal-area, so planar area is true area
 * up to the vertex spacing). Holes are subtracted whatever their winding.
 */
export function multiPolygonAreaKm2(polygons: PolygonCoordinates[]): number {
  let m2 = 0;
  for (const polygon of polygons) {
    polygon.forEach((ring, index) => {
      m2 += index === 0 ? ringArea(ring) : -ringArea(ring);
    });
  }
  return m2 / 1e6;
}

/** [xmin, ymin, xmax, ymax] in lon/lat. */
export function boundingBox(polygons: PolygonCoordinates[]): [number, number, number, number] {
  let xmin = Infinity,
    ymin = Infinity,
    xmax = -Infinity,
    ymax = -Infinity;
  for (const polygon of polygons) {
    for (const [lon, lat] of polygon[0] ?? []) {
      if (lon < xmin) xmin = lon;
      if (lon > xmax) xmax = lon;
      if (lat < ymin) ymin = lat;
      if (lat > ymax) ymax = lat;
    }
  }
  return [xmin, ymin, xmax, ymax];
}
