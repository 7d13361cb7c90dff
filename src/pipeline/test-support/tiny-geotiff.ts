/**
 * Test fixture writer: `writeTinyGeoTiff(file, { grid, resolutionKm, row0, column0, rows, columns,
 * bands, value, bandNames })` writes a Float32 GeoTIFF laid out like eBird S&T downloads (classic
 * little-endian TIFF, pixel-interleaved bands, tiles first and the one IFD at the END of the file,
 * `GDAL_NODATA` "nan", band descriptions in `GDAL_METADATA`). The raster is the window (row0,
 * column0, rows × columns) of the global lattice of `grid`: 'eqearth' is the 2023+ EPSG:8857 grid
 * (origin −17,226,000, 8,343,000; 27/9/3 km pixels), 'sinusoidal' the 2021–2022 spherical sinusoidal
 * grid (R 6,371,007.181 m, origin (−πR, +πR/2), pixel 26,665.26 × 26,665.28 m at 27 km) with the
 * GeoKeys GDAL writes for it (ProjectedCSType 32767, ProjCoordTrans 24 = sinusoidal). `value(pixel,
 * band)` gives each value: pixel = r·columns + c inside the window, band 0-based; NaN = not
 * modelled. Options for tests of bad input: `epsg` replaces the EPSG:8857 code, `compression`
 * ('deflate', eBird's, or 'none'), `tileSize` (default 256). `tinyGridGeometry` returns the
 * origin and pixel size the writer used, for tests that compute coordinates themselves.
 */
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

export type TinyGridFamily = 'eqearth' | 'sinusoidal';

export interface TinyGeoTiffOptions {
  grid: TinyGridFamily;
  resolutionKm?: 27 | 9 | 3;
  row0: number;
  column0: number;
  rows: number;
  columns: number;
  bands: number;
  /** Value of pixel (r·columns + c of this window) in band (0-based); NaN = not modelled. */
  value: (pixel: number, band: number) => number;
  /** Band descriptions (eBird: ISO dates of weekly bands, season names of seasonal ones). */
  bandNames?: string[];
  /** ProjectedCSTypeGeoKey of an 'eqearth' file; another code makes a "reprojected" file. */
  epsg?: number;
  compression?: 'deflate' | 'none';
  tileSize?: number;
}

/** Radius of the sphere of the 2021–2022 sinusoidal grid (MODIS sphere). */
export const SINUSOIDAL_RADIUS = 6_371_007.181;

/** Pixel size of the 27 km sinusoidal products as read from the 2022 files (not square). */
const SINUSOIDAL_27KM = { x: 26_665.26, y: 26_665.28 };

export interface TinyGridGeometry {
  /** Upper-left corner of the global lattice, metres. */
  anchorX: number;
  anchorY: number;
  resX: number;
  resY: number;
}

export function tinyGridGeometry(grid: TinyGridFamily, resolutionKm: 27 | 9 | 3 = 27): TinyGridGeometry {
  if (grid === 'eqearth') {
    const res = resolutionKm * 1000;
    return { anchorX: -17_226_000, anchorY: 8_343_000, resX: res, resY: res };
  }
  const per27 = 27 / resolutionKm;
  return {
    anchorX: -Math.PI * SINUSOIDAL_RADIUS,
    anchorY: (Math.PI / 2) * SINUSOIDAL_RADIUS,
    resX: SINUSOIDAL_27KM.x / per27,
    resY: SINUSOIDAL_27KM.y / per27,
  };
}

// TIFF field types.
const SHORT = 3;
const LONG = 4;
const ASCII = 2;
const DOUBLE = 12;

interface Field {
  tag: number;
  type: number;
  values: number[] | string;
}

/** GeoKeys as [keyId, value] pairs: numbers < 65536 inline, doubles and strings in their params tags. */
type GeoKey = [number, number | { double: number } | string];

