import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { makeTinyRelease, runName } from '../test-support/tiny-release-folder';
import { findStatusFiles } from './find-status-files';
import { readCentroids } from './read-centroids';
import { readConfig } from './read-config';
import { readRegionalStats } from './read-regional-stats';
import { readStatusFolder } from './read-status-folder';

// Issue 15: every release's file conventions. Fixtures are written by the tests; expected figures
// come from the fixture's own CSV text or from facts measured on ebird/ebirdst_example-data.

function folder(release: 2021 | 2022, options = {}) {
  const root = mkdtempSync(join(tmpdir(), `perch-release-${release}-`));
  makeTinyRelease(root, release, { grid: 'eqearth', ...options });
  return root;
}

describe('findStatusFiles', () => {
  it('finds 2021 _lr_ percent-population products and 2022 _27km_ ones at 27 km, nothing at 9 km', () => {
    const old = findStatusFiles(folder(2021));
    expect(old.weekly.proportion_population).toMatch(
      /tiny2021-example_percent-population_median_lr_2021\.tif$/,
    );
    expect(old.fullYear.proportion_population_max).toMatch(/_percent-population_full-year_max_lr_2021\.tif$/);
    expect(old.ranges.smooth).toMatch(/_range_smooth_lr_2021\.gpkg$/);
    const newer = findStatusFiles(folder(2022));
    expect(newer.weekly.proportion_population).toMatch(/_proportion-population_median_27km_2022\.tif$/);
    expect(newer.predictorImportance).toMatch(/pis\/pi_rangewide-ranks\.csv$/);
    expect(newer.bandSeasons).toMatch(/seasonal\/band-seasons\.csv$/);
    expect(findStatusFiles(folder(2022), 9).weekly).toEqual({});
  });
});

describe('readConfig', () => {
  it('2021 config with SRD_DATE_VEC and no band-dates.csv gives the 2021 example dates', async () => {
    const root = folder(2021, { bandDates: false });
    const config = await readConfig(join(root, 'config.json'));
    expect(config.weekDateSource).toBe('SRD_DATE_VEC');
    // Measured on the 2021 example's band-dates.csv (issue 15).
    expect([config.weekDates[0], config.weekDates[26], config.weekDates[51]]).toEqual([
      '2021-01-04',
      '2021-07-06',
      '2021-12-28',
    ]);
    expect(config.seasons).toEqual([]);
    expect(config.notes.join(' ')).toMatch(/config\.json has no season_dates/);
  });

  it('band-dates.csv wins over the config, row for row', async () => {
    const root = folder(2022);
    const file = join(root, 'weekly', 'band-dates.csv');
    // Shift one date in the CSV only: the week dates must follow the CSV, not SRD_PRED_DAYS.
    writeFileSync(file, readFileSync(file, 'utf8').replace('27,2022-07-05', '27,2022-07-06'));
    const expected = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[1]);
    const config = await readConfig(join(root, 'config.json'), file);
    expect(config.weekDateSource).toBe('band-dates.csv');
    expect(config.weekDates).toEqual(expected);
    expect(config.weekDates[26]).toBe('2022-07-06');
  });

  it('a config without SPECIES_CODE names the run after its folder, with a note', async () => {
    const root = join(mkdtempSync(join(tmpdir(), 'perch-config-')), 'abcdef-example');
    mkdirSync(root);
    writeFileSync(
      join(root, 'config.json'),
      JSON.stringify({
        SRD_PRED_YEAR: [2022],
        SRD_PRED_DAYS: Array.from({ length: 52 }, (_, i) => 4 + 7 * i),
      }),
    );
    const config = await readConfig(join(root, 'config.json'));
    expect(config.runName).toBe('abcdef-example');
    expect(config.notes.join('\n')).toMatch(
      /has no SPECIES_CODE: the run is named after its folder, abcdef-example/,
    );
  });

  it('a missing config.json fails naming …/config.json', async () => {
    const root = folder(2022);
    rmSync(join(root, 'config.json'));
    const cells = {
      register: () => {
        throw new Error('no cell should be registered before the config is read');
      },
      lookup: () => new Map(),
    };
    const sink = {
      admit: () => Promise.reject(new Error('no species should be admitted before the config is read')),
      append: () => Promise.reject(new Error('nothing should be staged')),
    };
    await expect(readStatusFolder(root, cells, sink)).rejects.toThrow(
      new RegExp(`^input_not_found: ${root}/config\\.json: is missing`),
    );
  });
});

