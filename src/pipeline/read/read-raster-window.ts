import { GeoTIFF } from 'geotiff';
import type { GeoTIFFImage } from 'geotiff';
import { type GridGeoKeys, type RasterGrid, rasterGridOf } from '../geo/raster-grid';
import { PipelineError } from '../pipeline-error';
import { FileHandleSource, type ReadCounter } from './file-handle-source';

/** A rectangle of a raster's global grid, in 0-based grid rows/columns (end exclusive). */
export interface GridWindow {
  row0: number;
  column0: number;
  rows: number;
  columns: number;
}

export interface RasterWindow {
  file: string;
  /** The grid the file lies on (read from its GeoKeys); `window` is in its rows/columns. */
  grid: RasterGrid;
  window: GridWindow;
  /** Band descriptions from GDAL_METADATA (dates for weekly files, season names for seasonal). */
  bandNames: string[];
  bandCount: number;
  /** Pixel-interleaved values: index ((r · columns) + c) · bandCount + band. NaN = not modelled. */
  values: Float32Array;
}

export interface ReadRasterOptions {
  /** The grid the other rasters of the same product set are on: another grid is an error. */
  grid?: RasterGrid;
  /** Counts the bytes read from the file (tests check reads stay bounded). */
  counter?: ReadCounter;
}

const FIX_DOWNLOAD = 'Download the file again from eBird Status & Trends';

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

interface Header {
  image: GeoTIFFImage;
  bandNames: string[];
  tilesEnd: number;
}

/**
 * The header, IFD and the tag values Perch uses (deferred ones included, so a file cut inside
 * them fails here). eBird writes the IFD after the tiles, at the very end of the file: a partial
 * download loses it first, and geotiff then fails with a RangeError on the missing bytes.
 */
async function readHeader(file: string, source: FileHandleSource): Promise<Header> {
  try {
    const tiff = await GeoTIFF.fromSource(source as never);
    const image = await tiff.getImage();
    const tilesEnd = await tileEnds(image);
    const bandNames = await bandDescriptions(image, image.getSamplesPerPixel());
    image.getGeoKeys();
    return { image, bandNames, tilesEnd };
  } catch (error) {
    const detail = (error as Error).message;
    if (source.clipped) {
      throw new PipelineError(
        'truncated_tiff',
        file,
        `file is truncated: its ${source.size} bytes end inside the TIFF metadata (IFD), which eBird writes at the end of the file (${detail})`,
        FIX_DOWNLOAD,
      );
    }
    throw new PipelineError('unreadable_tiff', file, `not a readable GeoTIFF (${detail})`, FIX_DOWNLOAD);
  }
}

function checkSameGrid(file: string, grid: RasterGrid, expected: RasterGrid | undefined): void {
  if (expected && expected.key !== grid.key) {
    throw new PipelineError(
      'unexpected_grid',
      file,
      `is on the grid ${grid.proj} with ${grid.resX} × ${grid.resY} m pixels, but the other rasters of this species are on ${expected.proj} with ${expected.resX} × ${expected.resY} m pixels`,
      'Use products of one download (one release and one resolution) in a folder',
    );
  }
}

/**
 * Reads one window of an eBird S&T GeoTIFF, all bands at once. The weekly files are one IFD with
 * 52 samples per pixel, pixel-interleaved, so reading band by band decompresses every tile 52
 * times (PLATFORM.md: band 1 alone 1.9 s, all bands 2.9 s, a 200×150 window 263 ms). Only the
 * metadata and the tiles the window touches are read from disk (file-handle-source.ts).
 *
 * @param window window of the file's grid to read; the file's full extent when absent.
 * @param expectedBands the band count the product must have (52 weekly, 4 seasonal, 1 full-year).
 */
export async function readRasterWindow(
  file: string,
  expectedBands: number,
  window?: GridWindow,
  options: ReadRasterOptions = {},
): Promise<RasterWindow> {
  const source = await FileHandleSource.open(file, options.counter);
  try {
    return await readOpenRaster(file, source, expectedBands, window, options.grid);
  } finally {
    await source.close();
  }
}

async function readOpenRaster(
  file: string,
  source: FileHandleSource,
  expectedBands: number,
  window: GridWindow | undefined,
  expectedGrid: RasterGrid | undefined,
): Promise<RasterWindow> {
  const { image, bandNames, tilesEnd } = await readHeader(file, source);
  if (tilesEnd > source.size) {
    throw new PipelineError(
      'truncated_tiff',
      file,
      `file is truncated: ${source.size} bytes but its tiles need ${tilesEnd}`,
      FIX_DOWNLOAD,
    );
  }
  const { grid, row0, column0 } = rasterGridOf(
    file,
    (image.getGeoKeys() ?? {}) as GridGeoKeys,
    image.getOrigin(),
    image.getResolution(),
  );
  checkSameGrid(file, grid, expectedGrid);
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
  return { file, grid, window: wanted, bandNames, bandCount, values };
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
