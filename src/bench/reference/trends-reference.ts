/**
 * Independent trend figures for src/bench/questions/offline-extra.json: native DuckDB
 * (@duckdb/node-api) reads the ORIGINAL trends Parquet files of the eBird S&T example and hands
 * back raw rows; every statistic is then computed here in plain TypeScript (not Perch's SQL).
 *
 * usage: npx tsx src/bench/reference/trends-reference.ts [trends_dir] > src/bench/reference/trends-figures.json
 */
import { resolve } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';

const DIR = resolve(process.argv[2] ?? '../shared/data/ebirdst-example/2022-yebsap-example-trends');
const TRENDS = `${DIR}/yebsap-example_breeding_ebird-trends_2022.parquet`;
const FOLDS = `${DIR}/yebsap-example_breeding_ebird-trends_folds_2022.parquet`;

/** Linear interpolation between order statistics (numpy's default, DuckDB's quantile_cont). */
function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}

const weightedMean = (rows: readonly { abd: number; abd_ppy: number }[]) =>
  rows.reduce((sum, row) => sum + row.abd * row.abd_ppy, 0) / rows.reduce((sum, row) => sum + row.abd, 0);

const instance = await DuckDBInstance.create(':memory:');
const connection = await instance.connect();
const read = async (sql: string) =>
  (await connection.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[];
const cells = (
  await read(
    `SELECT srd_id, abd, abd_ppy, abd_ppy_lower, abd_ppy_upper, start_year, end_year FROM read_parquet('${TRENDS}')`,
  )
).map((row) => ({
  srd_id: Number(row.srd_id),
  abd: Number(row.abd),
  abd_ppy: Number(row.abd_ppy),
  lower: Number(row.abd_ppy_lower),
  upper: Number(row.abd_ppy_upper),
  start: Number(row.start_year),
  end: Number(row.end_year),
}));
const folds = (await read(`SELECT fold, srd_id, abd, abd_ppy FROM read_parquet('${FOLDS}')`)).map((row) => ({
  fold: Number(row.fold),
  srd_id: Number(row.srd_id),
  abd: Number(row.abd),
  abd_ppy: Number(row.abd_ppy),
}));

const byFold = new Map<number, { abd: number; abd_ppy: number }[]>();
for (const row of folds) byFold.set(row.fold, [...(byFold.get(row.fold) ?? []), row]);
const perFold = [...byFold.values()].map(weightedMean);
const median = quantile(perFold, 0.5);
const years = cells[0]!.end - cells[0]!.start;
const ppy = cells.map((cell) => cell.abd_ppy);
// abd_ppy_nonzero is TRUE iff the 80% interval excludes zero (FORMAT.md §4); recomputed from the bounds here.
const excludesZero = cells.filter((cell) => cell.lower > 0 || cell.upper < 0);

console.log(
  JSON.stringify(
    {
      about:
        'Computed by src/bench/reference/trends-reference.ts: native DuckDB reads the original trends Parquet files; statistics computed in TypeScript.',
      breeding: {
        n_rows: cells.length,
        start_year: cells[0]!.start,
        end_year: cells[0]!.end,
        cell_mean_ppy: ppy.reduce((sum, value) => sum + value, 0) / ppy.length,
        cell_median_ppy: quantile(ppy, 0.5),
        n_negative: ppy.filter((value) => value < 0).length,
        n_positive: ppy.filter((value) => value > 0).length,
        n_declining_ci_excludes_zero: excludesZero.filter((cell) => cell.abd_ppy < 0).length,
        n_increasing_ci_excludes_zero: excludesZero.filter((cell) => cell.abd_ppy > 0).length,
        weighted_mean_ppy: weightedMean(cells),
        folds: perFold.length,
        regional_ppy_median_folds: median,
        regional_ppy_80ci: [quantile(perFold, 0.1), quantile(perFold, 0.9)],
        regional_cumulative_percent: 100 * ((1 + median / 100) ** years - 1),
      },
    },
    null,
    1,
  ),
);
connection.closeSync();
