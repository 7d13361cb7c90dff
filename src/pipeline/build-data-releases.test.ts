import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../catalog/types';
import { openHarness } from '../tools/test-support/tool-harness';
import { buildData } from './build-data';
import { makeTinyEbirdst } from './test-support/make-tiny-ebirdst';
import {
  PRODUCT,
  RELEASE_WINDOW,
  SEASONAL_BAND_ORDER,
  makeTinyRelease,
  releaseValue,
  runName,
} from './test-support/tiny-release-folder';

// Issue 15: a 2021- and a 2022-convention download each build, and what they lack is absent.

let connection: DuckDBConnection;
beforeAll(async () => {
  connection = await (await DuckDBInstance.create(':memory:')).connect();
});

async function rows(sql: string): Promise<unknown[][]> {
  return (await connection.runAndReadAll(sql)).getRows();
}

async function parquetColumns(file: string): Promise<string[]> {
  return (await rows(`SELECT column_name FROM (DESCRIBE SELECT * FROM read_parquet('${file}'))`)).map((row) =>
    String(row[0]),
  );
}

/** CSV text → records, written here so the expectation does not share the pipeline's reader. */
function csvRecords(file: string): Record<string, string>[] {
  const [header, ...lines] = readFileSync(file, 'utf8').trim().split('\n');
  const names = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [names[i], cell])));
}

async function build(release: 2021 | 2022, options = {}) {
  const root = mkdtempSync(join(tmpdir(), `perch-build-${release}-`));
  const input = join(root, `${release}`, runName(release));
  makeTinyRelease(input, release, options);
  const out = join(root, 'out');
  const messages: string[] = [];
  await buildData({
    prebuild: false,
    ebirdst: [input],
    outDir: out,
    onProgress: (event) => messages.push(event.message),
  });
  const catalog = JSON.parse(readFileSync(join(out, 'catalog.json'), 'utf8')) as Catalog;
  return { input, out, catalog, messages };
}

/** Valid pixels (0..4) of the fixture window in cell order, as [row, column] offsets. */
const PIXELS = [0, 1, 2, 3, 4];

