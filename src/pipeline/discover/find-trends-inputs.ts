import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TrendsInput } from './discovery';

// `<run>_<season>_ebird-trends_<year>.parquet`; run names use hyphens (`yebsap-example`) and
// seasons underscores (`postbreeding_migration`), so the run ends at the first underscore.
const TRENDS_NAME = /^([^_]+)_(.+)_ebird-trends_(\d{4})\.parquet$/;

/**
 * The trends models in one folder, one per `<run>_<season>_ebird-trends_<year>.parquet`, each with
 * its `_folds_` parquet and `_model-summary.csv` when present. A folder holding several seasons
 * gives several inputs (the former classifier kept only the first file it listed).
 */
export function findTrendsInputs(folder: string): TrendsInput[] {
  if (!existsSync(folder)) return [];
  const names = readdirSync(folder).sort();
  return names.flatMap((name) => {
    const match = name.match(TRENDS_NAME);
    if (!match) return [];
    const [, runName, season, year] = match;
    const prefix = `${runName}_${season}_ebird-trends`;
    const folds = `${prefix}_folds_${year}.parquet`;
    const summary = `${prefix}_model-summary.csv`;
    return [
      {
        runName,
        season,
        release: Number(year),
        trends: join(folder, name),
        ...(names.includes(folds) ? { folds: join(folder, folds) } : {}),
        ...(names.includes(summary) ? { summary: join(folder, summary) } : {}),
      },
    ];
  });
}
