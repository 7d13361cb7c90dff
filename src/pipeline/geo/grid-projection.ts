import proj4 from 'proj4';
import type { RasterGrid } from './raster-grid';

export type LonLat = [number, number];

interface Converter {
  forward(point: number[]): number[];
  inverse(point: number[]): number[];
}

// proj4 parses a PROJ string on every call otherwise; a build sees one or two grids.
const converters = new Map<string, Converter>();

function converter(proj: string): Converter {
  let found = converters.get(proj);
  if (!found) {
    found = proj4(proj, 'EPSG:4326') as unknown as Converter;
    converters.set(proj, found);
  }
  return found;
}

/** A grid's projected metres → WGS84 lon/lat (proj4 returns garbage, not an error, off the globe). */
export function gridToLonLat(grid: RasterGrid, x: number, y: number): LonLat {
  return converter(grid.proj).forward([x, y]) as LonLat;
}

/** WGS84 lon/lat → a grid's projected metres. */
export function lonLatToGrid(grid: RasterGrid, lon: number, lat: number): [number, number] {
  return converter(grid.proj).inverse([lon, lat]) as [number, number];
}