describe('buildData on a release 2021 download', () => {
  let built: Awaited<ReturnType<typeof build>>;
  beforeAll(async () => {
    built = await build(2021);
  }, 120_000);

  it('weeks are the dates of band-dates.csv (not 2022 day numbers)', async () => {
    const expected = csvRecords(join(built.input, 'weekly', 'band-dates.csv')).map((row) => [
      2021,
      Number(row.band),
      row.date,
    ]);
    const weeks = await rows(
      `SELECT release, week, strftime(date, '%Y-%m-%d') FROM '${built.out}/weeks.parquet' ORDER BY week`,
    );
    expect(weeks).toEqual(expected);
    expect(weeks[26][2]).toBe('2021-07-06');
  });

  it('proportion_population comes from the percent-population raster', async () => {
    const values = await rows(
      `SELECT week, proportion_population, abundance FROM '${built.out}/weekly/*.parquet' WHERE week IN (1, 27) ORDER BY week, cell_id`,
    );
    const expected = [1, 27].flatMap((week) =>
      PIXELS.map((pixel) => [
        week,
        releaseValue(PRODUCT.population, pixel, week - 1),
        releaseValue(PRODUCT.abundance, pixel, week - 1),
      ]),
    );
    expect(values).toHaveLength(expected.length);
    values.forEach((row, i) => {
      expect(row[0]).toBe(expected[i][0]);
      expect(row[1] as number).toBeCloseTo(expected[i][1], 6);
      expect(row[2] as number).toBeCloseTo(expected[i][2], 6);
    });
    expect(built.catalog.tables.weekly.columns.map((column) => column.name)).toEqual([
      'species_code',
      'week',
      'date',
      'cell_id',
      'country_code',
      'state_code',
      'abundance',
      'proportion_population',
    ]);
  });

  it('seasons come from the seasonal band descriptions; the empty seasons table is noted', async () => {
    const seasonal = await rows(
      `SELECT season, proportion_population_mean, proportion_population_max FROM '${built.out}/seasonal/*.parquet' WHERE cell_id = (SELECT min(cell_id) + 1 FROM '${built.out}/cells.parquet') ORDER BY season`,
    );
    const expected = [
      ...SEASONAL_BAND_ORDER.map((season, band) => [
        season,
        releaseValue(PRODUCT.populationSeasonal, 1, band),
        null,
      ]),
      ['full_year', releaseValue(PRODUCT.fullYear, 1, 0), releaseValue(PRODUCT.fullYear + 1, 1, 0)],
    ].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(seasonal.map((row) => [row[0], row[2] === null ? null : 'value'])).toEqual(
      expected.map((row) => [row[0], row[2] === null ? null : 'value']),
    );
    for (const [i, row] of seasonal.entries())
      expect(row[1] as number).toBeCloseTo(expected[i][1] as number, 6);
    expect(await rows(`SELECT count(*) FROM '${built.out}/seasons.parquet'`)).toEqual([[0n]]);
    expect(built.messages.join('\n')).toMatch(
      /config\.json has no season_dates: the seasons table has no rows/,
    );
  });

  it('centroid weeks are read from the `week` date column; there are no regional stats', async () => {
    const expected = csvRecords(join(built.input, 'weekly', `${runName(2021)}_centroids.csv`)).map(
      (row, i) => [i + 1, row.week, Number(row.latitude)],
    );
    expect(
      await rows(
        `SELECT week, strftime(date, '%Y-%m-%d'), lat FROM '${built.out}/centroids.parquet' ORDER BY week`,
      ),
    ).toEqual(expected);
    expect(built.catalog.tables.regional_stats.rows).toBe(0);
    const [[products]] = await rows(`SELECT products FROM '${built.out}/species.parquet'`);
    expect(String(products).split(',')).not.toContain('regional_stats');
  });
});

const MISSING_IN_2022 = [
  'continent_code',
  'continent_name',
  'continent_pop_fraction',
  'max_week',
  'max_week_pop_fraction',
];

describe('a release 2021 download whose seasonal bands are not named', () => {
  it('builds the weekly data and leaves the seasonal product out with a note naming the file', async () => {
    const built = await build(2021, { seasonalBandNames: false });
    expect(built.messages.join('\n')).toMatch(
      /missing_band: .*_abundance_seasonal_mean_lr_2021\.tif: band\(s\) 1, 2, 3, 4 have no season name.*left out of this build; weekly questions still work/,
    );
    expect(await rows(`SELECT count(*) FROM '${built.out}/weekly/*.parquet'`)).toEqual([[5n * 52n]]);
    // Only the full-year band (named full_year) is left in the seasonal table.
    expect(await rows(`SELECT DISTINCT season FROM '${built.out}/seasonal/*.parquet'`)).toEqual([
      ['full_year'],
    ]);
  }, 120_000);
});

describe('a release 2022 download whose band-seasons.csv has a header we do not know', () => {
  it('notes the file, and with no band descriptions either leaves only the seasonal product out', async () => {
    const root = mkdtempSync(join(tmpdir(), 'perch-band-seasons-'));
    const input = join(root, '2022', runName(2022));
    makeTinyRelease(input, 2022);
    writeFileSync(join(input, 'seasonal', 'band-seasons.csv'), 'layer,name\n1,breeding\n');
    const out = join(root, 'out');
    const messages: string[] = [];
    await buildData({
      prebuild: false,
      ebirdst: [input],
      outDir: out,
      onProgress: (event) => messages.push(event.message),
    });
    const text = messages.join('\n');
    expect(text).toMatch(/band-seasons\.csv: .*named by their descriptions instead/);
    expect(text).toMatch(/have no season name.*left out of this build/);
    expect(await rows(`SELECT count(*) FROM '${out}/weekly/*.parquet'`)).toEqual([[5n * 52n]]);
  }, 120_000);
});

