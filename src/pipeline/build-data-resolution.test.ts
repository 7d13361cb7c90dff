import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { buildData } from './build-data';
import { makeTinyEbirdst, tinyValue } from './test-support/make-tiny-ebirdst';
import { writeTinyGeoTiff } from './test-support/tiny-geotiff';

// A download holding 27 km and 9 km products: --resolution picks which are read (issue 15).
const NINE_KM_ORIGIN = { row: 300, column: 1125 }; // the 27 km fixture's window, three times finer

describe('buildData at 9 km', () => {
  it('reads the 9 km products when asked: 81 km² cells on the 3828-column lattice, values of the 9 km file', async () => {
    const root = mkdtempSync(join(tmpdir(), 'perch-9km-'));
    const input = join(root, 'tinysp-example');
    makeTinyEbirdst(input);
    writeTinyGeoTiff(join(input, 'weekly', 'tinysp-example_abundance_median_9km_2023.tif'), {
      grid: 'eqearth',
      resolutionKm: 9,
      row0: NINE_KM_ORIGIN.row,
      column0: NINE_KM_ORIGIN.column,
      rows: 2,
      columns: 2,
      bands: 52,
      value: (pixel, band) => 10 + tinyValue(pixel + 1, band + 1),
    });
    // The 27 km weekly file is not read at 9 km; the 27 km ranges stand in (the download has no 9 km ones).
    const out = join(root, 'out');
    const report = await buildData({ prebuild: false, ebirdst: [input], outDir: out, resolutionKm: 9 });
    expect(report.found.join('\n')).toMatch(/9 km/);
    const connection = await (await DuckDBInstance.create(':memory:')).connect();
    const cells = (
      await connection.runAndReadAll(
        `SELECT cell_id, area_km2, resolution_km FROM '${out}/cells.parquet' ORDER BY cell_id`,
      )
    ).getRows();
    const expectedIds = [0, 1, 2, 3].map(
      (pixel) => (NINE_KM_ORIGIN.row + Math.floor(pixel / 2)) * 3828 + NINE_KM_ORIGIN.column + (pixel % 2),
    );
    expect(cells).toEqual(expectedIds.map((id) => [id, 81, 9]));
    // The fixture's one range GeoPackage holds a range and a prediction area, each one feature.
    expect(
      (await connection.runAndReadAll(`SELECT count(*) FROM '${out}/ranges.parquet'`)).getRows(),
    ).toEqual([[2n]]);
    const week8 = (
      await connection.runAndReadAll(
        `SELECT abundance FROM '${out}/weekly/*.parquet' WHERE week = 8 ORDER BY cell_id`,
      )
    ).getRows();
    // tinyValue(pixel 1, week 8) is NaN in the fixture's rule: not modelled stays NULL.
    expect(week8.map(([value]) => (value === null ? null : Number((value as number).toFixed(4))))).toEqual(
      [0, 1, 2, 3].map((pixel) => {
        const value = 10 + tinyValue(pixel + 1, 8);
        return Number.isNaN(value) ? null : Number(value.toFixed(4));
      }),
    );
  });
});
