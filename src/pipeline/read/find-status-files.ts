import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const WEEKLY_PRODUCTS = {
  abundance: 'abundance_median',
  abundance_lower: 'abundance_lower',
  abundance_upper: 'abundance_upper',
  occurrence: 'occurrence_median',
  count: 'count_median',
  proportion_population: 'proportion-population_median',
} as const;

export const SEASONAL_PRODUCTS = {
  abundance_mean: 'abundance_seasonal_mean',
  abundance_max: 'abundance_seasonal_max',
  count_mean: 'count_seasonal_mean',
  count_max: 'count_seasonal_max',
  occurrence_mean: 'occurrence_seasonal_mean',
  occurrence_max: 'occurrence_seasonal_max',
  proportion_population_mean: 'proportion-population_seasonal_mean',
} as const;

export const FULL_YEAR_PRODUCTS = {
  abundance_mean: 'abundance_full-year_mean',
  abundance_max: 'abundance_full-year_max',
  count_mean: 'count_full-year_mean',
  count_max: 'count_full-year_max',
  occurrence_mean: 'occurrence_full-year_mean',
  occurrence_max: 'occurrence_full-year_max',
} as const;

export interface StatusFiles {
  config: string;
  weekly: Partial<Record<keyof typeof WEEKLY_PRODUCTS, string>>;
  seasonal: Partial<Record<keyof typeof SEASONAL_PRODUCTS, string>>;
  fullYear: Partial<Record<keyof typeof FULL_YEAR_PRODUCTS, string>>;
  ranges: Partial<Record<'smooth' | 'raw', string>>;
  regionalStats?: string;
  centroids?: string;
  predictorImportance?: string;
  /** Optional taxonomy CSV (species_code, common_name, scientific_name) for names. */
  taxonomy?: string;
}

function listFiles(folder: string): string[] {
  return existsSync(folder) ? readdirSync(folder) : [];
}

/** Finds `<run>_<product>_27km_<year>.tif` etc. Only the 27 km products are read (data-model.md: cells are the 27 km grid). */
function pick<K extends string>(
  folder: string,
  products: Record<K, string>,
  extension: string,
): Partial<Record<K, string>> {
  const names = listFiles(folder);
  const found: Partial<Record<K, string>> = {};
  for (const [key, product] of Object.entries(products) as [K, string][]) {
    const name = names.find((candidate) =>
      candidate.endsWith(`_${product}_27km_${candidate.match(/_(\d{4})\.\w+$/)?.[1]}.${extension}`),
    );
    if (name) found[key] = join(folder, name);
  }
  return found;
}

/** The status files of one release download folder (layout of release 2022+). */
export function findStatusFiles(folder: string): StatusFiles {
  const optional = (path: string) => (existsSync(path) ? path : undefined);
  const centroidName = listFiles(join(folder, 'weekly')).find((name) => name.endsWith('_centroids.csv'));
  return {
    config: join(folder, 'config.json'),
    weekly: pick(join(folder, 'weekly'), WEEKLY_PRODUCTS, 'tif'),
    seasonal: pick(join(folder, 'seasonal'), SEASONAL_PRODUCTS, 'tif'),
    fullYear: pick(join(folder, 'seasonal'), FULL_YEAR_PRODUCTS, 'tif'),
    ranges: pick(join(folder, 'ranges'), { smooth: 'range_smooth', raw: 'range_raw' }, 'gpkg'),
    regionalStats: optional(join(folder, 'regional_stats.csv')),
    centroids: centroidName ? join(folder, 'weekly', centroidName) : undefined,
    predictorImportance: optional(join(folder, 'pis', 'pi_rangewide.csv')),
    taxonomy: optional(join(folder, 'taxonomy.csv')),
  };
}
