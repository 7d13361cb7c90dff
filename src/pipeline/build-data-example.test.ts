import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { DuckDBConnection } from '@duckdb/node-api';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../catalog/types';
import { buildExampleForTests, EXAMPLE_ROOT, exampleMissingReason } from './test-support/example-build';

const missing = exampleMissingReason();
if (missing) console.warn(`[build-data-example.test] skipped: ${missing}`);

// Expected figures were computed independently with GDAL 3.6.2 (issue 3, FORMAT.md).
describe.skipIf(missing !== undefined)('buildData on the eBird S&T example', () => {
  let dir: string;
  let connection: DuckDBConnection;
  const one = async (sql: string) =>
    (await connection.runAndReadAll(sql)).getRows()[0].map((v) => (typeof v === 'bigint' ? Number(v) : v));

  beforeAll(async () => {
    dir = process.env.PERCH_TEST_DATA ?? (await buildExampleForTests());
    connection = await (await DuckDBInstance.create(':memory:')).connect();
  });

  it('cells holds 293 valid cells of 729 km² (213,597 km²)', async () => {
    const [count, area, distinctArea] = await one(
      `SELECT count(*), sum(area_km2), count(DISTINCT area_km2) FROM '${dir}/cells.parquet'`,
    );
    expect(count).toBe(293);
    expect(area as number).toBeCloseTo(213_597, 6);
    expect(distinctArea).toBe(1);
  });

  it('weekly mean median abundance on 2023-06-14 is 0.2308954', async () => {
    const [mean, valid, week] = await one(
      `SELECT avg(abundance), count(abundance), any_value(week) FROM '${dir}/weekly/*.parquet' WHERE date = DATE '2023-06-14'`,
    );
    expect(Math.abs((mean as number) - 0.2308954)).toBeLessThan(1e-6);
    expect(valid).toBe(293);
    expect(week).toBe(24);
  });

  it('weekly 2023-02-22 has 292 valid cells and the NaN cell as NULL at (-83.594965, 45.513719)', async () => {
    const [valid, rows] = await one(
      `SELECT count(abundance), count(*) FROM '${dir}/weekly/*.parquet' WHERE date = DATE '2023-02-22'`,
    );
    expect([valid, rows]).toEqual([292, 293]);
    const [lon, lat, occurrence] =
      await one(`SELECT c.lon, c.lat, w.occurrence FROM '${dir}/weekly/*.parquet' w JOIN '${dir}/cells.parquet' c USING (cell_id)
      WHERE w.date = DATE '2023-02-22' AND w.abundance IS NULL`);
    expect(Math.abs((lon as number) + 83.594965)).toBeLessThan(1e-6);
    expect(Math.abs((lat as number) - 45.513719)).toBeLessThan(1e-6);
    expect(occurrence).toBeNull();
  });

  it('weekly keeps 0 as predicted absent, distinct from NULL', async () => {
    const [zeros, nulls] = await one(
      `SELECT count(*) FILTER (abundance = 0), count(*) FILTER (abundance IS NULL) FROM '${dir}/weekly/*.parquet'`,
    );
    expect(zeros as number).toBeGreaterThan(0);
    expect(nulls).toBe(1);
  });

  it('seasonal max of prebreeding_migration abundance_mean is 0.9127017', async () => {
    const [max] = await one(
      `SELECT max(abundance_mean) FROM '${dir}/seasonal/*.parquet' WHERE season = 'prebreeding_migration'`,
    );
    expect(Math.abs((max as number) - 0.9127017)).toBeLessThan(1e-6);
  });

  it('trends has 156 rows with mean abd 0.3093617 under the taxonomy code', async () => {
    const [rows, mean, codes] = await one(
      `SELECT count(*), avg(abd), string_agg(DISTINCT species_code) FROM '${dir}/trends.parquet'`,
    );
    expect(rows).toBe(156);
    expect(Math.abs((mean as number) - 0.3093617)).toBeLessThan(1e-6);
    expect(codes).toBe('yebsap');
  });

  it('ranges areas in EPSG:8857: breeding smooth 112,657 km², prediction area 151,643 km²', async () => {
    const [range] = await one(
      `SELECT area_km2 FROM '${dir}/ranges.parquet' WHERE season = 'breeding' AND layer = 'range' AND smoothing = 'smooth'`,
    );
    const [prediction] = await one(
      `SELECT area_km2 FROM '${dir}/ranges.parquet' WHERE season = 'breeding' AND layer = 'prediction_area' AND smoothing = 'smooth'`,
    );
    expect(Math.round(range as number)).toBe(112_657);
    expect(Math.round(prediction as number)).toBe(151_643);
  });

  it('regions has USA and USA-MI, matching every regional_stats.csv code', async () => {
    const csv = readFileSync(join(EXAMPLE_ROOT, '2023-yebsap-example/regional_stats.csv'), 'utf8');
    const csvCodes = [
      ...new Set(
        csv
          .trim()
          .split('\n')
          .slice(1)
          .map((line) => line.split(',')[2]),
      ),
    ].sort();
    expect(csvCodes).toEqual(['USA', 'USA-MI']);
    const rows = (
      await connection.runAndReadAll(
        `SELECT region_code, type, parent_code FROM '${dir}/regions.parquet' WHERE region_code IN ('USA', 'USA-MI') ORDER BY 1`,
      )
    ).getRows();
    expect(rows).toEqual([
      ['USA', 'country', null],
      ['USA-MI', 'state', 'USA'],
    ]);
    const [joined] = await one(
      `SELECT count(*) FROM '${dir}/regional_stats.parquet' s JOIN '${dir}/regions.parquet' r USING (region_code)`,
    );
    expect(joined).toBe(8);
  });

  it('cells carry region codes: most Michigan cells are USA-MI, none outside USA/CAN', async () => {
    const rows = (
      await connection.runAndReadAll(
        `SELECT country_code, count(*) FILTER (state_code = 'USA-MI') FROM '${dir}/cells.parquet' GROUP BY 1 ORDER BY 1`,
      )
    ).getRows();
    expect(rows.map((row) => row[0])).toEqual(['CAN', 'USA']);
    expect(Number(rows[1][1])).toBeGreaterThan(250);
  });

  it('regional_stats stores the CSV percents as fractions and max_week as DATE', async () => {
    const [fraction, maxWeek] = await one(
      `SELECT total_pop_fraction, max_week::VARCHAR FROM '${dir}/regional_stats.parquet' WHERE region_code = 'USA-MI' AND season = 'prebreeding_migration'`,
    );
    expect(fraction as number).toBeCloseTo(0.04251655452300003, 12);
    expect(maxWeek).toBe('2023-04-12');
  });

  it('catalog.json profiles every table and states the caveats', () => {
    const catalog = JSON.parse(readFileSync(join(dir, 'catalog.json'), 'utf8')) as Catalog;
    expect(catalog.simulated).toBe(false);
    expect(Object.keys(catalog.tables)).toEqual(
      expect.arrayContaining([
        'species',
        'seasons',
        'weeks',
        'cells',
        'weekly',
        'seasonal',
        'ranges',
        'regional_stats',
        'trends',
        'trends_folds',
        'trends_summary',
        'centroids',
        'predictor_importance',
        'regions',
      ]),
    );
    const weekly = catalog.tables.weekly;
    expect(weekly.rows).toBe(293 * 52);
    expect(weekly.files[0]).toMatchObject({
      path: 'weekly/species_code=yebsap.parquet',
      rows: 293 * 52,
      partition: { species_code: 'yebsap' },
    });
    expect(weekly.caveats.join(' ')).toContain('NULL = not modelled');
    expect(weekly.release).toEqual([2022, 2023]);
    const abundance = weekly.columns.find((column) => column.name === 'abundance')!;
    expect(abundance.null_fraction).toBeCloseTo(1 / (293 * 52), 12);
    expect(abundance.max as number).toBeCloseTo(1.91963, 5);
    expect(abundance.min).toBe(0);
    expect(abundance.examples.length).toBe(5);
    expect(catalog.tables.trends.columns.find((column) => column.name === 'abd_ppy')!.unit).toBe(
      'percent per year',
    );
    expect(catalog.tables.weekly.licence).toContain('GPL-3.0');
    expect(catalog.tables.regions.geometry).toEqual({
      kind: 'polygon',
      column: 'geometry_geojson',
      encoding: 'geojson',
    });
    for (const table of Object.values(catalog.tables))
      for (const file of table.files) expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});
