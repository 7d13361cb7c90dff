import type { ResolutionKm } from '../read/resolution-tokens';
import type { TrendsFiles } from '../read/stage-trends-folder';

/** One species' status products of one release: a folder holding config.json beside weekly/, seasonal/, ranges/. */
export interface StatusInput {
  /** Real path of the species folder (`…/2023/yebsap-example`). */
  folder: string;
  /** eBird's run name (`yebsap-example`): config `SPECIES_CODE`, else the product file names, else the folder name. */
  runName: string;
  release: number;
  /** Where `release` was read: the product file names win over config.json, which wins over a `<year>` parent folder. */
  releaseFrom: 'file names' | 'config.json' | 'folder name';
  /** Resolutions whose rasters are in weekly/ or seasonal/ (or ranges in ranges/), coarsest first. */
  resolutions: ResolutionKm[];
  /**
   * ebirdst 4.2023 writes one `<data dir>/<year>/regional-stats_<year>.parquet` for every species of
   * the release (columns of regional_stats.csv plus species_code); the species folder then may have
   * no regional_stats.csv. Set when that file sits in the folder's parent and carries this release.
   */
  regionalStatsParquet?: string;
}

/** One trends model (one species, one season) of one release, as `stageTrendsFolder` reads it. */
export interface TrendsInput extends TrendsFiles {
  /** Run name from the file name (`yebsap-example_breeding_ebird-trends_2022.parquet` → `yebsap-example`). */
  runName: string;
  season: string;
}

/** Something the search met and did not take, with the reason, so a person can see why. */
export interface IgnoredEntry {
  path: string;
  reason: string;
}

/** Everything the given paths hold, each input once (by real path). */
export interface Discovery {
  status: StatusInput[];
  trends: TrendsInput[];
  ignored: IgnoredEntry[];
  /** E.g. a folder given twice, taken once. */
  notes: string[];
}
