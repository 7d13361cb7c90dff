import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { GRID, equalEarthToLonLat } from '../geo/grid';
import { tinyGeoTiffBytes } from './tiny-geotiff';

/** Grid position of the tiny raster (inside the Michigan example window, FORMAT.md §1). */
export const TINY_ORIGIN = { row: 100, column: 375 };
export const TINY_SIZE = { rows: 2, columns: 3 };

export interface TinyOptions {
  bands?: number;
  epsg?: number;
  withRanges?: boolean;
}

/**
 * Values of the tiny weekly abundance raster: pixel 5 is NaN in every week (not a cell), pixel 1
 * is NaN in week 8 only (not modelled that week), pixel 0 is 0 (predicted absent) every week.
 */
export function tinyValue(pixel: number, week: number): number {
  if (pixel === 5 || (pixel === 1 && week === 8)) return NaN;
  if (pixel === 0) return 0;
  return pixel * 0.1 + week * 0.001;
}

function tiny27kmTiff(bands: number, epsg: number): Buffer {
  return tinyGeoTiffBytes({
    grid: 'eqearth',
    epsg,
    row0: TINY_ORIGIN.row,
    column0: TINY_ORIGIN.column,
    rows: TINY_SIZE.rows,
    columns: TINY_SIZE.columns,
    bands,
    value: (pixel, band) => tinyValue(pixel, band + 1),
  });
}

/** A GPKG geometry blob: header (little-endian, no envelope, srs 4326) + WKB MultiPolygon of one ring. */
function gpkgBlob(ring: number[][]): Buffer {
  const header = Buffer.from([0x47, 0x50, 0, 0x01, 0xe6, 0x10, 0, 0]);
  const wkb = Buffer.alloc(1 + 4 + 4 + 1 + 4 + 4 + 4 + ring.length * 16);
  let o = 0;
  o = wkb.writeUInt8(1, o);
  o = wkb.writeUInt32LE(6, o);
  o = wkb.writeUInt32LE(1, o);
  o = wkb.writeUInt8(1, o);
  o = wkb.writeUInt32LE(3, o);
  o = wkb.writeUInt32LE(1, o);
  o = wkb.writeUInt32LE(ring.length, o);
  for (const [x, y] of ring) {
    o = wkb.writeDoubleLE(x, o);
    o = wkb.writeDoubleLE(y, o);
  }
  return Buffer.concat([header, wkb]);
}

/** The lon/lat ring of a square of 2 × 2 grid cells (54 km side, 2916 km² in EPSG:8857). */
export function tinySquareRing(): number[][] {
  const x0 = GRID.originX + TINY_ORIGIN.column * GRID.resolution;
  const y0 = GRID.originY - (TINY_ORIGIN.row + 2) * GRID.resolution;
  const side = 2 * GRID.resolution;
  return [
    [x0, y0],
    [x0 + side, y0],
    [x0 + side, y0 + side],
    [x0, y0 + side],
    [x0, y0],
  ].map(([x, y]) => equalEarthToLonLat(x, y));
}

/** Writes the tiny ranges GeoPackage: one breeding feature per layer, named as `species` says. */
export function writeTinyGpkg(
  file: string,
  species: { code: string; common: string; scientific: string } = {
    code: 'tinysp',
    common: 'Tiny Test Bird',
    scientific: 'Fictavis minima',
  },
): void {
  rmSync(file, { force: true });
  const database = new Database(file);
  database.exec(
    `CREATE TABLE gpkg_geometry_columns (table_name TEXT, column_name TEXT, geometry_type_name TEXT, srs_id INTEGER, z INTEGER, m INTEGER)`,
  );
  for (const layer of ['range', 'prediction_area']) {
    database.exec(
      `CREATE TABLE ${layer} (fid INTEGER PRIMARY KEY, geom BLOB, species_code TEXT, scientific_name TEXT, common_name TEXT, type TEXT, season TEXT, start_date TEXT, end_date TEXT)`,
    );
    database
      .prepare('INSERT INTO gpkg_geometry_columns VALUES (?, ?, ?, ?, 0, 0)')
      .run(layer, 'geom', 'MULTIPOLYGON', 4326);
    database
      .prepare(
        `INSERT INTO ${layer} (geom, species_code, scientific_name, common_name, type, season, start_date, end_date) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        gpkgBlob(tinySquareRing()),
        species.code,
        species.scientific,
        species.common,
        layer,
        'breeding',
        '2023-05-17',
        '2023-08-16',
      );
  }
  database.close();
}

/** Writes a minimal status download folder (config, one weekly raster, optional ranges) under `folder`. */
export function makeTinyEbirdst(folder: string, options: TinyOptions = {}): string {
  mkdirSync(join(folder, 'weekly'), { recursive: true });
  writeFileSync(
    join(folder, 'config.json'),
    JSON.stringify({
      SRD_PRED_YEAR: [2023],
      SRD_PRED_DAYS: Array.from({ length: 52 }, (_, i) => 4 + 7 * i),
      SPECIES_CODE: ['tinysp-example'],
      IS_RESIDENT: [false],
      season_dates: [
        { season: 'nonbreeding', pass: false, quality: 0, start_date: '2023-11-22', end_date: '2023-03-08' },
        { season: 'breeding', pass: true, quality: 3, start_date: '2023-05-17', end_date: '2023-08-16' },
      ],
    }),
  );
  writeFileSync(
    join(folder, 'weekly', 'tinysp-example_abundance_median_27km_2023.tif'),
    tiny27kmTiff(options.bands ?? 52, options.epsg ?? 8857),
  );
  if (options.withRanges ?? true) {
    mkdirSync(join(folder, 'ranges'), { recursive: true });
    writeTinyGpkg(join(folder, 'ranges', 'tinysp-example_range_smooth_27km_2023.gpkg'));
  }
  return folder;
}
