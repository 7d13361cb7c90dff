import { toolFailure, type ToolFailure } from '../../registry';
import type { SpeciesRow } from './resolve-species';

/**
 * A build may lack the seasonal rasters of a species (a download without `seasonal/`): its
 * seasonal table then has no file for it, or none at all, and querying it fails with DuckDB's
 * "table does not exist". `species.products` lists what the build holds, so say that plainly
 * instead, and point at what still works. Null when the species has the seasonal product.
 */
export function seasonalMissing(species: SpeciesRow): ToolFailure | null {
  if (species.products.split(',').includes('seasonal')) return null;
  return toolFailure(
    'no_data',
    `no_data: the seasonal product is not in this build for ${species.common_name} (${species.species_code}); weekly questions still work.`,
    {
      hint: 'Answer from the weekly table instead (query_status, weekly_series): a season is the mean of its weeks.',
    },
  );
}
