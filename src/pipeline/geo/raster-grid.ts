import { PipelineError } from '../pipeline-error';
import { RESOLUTIONS_KM } from '../read/resolution-tokens';

/**
 * The grid a raster lies on, read from its own GeoKeys and geotransform (never assumed): its CRS
 * as a PROJ string, and the whole-globe lattice that eBird cuts every product of that CRS and
 * resolution from. Releases 2021–2022 use a spherical sinusoidal grid, 2023+ EPSG:8857 Equal
 * Earth; both are equal-area, so every cell of a grid has area resX·resY.
 */
export interface RasterGrid {
  family: 'eqearth' | 'sinusoidal';
  proj: string;
  /** Upper-left corner of the global lattice (metres); pixel (0, 0) of the lattice starts here. */
  anchorX: number;
  anchorY: number;
  /** Pixel size in metres, both positive (rows run south). */
  resX: number;
  resY: number;
  /** Size of the global lattice. */
  columns: number;
  rows: number;
  /** Nominal product resolution (27, 9 or 3 km), the nearest to the pixel size. */
  resolutionKm: number;
  /** Equal-area cell size in km². */
  cellAreaKm2: number;
  /** Identity of the grid: two rasters share cell ids exactly when their keys are equal. */
  key: string;
}

/** GeoKeys as geotiff's `image.getGeoKeys()` names them (only the ones Perch reads). */
export interface GridGeoKeys {
  GTModelTypeGeoKey?: number;
  ProjectedCSTypeGeoKey?: number;
  GeographicTypeGeoKey?: number;
  ProjCoordTransGeoKey?: number;
  ProjLinearUnitsGeoKey?: number;
  GeogSemiMajorAxisGeoKey?: number;
  ProjCenterLongGeoKey?: number;
  ProjNatOriginLongGeoKey?: number;
  ProjFalseEastingGeoKey?: number;
  ProjFalseNorthingGeoKey?: number;
}

const EQUAL_EARTH_EPSG = 8857;
const USER_DEFINED = 32767;
const CT_SINUSOIDAL = 24;
const METRE = 9001;
/** The MODIS sphere eBird's sinusoidal grid is defined on (when the file omits its radius). */
const SINUSOIDAL_DEFAULT_RADIUS = 6_371_007.181;
/** eBird's whole-globe Equal Earth grid starts here at every resolution (FORMAT.md §1). */
const EQUAL_EARTH_ANCHOR = { x: -17_226_000, y: 8_343_000 };
/** Cell ids are base + row·columns + column with bases 1e8 apart (grid-registry.ts). */
export const MAX_GRID_CELLS = 100_000_000;
/** How far from a whole pixel a file's offset on the lattice may be (float noise of the tags). */
const LATTICE_TOLERANCE = 1e-6;

const FIX_CRS =
  'Perch reads eBird S&T rasters as downloaded: Equal Earth EPSG:8857 (release 2023+) or the sinusoidal grid (2021–2022). This file was reprojected or is not an S&T raster: download it again';

interface Crs {
  family: RasterGrid['family'];
  proj: string;
  anchorX: number;
  anchorY: number;
}

function describeCrs(keys: GridGeoKeys): string {
  const code = keys.ProjectedCSTypeGeoKey ?? keys.GeographicTypeGeoKey;
  if (code === undefined) return 'not given (no ProjectedCSType or GeographicType GeoKey)';
  if (code !== USER_DEFINED) return `EPSG:${code}`;
  return `user-defined (ProjCoordTrans ${keys.ProjCoordTransGeoKey ?? 'missing'})`;
}

