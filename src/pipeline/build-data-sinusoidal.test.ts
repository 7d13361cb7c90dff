import {
  SINUSOIDAL_R,
  SINUSOIDAL_RES_X,
  SINUSOIDAL_RES_Y,
  sinusoidalFootprint,
  sinusoidalInverse,
} from './test-support/sinusoidal-reference';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { buildData } from './build-data';
import { TINY_SIZE, makeTinyEbirdst, tinyValue } from './test-support/make-tiny-ebirdst';
import { writeTinyGeoTiff } from './test-support/tiny-geotiff';

const R = SINUSOIDAL_R;
const RES_X = SINUSOIDAL_RES_X,
  RES_Y = SINUSOIDAL_RES_Y;
/** A Michigan cell of the 2022 sinusoidal 27 km grid. */
const ORIGIN = { row: 185, column: 503 };

describe('buildData on a sinusoidal (release 2021–2022 grid) weekly raster', () => {
  it('cells carry the sinusoidal centre, footprint and area; weekly values are the raster values', async () => {
    const root = mkdtempSync(join(tmpdir(), 'perch-sinusoidal-'));
    const input = join(root, 'input');
    const out = join(root, 'out');
    makeTinyEbirdst(input);
    writeTinyGeoTiff(join(input, 'weekly', 'tinysp-example_abundance_median_27km_2023.tif'), {
      grid: 'sinusoidal',
      row0: ORIGIN.row,
      column0: ORIGIN.column,
      rows: TINY_SIZE.rows,
      columns: TINY_SIZE.columns,
      bands: 52,
      value: (pixel, band) => tinyValue(pixel, band + 1),
    });
    const report = await buildData({ prebuild: false, ebirdst: [input], outDir: out });
    expect(report.tables.cells.rows).toBe(5); // pixel 5 is NaN in every week

    const connection = await (await DuckDBInstance.create(':memory:')).connect();
    const cells = (
      await connection.runAndReadAll(
        `SELECT cell_id, grid_id, resolution_km, lon, lat, area_km2, footprint_geojson FROM '${out}/cells.parquet' ORDER BY cell_id`,
      )
    ).getRows();
    const pixels = [0, 1, 2, 3, 4];
    expect(cells.map((row) => row[0])).toEqual(
      pixels.map(
        (p) =>
          (ORIGIN.row + Math.floor(p / TINY_SIZE.columns)) * 1502 + ORIGIN.column + (p % TINY_SIZE.columns),
      ),
    );
    cells.forEach((row, i) => {
      const [, gridId, resolutionKm, lon, lat, area, footprint] = row as [
        number,
        number,
        number,
        number,
        number,
        number,
        string,
      ];
      const r = ORIGIN.row + Math.floor(pixels[i] / TINY_SIZE.columns);
      const c = ORIGIN.column + (pixels[i] % TINY_SIZE.columns);
      const x = -Math.PI * R + (c + 0.5) * RES_X;
      const y = (Math.PI / 2) * R - (r + 0.5) * RES_Y;
      const [eLon, eLat] = sinusoidalInverse(x, y);
      expect([gridId, resolutionKm]).toEqual([0, 27]);
      expect(lon).toBeCloseTo(eLon, 9);
      expect(lat).toBeCloseTo(eLat, 9);
      expect(area).toBeCloseTo((RES_X * RES_Y) / 1e6, 9);
      const ring = JSON.parse(footprint).coordinates[0] as [number, number][];
      const corners = sinusoidalFootprint(x, y);
      ring.forEach(([cLon, cLat], k) => {
        expect(Math.abs(cLon - corners[k][0])).toBeLessThanOrEqual(5e-7); // footprints are rounded to 1e-6°
        expect(Math.abs(cLat - corners[k][1])).toBeLessThanOrEqual(5e-7);
      });
    });
    const states = (
      await connection.runAndReadAll(`SELECT DISTINCT state_code FROM '${out}/cells.parquet'`)
    ).getRows();
    expect(states.flat()).toEqual(['USA-MI']);

    const weekly = (
      await connection.runAndReadAll(
        `SELECT cell_id, week, abundance FROM '${out}/weekly/*.parquet' ORDER BY week, cell_id`,
      )
    ).getRows();
    expect(weekly).toHaveLength(5 * 52);
    for (const [id, week, abundance] of weekly as [number, number, number | null][]) {
      const i = cells.findIndex((row) => row[0] === id);
      const expected = tinyValue(pixels[i], week);
      if (Number.isNaN(expected)) expect(abundance).toBeNull();
      else expect(abundance).toBeCloseTo(Math.fround(expected), 6);
    }
  });
});
