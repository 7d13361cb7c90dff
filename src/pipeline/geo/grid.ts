import { type LonLat, gridToLonLat, lonLatToGrid } from './grid-projection';
import { equalEarthGrid } from './raster-grid';

/**
 * The 2023 eBird S&T 27 km grid (EPSG:8857 Equal Earth, 1276 × 618 cells, origin (−17,226,000,
 * 8,343,000), FORMAT.md §1), for fixtures and tests that place data on it. The pipeline never
 * assumes it: rasters carry their own grid (raster-grid.ts) and cell ids are decoded by the
 * build's GridRegistry.
 */
const EQUAL_EARTH_27KM = equalEarthGrid(27);

export const GRID = {
  originX: EQUAL_EARTH_27KM.anchorX,
  originY: EQUAL_EARTH_27KM.anchorY,
  resolution: EQUAL_EARTH_27KM.resX,
  columns: EQUAL_EARTH_27KM.columns,
  rows: EQUAL_EARTH_27KM.rows,
  cellAreaKm2: EQUAL_EARTH_27KM.cellAreaKm2,
} as const;

export type { LonLat };

/** EPSG:8857 metres → WGS84 lon/lat. */
export function equalEarthToLonLat(x: number, y: number): LonLat {
  return gridToLonLat(EQUAL_EARTH_27KM, x, y);
}

/** WGS84 lon/lat → EPSG:8857 metres. */
export function lonLatToEqualEarth(lon: number, lat: number): [number, number] {
  return lonLatToGrid(EQUAL_EARTH_27KM, lon, lat);
}
