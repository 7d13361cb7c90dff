import { DuckDBInstance } from '@duckdb/node-api';
import { sqlString } from '../../engine';
import type { Row } from '../tables/stage';
import { readCsvTable } from './read-csv';
import { type ReleaseLayout, readWithLayout, type TextTable } from './release-columns';

type RegionalField =
  | 'species_code'
  | 'region_type'
  | 'region_code'
  | 'region_name'
  | 'region_area_km2'
  | 'continent_code'
  | 'continent_name'
  | 'season'
  | 'abundance_mean'
  | 'total_pop_fraction'
  | 'continent_pop_fraction'
  | 'range_occupied_fraction'
  | 'range_total_fraction'
  | 'range_days_occupation'
  | 'max_week'
  | 'max_week_pop_fraction';

/**
 * The two headers eBird has written. 2023 (FORMAT.md §3, and the columns ebirdst 4.2023
 * documents for `load_regional_stats` and the all-species `regional-stats_<year>.parquet`);
 * `region_area_km2` is optional there because ebirdst drops it on load, so some 2023 files still
 * carry it. 2022: `range_percent_occupied` (2023's range_occupied_percent), `region_area_km2`,
 * and no continent or max_week columns. Release 2021 wrote no regional statistics.
 */
const LAYOUTS: ReleaseLayout<RegionalField>[] = [
  {
    name: '2023',
    columns: {
      species_code: { from: 'species_code', kind: 'text' },
      region_type: { from: 'region_type', kind: 'text' },
      region_code: { from: 'region_code', kind: 'text' },
      region_name: { from: 'region_name', kind: 'text' },
      region_area_km2: { from: 'region_area_km2', kind: 'number', optional: true },
      continent_code: { from: 'continent_code', kind: 'text' },
      continent_name: { from: 'continent_name', kind: 'text' },
      season: { from: 'season', kind: 'text' },
      abundance_mean: { from: 'abundance_mean', kind: 'number' },
      total_pop_fraction: { from: 'total_pop_percent', kind: 'number' },
      continent_pop_fraction: { from: 'continent_pop_percent', kind: 'number' },
      range_occupied_fraction: { from: 'range_occupied_percent', kind: 'number' },
      range_total_fraction: { from: 'range_total_percent', kind: 'number' },
      range_days_occupation: { from: 'range_days_occupation', kind: 'integer' },
      max_week: { from: 'max_week', kind: 'date' },
      max_week_pop_fraction: { from: 'max_week_percent_pop', kind: 'number' },
    },
  },
  {
    name: '2022',
    columns: {
      species_code: { from: 'species_code', kind: 'text' },
      region_type: { from: 'region_type', kind: 'text' },
      region_code: { from: 'region_code', kind: 'text' },
      region_name: { from: 'region_name', kind: 'text' },
      region_area_km2: { from: 'region_area_km2', kind: 'number' },
      season: { from: 'season', kind: 'text' },
      abundance_mean: { from: 'abundance_mean', kind: 'number' },
      total_pop_fraction: { from: 'total_pop_percent', kind: 'number' },
      range_occupied_fraction: { from: 'range_percent_occupied', kind: 'number' },
      range_total_fraction: { from: 'range_total_percent', kind: 'number' },
      range_days_occupation: { from: 'range_days_occupation', kind: 'integer' },
    },
  },
];

export interface RegionalStatsSource {
  /** The species' own `regional_stats.csv`. */
  csv?: string;
  /** ebirdst 4.2023's `<datadir>/<year>/regional-stats_<year>.parquet`, all species in one file. */
  parquet?: string;
}

export interface RegionalStats {
  file: string;
  /** Rows of `regional_stats`, with keys only for the columns the file has (others are absent, not NULL). */
  rows: Row[];
}

/** The parquet's rows of one species as text cells, so they go through the same layouts as the CSV. */
async function parquetRows(file: string, runCodes: string[]): Promise<TextTable> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const source = `read_parquet(${sqlString(file)})`;
    const names = (await connection.runAndReadAll(`SELECT * FROM ${source} LIMIT 0`)).columnNames();
    // Without species_code the file cannot be split by species: the layout check then names the column.
    const where = names.includes('species_code')
      ? `WHERE species_code IN (${runCodes.map(sqlString).join(', ')})`
      : 'WHERE false';
    const reader = await connection.runAndReadAll(
      `SELECT ${names.map((name) => `"${name.replaceAll('"', '""')}"::VARCHAR`).join(', ')} FROM ${source} ${where}`,
    );
    return {
      file,
      columns: names,
      rows: reader.getRows().map((row) => row.map((value) => (value === null ? null : String(value)))),
    };
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/**
 * Reads one species' regional statistics: its own CSV when the folder has one, else its rows of
 * the all-species parquet (matched by run name or species code). Undefined when neither holds any.
 */
export async function readRegionalStats(
  source: RegionalStatsSource,
  species: { code: string; runName: string },
): Promise<RegionalStats | undefined> {
  let table: TextTable | undefined;
  if (source.csv) table = await readCsvTable(source.csv);
  else if (source.parquet) table = await parquetRows(source.parquet, [species.runName, species.code]);
  if (!table) return undefined;
  const read = readWithLayout(table, LAYOUTS, 'regional statistics');
  if (read.rows.length === 0) return undefined;
  return {
    file: read.file,
    // The files say the run name (yebsap-example); every table keys by the taxonomy code.
    rows: read.rows.map((row) => ({ ...row, species_code: species.code })),
  };
}