describe('buildData on a release 2022 download', () => {
  let built: Awaited<ReturnType<typeof build>>;
  beforeAll(async () => {
    built = await build(2022);
  }, 120_000);

  it('regional stats hold the 2022 CSV values; 2023-only columns are absent from parquet and catalog', async () => {
    const csv = csvRecords(join(built.input, 'regional_stats.csv'));
    const number = (text: string) => (text === 'NA' ? null : Number(text));
    const expected = csv
      .map((row) => [
        row.region_code,
        row.season,
        number(row.region_area_km2),
        number(row.abundance_mean),
        number(row.total_pop_percent),
        number(row.range_percent_occupied),
        number(row.range_total_percent),
        number(row.range_days_occupation),
      ])
      .sort((a, b) => `${a[0]} ${a[1]}`.localeCompare(`${b[0]} ${b[1]}`));
    expect(
      await rows(
        `SELECT region_code, season, region_area_km2, abundance_mean, total_pop_fraction, range_occupied_fraction, range_total_fraction, range_days_occupation FROM '${built.out}/regional_stats.parquet' ORDER BY region_code, season`,
      ),
    ).toEqual(expected);
    const inParquet = await parquetColumns(join(built.out, 'regional_stats.parquet'));
    const inCatalog = built.catalog.tables.regional_stats.columns.map((column) => column.name);
    for (const names of [inParquet, inCatalog]) {
      expect(names).toContain('region_area_km2');
      for (const name of MISSING_IN_2022) expect(names).not.toContain(name);
    }
    expect(inCatalog).toEqual(inParquet);
  });

  it("a season question answers with eBird's 2022 regional figures, not a SQL error on the absent max_week", async () => {
    const harness = await openHarness(built.out);
    try {
      const outcome = await harness.call('query_status', {
        species: ['tiny2022'],
        measure: 'abundance',
        operation: 'value',
        times: [{ kind: 'season', season: 'breeding' }],
        places: [],
      });
      if (!outcome.envelope.ok) throw new Error(JSON.stringify(outcome.envelope.error));
      const subject = (
        outcome.envelope.data as {
          subjects: { regional_stats?: { code: string; total_pop_fraction: number; max_week: null }[] }[];
        }
      ).subjects[0]!;
      const csv = csvRecords(join(built.input, 'regional_stats.csv')).filter(
        (row) => row.season === 'breeding',
      );
      expect(
        subject.regional_stats?.map((row) => [row.code, row.total_pop_fraction, row.max_week]).sort(),
      ).toEqual(csv.map((row) => [row.region_code, Number(row.total_pop_percent), null]).sort());
    } finally {
      await harness.close();
    }
  });

  it('predictor importance comes from pi_rangewide-ranks.csv, with no response column', async () => {
    const expected = csvRecords(join(built.input, 'pis', 'pi_rangewide-ranks.csv'))
      .map((row) => [row.predictor, Number(row.rangewide_rank), Number(row.rank)])
      .sort((a, b) => Number(a[2]) - Number(b[2]));
    expect(
      await rows(
        `SELECT predictor, rank_mean, rank FROM '${built.out}/predictor_importance.parquet' ORDER BY rank`,
      ),
    ).toEqual(expected);
    expect(await parquetColumns(join(built.out, 'predictor_importance.parquet'))).not.toContain('response');
    expect(built.catalog.tables.predictor_importance.columns.map((column) => column.name)).not.toContain(
      'response',
    );
  });

  it('seasonal bands are named by band-seasons.csv; seasons and weeks from the 2022 config', async () => {
    const bandSeasons = csvRecords(join(built.input, 'seasonal', 'band-seasons.csv'));
    const firstCell = (await rows(`SELECT min(cell_id) + 2 FROM '${built.out}/cells.parquet'`))[0][0];
    const seasonal = await rows(
      `SELECT season, abundance_mean FROM '${built.out}/seasonal/*.parquet' WHERE cell_id = ${firstCell} AND season <> 'full_year'`,
    );
    const bySeason = new Map(seasonal.map((row) => [row[0], row[1] as number]));
    for (const row of bandSeasons)
      expect(bySeason.get(row.season)).toBeCloseTo(
        releaseValue(PRODUCT.seasonalMean, 2, Number(row.band) - 1),
        6,
      );

    expect(await rows(`SELECT count(*) FROM '${built.out}/seasons.parquet'`)).toEqual([[4n]]);
    const weeks = await rows(
      `SELECT strftime(date, '%Y-%m-%d') FROM '${built.out}/weeks.parquet' WHERE week = 27`,
    );
    expect(weeks).toEqual([[csvRecords(join(built.input, 'weekly', 'band-dates.csv'))[26].date]]);
  });
});

