import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_RESOLUTION_KM,
  RESOLUTIONS_KM,
  RESOLUTION_TOKENS,
  type ResolutionKm,
} from './resolution-tokens';

/**
 * Product names by output column. Release 2021 calls the population product
 * `percent-population`, 2022+ `proportion-population` (issue 15); both are the same share, so
 * each column lists every name it has had, newest first.
 */
export const WEEKLY_PRODUCTS = {
  abundance: ['abundance_median'],
  abundance_lower: ['abundance_lower'],
  abundance_upper: ['abundance_upper'],
  occurrence: ['occurrence_median'],
  count: ['count_median'],
  proportion_population: ['proportion-population_median', 'percent-population_median'],
} as const satisfies Record<string, readonly string[]>;

export const SEASONAL_PRODUCTS = {
  abundance_mean: ['abundance_seasonal_mean'],
  abundance_max: ['abundance_seasonal_max'],
  count_mean: ['count_seasonal_mean'],
  count_max: ['count_seasonal_max'],
  occurrence_mean: ['occurrence_seasonal_mean'],
  occurrence_max: ['occurrence_seasonal_max'],
  proportion_population_mean: ['proportion-population_seasonal_mean', 'percent-population_seasonal_mean'],
} as const satisfies Record<string, readonly string[]>;

/** Release 2021 also has full-year mean and max of percent-population; 2023 has neither (FORMAT.md §1c). */
export const FULL_YEAR_PRODUCTS = {
  abundance_mean: ['abundance_full-year_mean'],
  abundance_max: ['abundance_full-year_max'],
  count_mean: ['count_full-year_mean'],
  count_max: ['count_full-year_max'],
  occurrence_mean: ['occurrence_full-year_mean'],
  occurrence_max: ['occurrence_full-year_max'],
  proportion_population_mean: ['proportion-population_full-year_mean', 'percent-population_full-year_mean'],
  proportion_population_max: ['proportion-population_full-year_max', 'percent-population_full-year_max'],
} as const satisfies Record<string, readonly string[]>;

const RANGE_PRODUCTS = { smooth: ['range_smooth'], raw: ['range_raw'] } as const;

export type WeeklyProduct = keyof typeof WEEKLY_PRODUCTS;
export type SeasonalProduct = keyof typeof SEASONAL_PRODUCTS;
export type FullYearProduct = keyof typeof FULL_YEAR_PRODUCTS;

export interface StatusFiles {
  /** Always the path, present or not: its absence is the reader's error to name. */
  config: string;
  resolutionKm: ResolutionKm;
  weekly: Partial<Record<WeeklyProduct, string>>;
  seasonal: Partial<Record<SeasonalProduct, string>>;
  fullYear: Partial<Record<FullYearProduct, string>>;
  ranges: Partial<Record<'smooth' | 'raw', string>>;
  /** `weekly/band-dates.csv`: the weekly band dates (2021+). */
  bandDates?: string;
  /** `seasonal/band-seasons.csv`: the seasonal band names (2022), when the rasters lack descriptions. */
  bandSeasons?: string;
  regionalStats?: string;
  centroids?: string;
  /** `pis/pi_rangewide.csv` (2023) or `pis/pi_rangewide-ranks.csv` (2022). */
  predictorImportance?: string;
  /** Optional taxonomy CSV (species_code, common_name, scientific_name) for names. */
  taxonomy?: string;
}

function listFiles(folder: string): string[] {
  return existsSync(folder) ? readdirSync(folder).sort() : [];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/** Finds `<run>_<product>_<resolution token>_<year>.<extension>` for every product, at one resolution. */
function pick<K extends string>(
  folder: string,
  products: Record<K, readonly string[]>,
  extension: string,
  resolutionKm: ResolutionKm,
): Partial<Record<K, string>> {
  const names = listFiles(folder);
  const tokens = RESOLUTION_TOKENS[resolutionKm].join('|');
  const found: Partial<Record<K, string>> = {};
  for (const [key, aliases] of Object.entries(products) as [K, readonly string[]][]) {
    for (const product of aliases) {
      const pattern = new RegExp(`_${escapeRegExp(product)}_(${tokens})_\\d{4}\\.${extension}$`);
      const name = names.find((candidate) => pattern.test(candidate));
      if (name) {
        found[key] = join(folder, name);
        break;
      }
    }
  }
  return found;
}

/**
 * Range polygons at the chosen resolution, else at the nearest one the download has: ranges are
 * vector outlines, and eBird ships them at 27 km only in some releases (the 2023 example has no
 * 9 or 3 km ranges), so a 9 km build keeps its ranges.
 */
function rangesAt(folder: string, resolutionKm: ResolutionKm): StatusFiles['ranges'] {
  const order = [...RESOLUTIONS_KM].sort((a, b) => Math.abs(a - resolutionKm) - Math.abs(b - resolutionKm));
  for (const km of order) {
    const found = pick(folder, RANGE_PRODUCTS, 'gpkg', km);
    if (Object.keys(found).length > 0) return found;
  }
  return {};
}

/**
 * The status files of one species download folder at one resolution, in any release's naming
 * (2021 `_lr_`/`_mr_`/`_hr_`, 2022+ `_27km_`/`_9km_`/`_3km_`). Nothing is opened here.
 */
export function findStatusFiles(
  folder: string,
  resolutionKm: ResolutionKm = DEFAULT_RESOLUTION_KM,
): StatusFiles {
  const optional = (path: string) => (existsSync(path) ? path : undefined);
  const centroidName = listFiles(join(folder, 'weekly')).find((name) => name.endsWith('_centroids.csv'));
  return {
    config: join(folder, 'config.json'),
    resolutionKm,
    weekly: pick(join(folder, 'weekly'), WEEKLY_PRODUCTS, 'tif', resolutionKm),
    seasonal: pick(join(folder, 'seasonal'), SEASONAL_PRODUCTS, 'tif', resolutionKm),
    fullYear: pick(join(folder, 'seasonal'), FULL_YEAR_PRODUCTS, 'tif', resolutionKm),
    ranges: rangesAt(join(folder, 'ranges'), resolutionKm),
    bandDates: optional(join(folder, 'weekly', 'band-dates.csv')),
    bandSeasons: optional(join(folder, 'seasonal', 'band-seasons.csv')),
    regionalStats: optional(join(folder, 'regional_stats.csv')),
    centroids: centroidName ? join(folder, 'weekly', centroidName) : undefined,
    predictorImportance:
      optional(join(folder, 'pis', 'pi_rangewide.csv')) ??
      optional(join(folder, 'pis', 'pi_rangewide-ranks.csv')),
    taxonomy: optional(join(folder, 'taxonomy.csv')),
  };
}
