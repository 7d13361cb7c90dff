import { sqlString } from '../../engine';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PipelineError } from '../pipeline-error';
import type { CellRegions } from '../geo/assign-cell-regions';
import type { Stage } from '../tables/stage';
import { readCsv } from './read-csv';

export interface TrendsFiles {
  trends: string;
  folds?: string;
  summary?: string;
  release: number;
}

/** `<run>_<season>_ebird-trends_<year>.parquet` (+ `_folds_`, `_model-summary.csv`), as eBird names them. */
export function findTrendsFiles(folder: string): TrendsFiles | undefined {
  const names = readdirSync(folder);
  const trends = names.find((name) => /_ebird-trends_\d{4}\.parquet$/.test(name));
  if (!trends) return undefined;
  const folds = names.find((name) => /_ebird-trends_folds_\d{4}\.parquet$/.test(name));
  const summary = names.find((name) => name.endsWith('_ebird-trends_model-summary.csv'));
  return {
    trends: join(folder, trends),
    folds: folds && join(folder, folds),
    summary: summary && join(folder, summary),
    release: Number(trends.match(/_(\d{4})\.parquet$/)![1]),
  };
}

const TRENDS_COLUMNS = [
  'species_code',
  'season',
  'start_year',
  'end_year',
  'start_date',
  'end_date',
  'srd_id',
  'longitude',
  'latitude',
  'abd',
  'abd_ppy',
  'abd_ppy_lower',
  'abd_ppy_upper',
  'abd_ppy_nonzero',
  'abd_trend',
  'abd_trend_lower',
  'abd_trend_upper',
];

async function requireColumns(stage: Stage, file: string, columns: string[]): Promise<void> {
  let present: string[];
  try {
    const result = await stage.connection.runAndReadAll(
      `SELECT column_name FROM (DESCRIBE SELECT * FROM read_parquet(${sqlString(file)}))`,
    );
    present = result.getRows().map((row) => String(row[0]));
  } catch (error) {
    throw new PipelineError(
      'unknown_layout',
      file,
      `not a readable parquet file (${(error as Error).message})`,
      'Download the trends files again',
    );
  }
  const missing = columns.filter((name) => !present.includes(name));
  if (missing.length > 0)
    throw new PipelineError(
      'unknown_layout',
      file,
      `missing column(s) ${missing.join(', ')}`,
      'Use the trends parquet as eBird ships it',
    );
}

/**
 * Loads one trends folder into the stage tables. Run names (`yebsap-example`) become taxonomy codes
 * through `speciesOfRun` (the status release of the same year, else the newest); trend cells get region codes from their centre (they are not 27 km cells).
 * Returns the species codes it loaded.
 */
export async function stageTrendsFolder(
  stage: Stage,
  files: TrendsFiles,
  speciesOfRun: (run: string) => string | undefined,
  locate: (lon: number, lat: number) => CellRegions,
): Promise<string[]> {
  await requireColumns(stage, files.trends, TRENDS_COLUMNS);
  const connection = stage.connection;
  await connection.run(`CREATE OR REPLACE TEMP TABLE run_species (run_name VARCHAR, species_code VARCHAR)`);
  const runs = (
    await connection.runAndReadAll(
      `SELECT DISTINCT species_code FROM read_parquet(${sqlString(files.trends)})`,
    )
  )
    .getRows()
    .map((row) => String(row[0]));
  for (const run of runs) {
    await connection.run(
      `INSERT INTO run_species VALUES (${sqlString(run)}, ${sqlString(speciesOfRun(run) ?? run)})`,
    );
  }
  const points = (
    await connection.runAndReadAll(
      `SELECT DISTINCT srd_id, longitude, latitude FROM read_parquet(${sqlString(files.trends)})`,
    )
  ).getRows();
  await connection.run(
    `CREATE OR REPLACE TEMP TABLE srd_regions (srd_id INTEGER, country_code VARCHAR, state_code VARCHAR)`,
  );
  const appender = await connection.createAppender('srd_regions', 'main', 'temp');
  for (const [srd, lon, lat] of points) {
    const regions = locate(Number(lon), Number(lat));
    appender.appendInteger(Number(srd));
    regions.country_code === null ? appender.appendNull() : appender.appendVarchar(regions.country_code);
    regions.state_code === null ? appender.appendNull() : appender.appendVarchar(regions.state_code);
    appender.endRow();
  }
  appender.closeSync();
  await connection.run(`INSERT INTO trends SELECT s.species_code, t.season, ${files.release}, t.start_year, t.end_year, t.start_date, t.end_date,
      t.srd_id, t.longitude, t.latitude, r.country_code, r.state_code, t.abd, t.abd_ppy, t.abd_ppy_lower, t.abd_ppy_upper,
      t.abd_ppy_nonzero, t.abd_trend, t.abd_trend_lower, t.abd_trend_upper
    FROM read_parquet(${sqlString(files.trends)}) t JOIN run_species s ON s.run_name = t.species_code LEFT JOIN srd_regions r USING (srd_id)`);
  if (files.folds) {
    await requireColumns(stage, files.folds, [
      'species_code',
      'season',
      'fold',
      'srd_id',
      'longitude',
      'latitude',
      'abd',
      'abd_ppy',
    ]);
    await connection.run(`INSERT INTO trends_folds SELECT s.species_code, t.season, t.fold::INTEGER, t.srd_id, t.longitude, t.latitude, t.abd, t.abd_ppy
      FROM read_parquet(${sqlString(files.folds)}) t JOIN run_species s ON s.run_name = t.species_code`);
  }
  if (files.summary) {
    const rows = await readCsv(files.summary, [
      'species_code',
      'season',
      'start_year',
      'end_year',
      'rsquared',
      'beta0',
    ]);
    await stage.append(
      'trends_summary',
      rows.map((row) => ({
        ...row,
        species_code: speciesOfRun(row.species_code) ?? row.species_code,
        rsquared: Number(row.rsquared),
        beta0: Number(row.beta0),
      })),
    );
  }
  return runs.map((run) => speciesOfRun(run) ?? run);
}