describe('side-product readers', () => {
  it('a renamed regional_stats column fails naming the file and the missing column', async () => {
    const root = folder(2022);
    const file = join(root, 'regional_stats.csv');
    writeFileSync(file, readFileSync(file, 'utf8').replace('range_percent_occupied', 'range_pct_occupied'));
    await expect(
      readRegionalStats({ csv: file }, { code: 'tiny2022', runName: runName(2022) }),
    ).rejects.toThrow(
      new RegExp(
        `^bad_csv: ${file}: .*missing column\\(s\\) range_percent_occupied of the release 2022 layout`,
      ),
    );
  });

  it('a 2023 header with one renamed column names that column, not NULLs', async () => {
    const root = mkdtempSync(join(tmpdir(), 'perch-rs-'));
    const file = join(root, 'regional_stats.csv');
    writeFileSync(
      file,
      'species_code,region_type,region_code,region_name,continent_code,continent_name,season,abundance_mean,total_pop_percent,continent_pop_percent,range_occupied_percent,range_total_percent,range_days_occupation,max_week,max_week_pct_pop\n',
    );
    await expect(readRegionalStats({ csv: file }, { code: 'x', runName: 'x-example' })).rejects.toThrow(
      /missing column\(s\) max_week_percent_pop of the release 2023 layout/,
    );
  });

  it('a non-number in a number column fails naming row and column', async () => {
    const root = folder(2022);
    const file = join(root, 'regional_stats.csv');
    writeFileSync(file, readFileSync(file, 'utf8').replace(',0.125,0.75,', ',abc,0.75,'));
    await expect(
      readRegionalStats({ csv: file }, { code: 'tiny2022', runName: runName(2022) }),
    ).rejects.toThrow(/row 1, column abundance_mean: 'abc' is not a number/);
  });

  it('2021 centroids read the date from `week`; a date off the weeks fails', async () => {
    const root = folder(2021);
    const file = join(root, 'weekly', `${runName(2021)}_centroids.csv`);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('species_code,week,longitude,latitude,prev_dist_km');
    const dates = lines.slice(1).map((line) => line.split(',')[1]);
    const rows = await readCentroids(file, 'tiny2021', dates);
    expect(rows.map((row) => [row.week, row.date, row.lon])).toEqual(
      lines.slice(1).map((line, i) => [i + 1, line.split(',')[1], Number(line.split(',')[2])]),
    );
    await expect(
      readCentroids(
        file,
        'tiny2021',
        dates.map((date) => `${date.slice(0, 4)}-01-01`),
      ),
    ).rejects.toThrow(/^bad_csv: .*_centroids\.csv: row 1: 2021-01-04 is not one of the 52 week dates/);
  });

  it('the all-species regional-stats parquet is filtered to the species and read with the 2023 layout', async () => {
    const root = mkdtempSync(join(tmpdir(), 'perch-parquet-'));
    const parquet = join(root, 'regional-stats_2023.parquet');
    const connection = await (await DuckDBInstance.create(':memory:')).connect();
    await connection.run(
      `COPY (SELECT * FROM (VALUES
        ('yebsap-example', 'state', 'USA-MI', 'Michigan', 'NA', 'North America', 'breeding', 0.25, 0.5, 0.5, 0.75, 0.125, 98, DATE '2023-06-14', 0.0625),
        ('amerob', 'state', 'USA-MI', 'Michigan', 'NA', 'North America', 'breeding', 9.0, 9.0, 9.0, 9.0, 9.0, 7, DATE '2023-01-04', 9.0)
      ) AS t(species_code, region_type, region_code, region_name, continent_code, continent_name, season, abundance_mean,
             total_pop_percent, continent_pop_percent, range_occupied_percent, range_total_percent, range_days_occupation,
             max_week, max_week_percent_pop)) TO '${parquet}' (FORMAT parquet)`,
    );
    const stats = await readRegionalStats({ parquet }, { code: 'yebsap', runName: 'yebsap-example' });
    expect(stats?.rows).toEqual([
      {
        species_code: 'yebsap',
        region_type: 'state',
        region_code: 'USA-MI',
        region_name: 'Michigan',
        continent_code: 'NA',
        continent_name: 'North America',
        season: 'breeding',
        abundance_mean: 0.25,
        total_pop_fraction: 0.5,
        continent_pop_fraction: 0.5,
        range_occupied_fraction: 0.75,
        range_total_fraction: 0.125,
        range_days_occupation: 98,
        max_week: '2023-06-14',
        max_week_pop_fraction: 0.0625,
      },
    ]);
  });
});