function geoKeysFor(options: TinyGeoTiffOptions): GeoKey[] {
  if (options.grid === 'eqearth') {
    return [
      [1024, 1], // GTModelType: projected
      [1025, 1], // GTRasterType: PixelIsArea
      [1026, 'WGS 84 / Equal Earth Greenwich'],
      [2054, 9102], // GeogAngularUnits: degree
      [3072, options.epsg ?? 8857],
      [3076, 9001], // ProjLinearUnits: metre
    ];
  }
  // What GDAL writes for a user-defined sinusoidal CRS (the 2021–2022 S&T rasters).
  return [
    [1024, 1],
    [1025, 1],
    [1026, 'unnamed'],
    [2048, 32767], // GeographicType: user-defined
    [2049, 'GCS_unknown'],
    [2050, 32767],
    [2054, 9102],
    [2057, { double: SINUSOIDAL_RADIUS }], // GeogSemiMajorAxis
    [2058, { double: SINUSOIDAL_RADIUS }], // GeogSemiMinorAxis
    [3072, 32767], // ProjectedCSType: user-defined
    [3074, 32767], // Projection: user-defined
    [3075, 24], // ProjCoordTrans: CT_Sinusoidal
    [3076, 9001],
    [3082, { double: 0 }], // ProjFalseEasting
    [3083, { double: 0 }], // ProjFalseNorthing
    [3088, { double: 0 }], // ProjCenterLong
  ];
}

function geoKeyFields(keys: GeoKey[]): Field[] {
  const sorted = [...keys].sort((a, b) => a[0] - b[0]);
  const directory = [1, 1, 0, sorted.length];
  const doubles: number[] = [];
  let ascii = '';
  for (const [id, value] of sorted) {
    if (typeof value === 'number') directory.push(id, 0, 1, value);
    else if (typeof value === 'string') {
      // GeoAsciiParams strings end in '|'; the count includes it (geotiff drops the last char).
      directory.push(id, 34737, value.length + 1, ascii.length);
      ascii += `${value}|`;
    } else {
      directory.push(id, 34736, 1, doubles.length);
      doubles.push(value.double);
    }
  }
  const fields: Field[] = [{ tag: 34735, type: SHORT, values: directory }];
  if (doubles.length > 0) fields.push({ tag: 34736, type: DOUBLE, values: doubles });
  if (ascii) fields.push({ tag: 34737, type: ASCII, values: ascii });
  return fields;
}

function gdalMetadata(names: string[]): string {
  const items = names.map(
    (name, sample) => `<Item name="DESCRIPTION" sample="${sample}" role="description">${name}</Item>`,
  );
  return `<GDALMetadata>${items.join('')}</GDALMetadata>`;
}

/** The tiles of the raster, row-major, each tileSize² pixels (edge tiles padded with NaN). */
function encodeTiles(options: TinyGeoTiffOptions, tileSize: number): Buffer[] {
  const { rows, columns, bands } = options;
  const tiles: Buffer[] = [];
  for (let tr = 0; tr < Math.ceil(rows / tileSize); tr++) {
    for (let tc = 0; tc < Math.ceil(columns / tileSize); tc++) {
      const tile = new Float32Array(tileSize * tileSize * bands).fill(NaN);
      for (let r = 0; r < tileSize; r++) {
        const row = tr * tileSize + r;
        if (row >= rows) break;
        for (let c = 0; c < tileSize; c++) {
          const column = tc * tileSize + c;
          if (column >= columns) break;
          for (let b = 0; b < bands; b++)
            tile[(r * tileSize + c) * bands + b] = options.value(row * columns + column, b);
        }
      }
      const raw = Buffer.from(tile.buffer, tile.byteOffset, tile.byteLength);
      tiles.push(options.compression === 'none' ? raw : deflateSync(raw));
    }
  }
  return tiles;
}

function fieldBytes(field: Field): Buffer {
  if (typeof field.values === 'string') return Buffer.from(`${field.values}\0`, 'latin1');
  const size = field.type === SHORT ? 2 : field.type === LONG ? 4 : 8;
  const bytes = Buffer.alloc(field.values.length * size);
  field.values.forEach((v, i) => {
    if (field.type === SHORT) bytes.writeUInt16LE(v, i * 2);
    else if (field.type === LONG) bytes.writeUInt32LE(v, i * 4);
    else bytes.writeDoubleLE(v, i * 8);
  });
  return bytes;
}