/** The CRS of a raster from its GeoKeys: EPSG:8857 or a user-defined sinusoidal, else an error. */
export function crsFromGeoKeys(file: string, keys: GridGeoKeys): Crs {
  const metres = keys.ProjLinearUnitsGeoKey === undefined || keys.ProjLinearUnitsGeoKey === METRE;
  if (keys.ProjectedCSTypeGeoKey === EQUAL_EARTH_EPSG && metres) {
    return {
      family: 'eqearth',
      proj: '+proj=eqearth +lon_0=0 +x_0=0 +y_0=0 +datum=WGS84 +units=m +no_defs',
      anchorX: EQUAL_EARTH_ANCHOR.x,
      anchorY: EQUAL_EARTH_ANCHOR.y,
    };
  }
  // GDAL writes 32767 (user-defined) with the projection spelt out; a writer that leaves the
  // ProjectedCSType key out altogether means the same.
  const userDefined = keys.ProjectedCSTypeGeoKey === USER_DEFINED || keys.ProjectedCSTypeGeoKey === undefined;
  if (userDefined && keys.ProjCoordTransGeoKey === CT_SINUSOIDAL && metres) {
    const radius = keys.GeogSemiMajorAxisGeoKey ?? SINUSOIDAL_DEFAULT_RADIUS;
    const lon0 = keys.ProjCenterLongGeoKey ?? keys.ProjNatOriginLongGeoKey ?? 0;
    const x0 = keys.ProjFalseEastingGeoKey ?? 0;
    const y0 = keys.ProjFalseNorthingGeoKey ?? 0;
    return {
      family: 'sinusoidal',
      proj: `+proj=sinu +lon_0=${lon0} +x_0=${x0} +y_0=${y0} +R=${radius} +units=m +no_defs`,
      // The lattice spans the sphere: x from −πR (the antimeridian at the equator), y from +πR/2.
      anchorX: x0 - Math.PI * radius,
      anchorY: y0 + (Math.PI / 2) * radius,
    };
  }
  throw new PipelineError(
    'wrong_crs',
    file,
    `CRS is ${describeCrs(keys)}${metres ? '' : ', not in metres'}`,
    FIX_CRS,
  );
}

function nearestNominalKm(pixelMetres: number): number {
  const km = pixelMetres / 1000;
  return RESOLUTIONS_KM.reduce((best, nominal) =>
    Math.abs(nominal - km) < Math.abs(best - km) ? nominal : best,
  );
}

/** Whole cells from the anchor to a coordinate; an error when the file is off the lattice. */
function latticeOffset(file: string, distance: number, pixel: number, axis: string): number {
  const cells = distance / pixel;
  const whole = Math.round(cells);
  if (Math.abs(cells - whole) > LATTICE_TOLERANCE) {
    throw new PipelineError(
      'unexpected_grid',
      file,
      `its ${axis} origin is ${cells.toFixed(6)} pixels from the S&T grid's anchor, not a whole number: the raster is not on the eBird S&T grid`,
      'Use the GeoTIFF as downloaded from eBird Status & Trends (not resampled or cropped off the grid)',
    );
  }
  return whole;
}

/**
 * A raster's grid and its position on it, from the GeoKeys, the upper-left corner and the pixel
 * size (geotiff's `getOrigin()` and `getResolution()`: resY is negative for north-up rasters).
 */
export function rasterGridOf(
  file: string,
  keys: GridGeoKeys,
  origin: readonly number[],
  resolution: readonly number[],
): { grid: RasterGrid; row0: number; column0: number } {
  const crs = crsFromGeoKeys(file, keys);
  const [resX, signedResY] = resolution;
  const resY = -signedResY;
  if (!(resX > 0 && resY > 0)) {
    throw new PipelineError(
      'unexpected_grid',
      file,
      `pixel size ${resX} × ${signedResY} m is not a north-up grid`,
      'Use the GeoTIFF as downloaded from eBird Status & Trends',
    );
  }
  const columns = Math.ceil((2 * Math.abs(crs.anchorX)) / resX - LATTICE_TOLERANCE);
  const rows = Math.ceil((2 * Math.abs(crs.anchorY)) / resY - LATTICE_TOLERANCE);
  if (columns * rows >= MAX_GRID_CELLS) {
    throw new PipelineError(
      'unexpected_grid',
      file,
      `pixel ${resX} × ${resY} m makes a ${columns} × ${rows} global grid, finer than the 3 km S&T products`,
      'Use the 27 km, 9 km or 3 km products as downloaded',
    );
  }
  const resolutionKm = nearestNominalKm(Math.sqrt(resX * resY));
  const grid: RasterGrid = {
    ...crs,
    resX,
    resY,
    columns,
    rows,
    resolutionKm,
    cellAreaKm2: (resX * resY) / 1e6,
    key: `${crs.proj}|${crs.anchorX}|${crs.anchorY}|${resX}|${resY}`,
  };
  return {
    grid,
    column0: latticeOffset(file, origin[0] - crs.anchorX, resX, 'x'),
    row0: latticeOffset(file, crs.anchorY - origin[1], resY, 'y'),
  };
}

/** eBird's Equal Earth grid at a nominal resolution, for data made without a raster (the simulated demo, tests). */
export function equalEarthGrid(resolutionKm: 27 | 9 | 3 = 27): RasterGrid {
  const res = resolutionKm * 1000;
  return rasterGridOf(
    `EPSG:8857 ${resolutionKm} km grid`,
    { ProjectedCSTypeGeoKey: EQUAL_EARTH_EPSG },
    [EQUAL_EARTH_ANCHOR.x, EQUAL_EARTH_ANCHOR.y],
    [res, -res],
  ).grid;
}
