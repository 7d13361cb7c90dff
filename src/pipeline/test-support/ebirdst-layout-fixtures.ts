import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import { sqlString } from '../../engine';
import { makeTinyEbirdst } from './make-tiny-ebirdst';

/** Points inside the tiny raster's Michigan window (FORMAT.md §1: valid centres span lon −90.5..−82.3, lat 41.8..48.1). */
export const TINY_TREND_POINTS = [
  { srd: 280_001, lon: -85.1, lat: 44.2 },
  { srd: 280_002, lon: -84.8, lat: 44.2 },
  { srd: 280_003, lon: -85.1, lat: 44.45 },
] as const;
export const TINY_TREND_FOLDS = 2;

function renameAll(folder: string, rename: (name: string) => string): void {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) renameAll(path, rename);
    const next = rename(name);
    if (next !== name) renameSync(path, join(folder, next));
  }
}

/**
 * A tiny status folder (make-tiny-ebirdst.ts) for species `code` (run `<code>-example`) of
 * `release`: file names, config.json and the GeoPackage names rewritten, so one build can hold
 * several species in the layouts the ebirdst R package writes.
 */
export function makeTinyStatus(folder: string, code: string, release = 2023): string {
  makeTinyEbirdst(folder);
  const run = `${code}-example`;
  renameAll(folder, (name) => name.replace('tinysp-example', run).replace(/_2023\.(\w+)$/, `_${release}.$1`));
  const configFile = join(folder, 'config.json');
  const config = JSON.parse(readFileSync(configFile, 'utf8')) as Record<string, unknown>;
  config.SPECIES_CODE = [run];
  config.SRD_PRED_YEAR = [release];
  config.season_dates = (config.season_dates as Record<string, string>[]).map((season) => ({
    ...season,
    start_date: season.start_date.replace(/^2023/, String(release)),
    end_date: season.end_date.replace(/^2023/, String(release)),
  }));
  writeFileSync(configFile, JSON.stringify(config));
  const ranges = join(folder, 'ranges');
  for (const name of readdirSync(ranges)) {
    const database = new Database(join(ranges, name));
    for (const layer of ['range', 'prediction_area'])
      database
        .prepare(
          `UPDATE ${layer} SET species_code = ?, common_name = ?, start_date = replace(start_date, '2023', ?), end_date = replace(end_date, '2023', ?)`,
        )
        .run(code, `Tiny ${code}`, String(release), String(release));
    database.close();
  }
  return folder;
}

async function copyToParquet(sql: string, file: string): Promise<void> {
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  await connection.run(`COPY (${sql}) TO ${sqlString(file)} (FORMAT parquet)`);
  connection.closeSync();
}

/**
 * Trends files of one species and season as eBird names them (`<run>_<season>_ebird-trends_<year>.parquet`,
 * `_folds_`, `_model-summary.csv`), with the columns of FORMAT.md §4, at TINY_TREND_POINTS.
 */
export async function makeTinyTrends(folder: string, run: string, release = 2022, season = 'breeding') {
  mkdirSync(folder, { recursive: true });
  const prefix = join(folder, `${run}_${season}_ebird-trends`);
  const values = TINY_TREND_POINTS.map(
    (point, index) =>
      `(${sqlString(run)}, ${sqlString(season)}, 2012, ${release}, '05-24', '08-16', ${point.srd}::INTEGER, ${point.lon}, ${point.lat}, ${0.3 + index / 10}, ${index - 1}.5, ${index - 2}.0, ${index}.0, ${index !== 1}, ${index * 10}.0, ${index * 10 - 5}.0, ${index * 10 + 5}.0)`,
  );
  await copyToParquet(
    `SELECT * FROM (VALUES ${values.join(', ')}) t(species_code, season, start_year, end_year, start_date, end_date, srd_id, longitude, latitude, abd, abd_ppy, abd_ppy_lower, abd_ppy_upper, abd_ppy_nonzero, abd_trend, abd_trend_lower, abd_trend_upper)`,
    `${prefix}_${release}.parquet`,
  );
  const folds = TINY_TREND_POINTS.flatMap((point) =>
    Array.from(
      { length: TINY_TREND_FOLDS },
      (_, fold) =>
        `(${sqlString(run)}, ${sqlString(season)}, ${fold + 1}.0, ${point.srd}::INTEGER, ${point.lat}, ${point.lon}, 0.3, ${fold}.0)`,
    ),
  );
  await copyToParquet(
    `SELECT * FROM (VALUES ${folds.join(', ')}) t(species_code, season, fold, srd_id, latitude, longitude, abd, abd_ppy)`,
    `${prefix}_folds_${release}.parquet`,
  );
  writeFileSync(
    `${prefix}_model-summary.csv`,
    `species_code,common_name,season,modeled_region,start_year,end_year,start_date,end_date,rsquared,beta0\n${run},Tiny,${season},north_america,2012,${release},05-24,08-16,0.85,0.22\n`,
  );
}

export const REGIONAL_SEASONS = ['breeding', 'nonbreeding'] as const;

/** The 2023 regional_stats.csv columns (FORMAT.md §3) plus species_code, as ebirdst 4.2023's all-species parquet. */
export async function makeRegionalStatsParquet(file: string, runs: string[]): Promise<void> {
  const rows = runs.flatMap((run) =>
    REGIONAL_SEASONS.map(
      (season) =>
        `(${sqlString(run)}, 'state', 'USA-MI', 'Michigan', 'NA', 'North America', ${sqlString(season)}, 0.25, 0.01, 0.02, 0.5, 0.03, 70, DATE '2023-06-14', 0.001)`,
    ),
  );
  await copyToParquet(
    `SELECT * FROM (VALUES ${rows.join(', ')}) t(species_code, region_type, region_code, region_name, continent_code, continent_name, season, abundance_mean, total_pop_percent, continent_pop_percent, range_occupied_percent, range_total_percent, range_days_occupation, max_week, max_week_percent_pop)`,
    file,
  );
}