/** Lays out header, tiles, out-of-line values and finally the IFD, as eBird's files are. */
function assemble(tiles: Buffer[], fieldsWithoutTiles: Field[]): Buffer {
  const offsets: number[] = [];
  let position = 8;
  for (const tile of tiles) {
    offsets.push(position);
    position += tile.length;
  }
  const fields = [
    ...fieldsWithoutTiles,
    { tag: 324, type: LONG, values: offsets },
    { tag: 325, type: LONG, values: tiles.map((t) => t.length) },
  ].sort((a, b) => a.tag - b.tag);
  const payloads: Buffer[] = [];
  const entries = fields.map((field) => {
    const bytes = fieldBytes(field);
    const count = typeof field.values === 'string' ? bytes.length : field.values.length;
    if (bytes.length <= 4) return { field, count, inline: bytes };
    // Word-align out-of-line values (TIFF 6.0 asks for even offsets).
    if (position % 2) {
      payloads.push(Buffer.alloc(1));
      position += 1;
    }
    const offset = position;
    payloads.push(bytes);
    position += bytes.length;
    return { field, count, offset };
  });
  if (position % 2) {
    payloads.push(Buffer.alloc(1));
    position += 1;
  }
  const ifdOffset = position;
  const ifd = Buffer.alloc(2 + entries.length * 12 + 4);
  ifd.writeUInt16LE(entries.length, 0);
  entries.forEach((entry, i) => {
    const at = 2 + i * 12;
    ifd.writeUInt16LE(entry.field.tag, at);
    ifd.writeUInt16LE(entry.field.type, at + 2);
    ifd.writeUInt32LE(entry.count, at + 4);
    if ('inline' in entry && entry.inline) entry.inline.copy(ifd, at + 8);
    else ifd.writeUInt32LE(entry.offset ?? 0, at + 8);
  });
  const header = Buffer.alloc(8);
  header.write('II', 0, 'latin1');
  header.writeUInt16LE(42, 2);
  header.writeUInt32LE(ifdOffset, 4);
  return Buffer.concat([header, ...tiles, ...payloads, ifd]);
}

/** The bytes of the GeoTIFF `writeTinyGeoTiff` writes. */
export function tinyGeoTiffBytes(options: TinyGeoTiffOptions): Buffer {
  const tileSize = options.tileSize ?? 256;
  const { anchorX, anchorY, resX, resY } = tinyGridGeometry(options.grid, options.resolutionKm);
  const bands = options.bands;
  const fields: Field[] = [
    { tag: 256, type: LONG, values: [options.columns] },
    { tag: 257, type: LONG, values: [options.rows] },
    { tag: 258, type: SHORT, values: new Array(bands).fill(32) },
    { tag: 259, type: SHORT, values: [options.compression === 'none' ? 1 : 8] },
    { tag: 262, type: SHORT, values: [1] }, // MinIsBlack
    { tag: 277, type: SHORT, values: [bands] },
    { tag: 284, type: SHORT, values: [1] }, // chunky
    { tag: 322, type: LONG, values: [tileSize] },
    { tag: 323, type: LONG, values: [tileSize] },
    { tag: 339, type: SHORT, values: new Array(bands).fill(3) }, // IEEE float
    { tag: 33550, type: DOUBLE, values: [resX, resY, 0] },
    {
      tag: 33922,
      type: DOUBLE,
      values: [0, 0, 0, anchorX + options.column0 * resX, anchorY - options.row0 * resY, 0],
    },
    ...geoKeyFields(geoKeysFor(options)),
    { tag: 42113, type: ASCII, values: 'nan' },
  ];
  if (bands > 1) fields.push({ tag: 338, type: SHORT, values: new Array(bands - 1).fill(0) });
  if (options.bandNames) fields.push({ tag: 42112, type: ASCII, values: gdalMetadata(options.bandNames) });
  return assemble(encodeTiles(options, tileSize), fields);
}

export function writeTinyGeoTiff(file: string, options: TinyGeoTiffOptions): void {
  writeFileSync(file, tinyGeoTiffBytes(options));
}
