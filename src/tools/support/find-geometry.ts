import type { GeometrySource } from './build-map-layer';

const LON = ['lon', 'longitude', 'centroid_lon'];
const LAT = ['lat', 'latitude', 'centroid_lat'];

/** How a result's columns carry geometry: lon/lat, a GeoJSON column, or a cell_id to join to cells. */
export type FoundGeometry = GeometrySource | { kind: 'cell_id'; column: string } | null;

export function findGeometry(columns: readonly string[]): FoundGeometry {
  const lon = LON.find((name) => columns.includes(name));
  const lat = LAT.find((name) => columns.includes(name));
  if (lon && lat) return { kind: 'point', lon, lat };
  const geojson = columns.find((name) => name.endsWith('_geojson'));
  if (geojson) return { kind: 'polygon', geojson };
  if (columns.includes('cell_id')) return { kind: 'cell_id', column: 'cell_id' };
  return null;
}

export function hasGeometry(columns: readonly string[]): boolean {
  return findGeometry(columns) !== null;
}