describe('buildData over releases 2022 and 2023', () => {
  it('a column only 2023 has lists its release in the catalog and is NULL in 2022 rows', async () => {
    const root = mkdtempSync(join(tmpdir(), 'perch-build-mixed-'));
    const old = join(root, '2022', runName(2022));
    makeTinyRelease(old, 2022);
    const newer = join(root, '2023', 'tinysp-example');
    makeTinyEbirdst(newer);
    writeFileSync(
      join(newer, 'regional_stats.csv'),
      'species_code,region_type,region_code,region_name,continent_code,continent_name,season,abundance_mean,total_pop_percent,continent_pop_percent,range_occupied_percent,range_total_percent,range_days_occupation,max_week,max_week_percent_pop\n' +
        'tinysp-example,state,USA-MI,Michigan,NA,North America,breeding,0.5,0.25,0.25,0.125,0.0625,91,2023-06-14,0.03125\n',
    );
    const out = join(root, 'out');
    await buildData({ prebuild: false, ebirdst: [old, newer], outDir: out });
    const catalog = JSON.parse(readFileSync(join(out, 'catalog.json'), 'utf8')) as Catalog;
    const columns = new Map(catalog.tables.regional_stats.columns.map((column) => [column.name, column]));
    for (const name of MISSING_IN_2022) {
      expect(columns.get(name)?.releases, name).toEqual([2023]);
      expect(columns.get(name)?.meaning, name).toMatch(/Only release 2023 has this column/);
    }
    expect(columns.get('region_area_km2')?.releases).toEqual([2022]);
    expect(columns.get('abundance_mean')?.releases).toBeUndefined();
    expect(
      await rows(
        `SELECT species_code, strftime(max_week, '%Y-%m-%d'), continent_code, region_area_km2 FROM '${out}/regional_stats.parquet' WHERE season = 'breeding' AND region_code = 'USA-MI' ORDER BY species_code`,
      ),
    ).toEqual([
      ['tiny2022', null, null, 250493.25],
      ['tinysp', '2023-06-14', 'NA', null],
    ]);
  }, 120_000);
});

describe('a build without seasonal/', () => {
  it('seasonal_summary says the product is not in this build; weekly questions still work', async () => {
    const built = await build(2022, { seasonal: false });
    expect(built.catalog.tables.seasonal.files).toEqual([]);
    const harness = await openHarness(built.out);
    try {
      const outcome = await harness.call('seasonal_summary', { species: 'tiny2022' });
      expect(outcome.envelope.ok).toBe(false);
      if (outcome.envelope.ok) return;
      expect(outcome.envelope.error.message).toBe(
        'no_data: the seasonal product is not in this build for Tiny 2022 Bird (tiny2022); weekly questions still work.',
      );
      const weekly = await harness.call('weekly_series', { species: 'tiny2022' });
      expect(weekly.envelope.ok).toBe(true);
    } finally {
      await harness.close();
    }
  }, 120_000);
});

// The fixture window must be what the expectations above index by pixel.
it('fixture window is 2 × 3 with pixel 5 empty', () => {
  expect(RELEASE_WINDOW.rows * RELEASE_WINDOW.columns).toBe(6);
  expect(Number.isNaN(releaseValue(PRODUCT.abundance, 5, 0))).toBe(true);
});
