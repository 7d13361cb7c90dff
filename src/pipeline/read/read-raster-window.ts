import { readFile } from 'node:fs/promises';
import { fromArrayBuffer } from 'geotiff';
import type { GeoTIFFImage } from 'geotiff';
import { GRID } from '../geo/grid';
import { PipelineError } from '../pipeline-error';

/** A rectangle of the global 27 km grid, in 0-based grid rows/columns (end exclusive). */
export interface GridWindow {
  row0: number;
  column0: number;
  rows: number;
  columns: number;
}

export interface RasterWindow {
  file: string;
  window: GridWindow;
  /** Band descriptions from GDAL_METADATA (dates for weekly files, season names for seasonal). */
  bandNames: string[];
  bandCount: number;
  /** Pixel-interleaved values: index ((r · columns) + c) · bandCount + band. NaN = not modelled. */
  values: Float32Array;
}

const FIX_DOWNLOAD = 'Download the file again from eBird Status & Trends';
const EQUAL_EARTH_EPSG = 8857;

async function tileEnds(image: GeoTIFFImage): Promise<number> {
  const directory = image.fileDirectory;
  const tiled = directory.hasTag('TileOffsets');
  const offsets = (await directory.loadValue(tiled ? 'TileOffsets' : 'StripOffsets')) as
    | ArrayLike<number>
    | undefined;
  const counts = (await directory.loadValue(tiled ? 'TileByteCounts' : 'StripByteCounts')) as
    | ArrayLike<number>
    | undefined;
  let end = 0;
  for (let i = 0; i < (offsets?.length ?? 0); i++)
    end = Math.max(end, Number(offsets![i]) + Number(counts![i]));
  return end;
}

async function bandDescriptions(image: GeoTIFFImage, bandCount: number): Promise<string[]> {
  const xml = (await image.fileDirectory.loadValue('GDAL_METADATA')) as string | undefined;
  const names = new Array<string>(bandCount).fill('');
  for (const match of (xml ?? '').matchAll(/<Item name="DESCRIPTION" sample="(\d+)"[^>]*>([^<]*)<\/Item>/g)) {
    const sample = Number(match[1]);
    if (sample < bandCount) names[sample] = match[2].trim();
  }
  return names;
}

/** The file's position on the global grid; throws when it is another CRS or another grid. */
function gridOffset(file: string, image: GeoTIFFImage): { row0: number; column0: number } {
  const keys = image.getGeoKeys() ?? {};
  if (keys.ProjectedCSTypeGeoKey !== EQUAL_EARTH_EPSG) {
    const found = keys.ProjectedCSTypeGeoKey ?? keys.GeographicTypeGeoKey ?? 'none';
    throw new PipelineError(
      'wrong_crs',
      file,
      `CRS is EPSG:${found}, expected EPSG:8857 (Equal Earth) as in every eBird S&T raster`,
      'Use the GeoTIFF as downloaded; do not reproject it',
    );
  }
  const [resX, resY] = image.getResolution();
  const [originX, originY] = image.getOrigin();
  const column0 = (originX - GRID.originX) / GRID.resolution;
  const row0 = (GRID.originY - originY) / GRID.resolution;
  if (
    resX !== GRID.resolution ||
    resY !== -GRID.resolution ||
    !Number.isInteger(column0) ||
    !Number.isInteger(row0)
  ) {
    throw new PipelineError(
      'unexpected_grid',
      file,
      `pixel ${resX} × ${resY} m at origin (${originX}, ${originY}) is not on the 27 km S&T grid`,
      'Use the 27 km products (file names ending _27km_<year>.tif)',
    );
  }
  return { row0, column0 };
}

