import proj4 from 'proj4';

/**
 * The eBird S&T 27 km grid: EPSG:8857 (Equal Earth Greenwich), whole globe, 1276 × 618 cells.
 * Origin and size from the GeoTIFF tags (FORMAT.md §1: geotransform
 * [-17226000, 27000, 0, 8343000, 0, -27000]).
 */
export const GRID = {
  originX: -17_226_000,
  originY: 8_343_000,
  resolution: 27_000,
  columns: 1276,
  rows: 618,
  /** 27 km × 27 km; exact because EPSG:8857 is equal-area (FORMAT.md: geodesic 729.000000–729.000001). */
  cellAreaKm2: 729,
} as const;

// proj4 2.22 does not know EPSG:8857 (PLATFORM.md); this is the PROJ string GDAL reports for the files.
const EQUAL_EARTH = '+proj=eqearth +lon_0=0 +x_0=0 +y_0=0 +datum=WGS84 +units=m +no_defs';
const toWgs84 = proj4(EQUAL_EARTH, 'EPSG:4326');

export type LonLat = [number, number];

/** EPSG:8857 metres → WGS84 lon/lat. */
export function equalEarthToLonLat(x: number, y: number): LonLat {
  return toWgs84.forward([x, y]) as LonLat;
}

/** WGS84 lon/lat → EPSG:8857 metres. */
export function lonLatToEqualEarth(lon: number, lat: number): [number, number] {
  return toWgs84.inverse([lon, lat]) as [number, number];
}

export function cellId(row: number, column: number): number {
  return row * GRID.columns + column;
}

export function cellRowColumn(id: number): { row: number; column: number } {
  return { row: Math.floor(id / GRID.columns), column: id % GRID.columns };
}

/** Projected centre of a cell (FORMAT.md §1: x = x0 + (col+0.5)·res, y = y0 − (row+0.5)·res). */
export function cellCentreXY(id: number): [number, number] {
  const { row, column } = cellRowColumn(id);
  return [GRID.originX + (column + 0.5) * GRID.resolution, GRID.originY - (row + 0.5) * GRID.resolution];
}

export function cellCentreLonLat(id: number): LonLat {
  const [x, y] = cellCentreXY(id);
  return equalEarthToLonLat(x, y);
}

/**
 * The cell's square in EPSG:8857 as a WGS84 ring (closed, counter-clockwise). Corners only:
 * a 27 km edge bends by well under a metre in lon/lat, far below the data's resolution.
 */
export function cellFootprintLonLat(id: number): LonLat[] {
  const [cx, cy] = cellCentreXY(id);
  const h = GRID.resolution / 2;
  const corners: [number, number][] = [
    [cx - h, cy - h],
    [cx + h, cy - h],
    [cx + h, cy + h],
    [cx - h, cy + h],
    [cx - h, cy - h],
  ];
  return corners.map(([x, y]) => equalEarthToLonLat(x, y));
}
