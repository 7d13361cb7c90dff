/**
 * A row of the ranges table (pipeline/tables/table-specs.ts): one species' range or prediction
 * area polygon for a season; areas in km² measured in EPSG:8857 (equal-area), bounds in degrees.
 * Queries select the columns they need as a `Pick` of it.
 */
export interface RangeRow {
  season: string;
  layer: 'range' | 'prediction_area';
  area_km2: number;
  xmin: number;
  ymin: number;
  xmax: number;
  ymax: number;
  start_date: string;
  end_date: string;
  /** GeoJSON MultiPolygon, WGS84. */
  geometry_geojson: string | null;
}