/**
 * Reads one window of an eBird S&T GeoTIFF, all bands at once. The weekly files are one IFD with
 * 52 samples per pixel, pixel-interleaved, so reading band by band decompresses every tile 52
 * times (PLATFORM.md: band 1 alone 1.9 s, all bands 2.9 s, a 200×150 window 263 ms).
 *
 * @param window grid window to read; the file's full extent when absent.
 * @param expectedBands the band count the product must have (52 weekly, 4 seasonal, 1 full-year).
 */
export async function readRasterWindow(
  file: string,
  expectedBands: number,
  window?: GridWindow,
): Promise<RasterWindow> {
  const bytes = await readFile(file);
  let image: GeoTIFFImage;
  try {
    const tiff = await fromArrayBuffer(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
    );
    image = await tiff.getImage();
  } catch (error) {
    throw new PipelineError(
      'unreadable_tiff',
      file,
      `not a readable GeoTIFF, it may be truncated (${(error as Error).message})`,
      FIX_DOWNLOAD,
    );
  }
  const needed = await tileEnds(image);
  if (needed > bytes.byteLength) {
    throw new PipelineError(
      'truncated_tiff',
      file,
      `file is truncated: ${bytes.byteLength} bytes but its tiles need ${needed}`,
      FIX_DOWNLOAD,
    );
  }
  const { row0, column0 } = gridOffset(file, image);
  const bandCount = image.getSamplesPerPixel();
  if (bandCount !== expectedBands) {
    throw new PipelineError(
      'missing_band',
      file,
      `has ${bandCount} band(s), expected ${expectedBands}`,
      FIX_DOWNLOAD,
    );
  }
  const wanted = window ?? { row0, column0, rows: image.getHeight(), columns: image.getWidth() };
  const local = [
    wanted.column0 - column0,
    wanted.row0 - row0,
    wanted.column0 - column0 + wanted.columns,
    wanted.row0 - row0 + wanted.rows,
  ];
  if (local[0] < 0 || local[1] < 0 || local[2] > image.getWidth() || local[3] > image.getHeight()) {
    throw new PipelineError(
      'unexpected_grid',
      file,
      `does not cover grid rows ${wanted.row0}..${wanted.row0 + wanted.rows - 1}, columns ${wanted.column0}..${wanted.column0 + wanted.columns - 1} that the other rasters of this species cover`,
      FIX_DOWNLOAD,
    );
  }
  let raster: unknown;
  try {
    raster = await image.readRasters({ window: local, interleave: true });
  } catch (error) {
    throw new PipelineError(
      'truncated_tiff',
      file,
      `tile data could not be decoded (${(error as Error).message})`,
      FIX_DOWNLOAD,
    );
  }
  const values = raster instanceof Float32Array ? raster : Float32Array.from(raster as ArrayLike<number>);
  const nodata = image.getGDALNoData();
  if (nodata !== null && !Number.isNaN(nodata)) {
    for (let i = 0; i < values.length; i++) if (values[i] === nodata) values[i] = NaN;
  }
  return { file, window: wanted, bandNames: await bandDescriptions(image, bandCount), bandCount, values };
}

/** The smallest window holding every non-NaN pixel of a raster (any band); null when all NaN. */
export function validWindow(raster: RasterWindow): GridWindow | null {
  const { window, bandCount, values } = raster;
  let rmin = Infinity,
    rmax = -Infinity,
    cmin = Infinity,
    cmax = -Infinity;
  for (let r = 0; r < window.rows; r++) {
    for (let c = 0; c < window.columns; c++) {
      for (let b = 0; b < bandCount; b++) {
        if (!Number.isNaN(values[(r * window.columns + c) * bandCount + b])) {
          rmin = Math.min(rmin, r);
          rmax = Math.max(rmax, r);
          cmin = Math.min(cmin, c);
          cmax = Math.max(cmax, c);
          break;
        }
      }
    }
  }
  if (rmin === Infinity) return null;
  return {
    row0: window.row0 + rmin,
    column0: window.column0 + cmin,
    rows: rmax - rmin + 1,
    columns: cmax - cmin + 1,
  };
}
