import type { Boundaries } from '../boundaries/load-regions';
import { NearestCellIndex } from '../geo/nearest-cell-index';
import type { Stage } from '../tables/stage';
import { stagedCells } from '../tables/stage-geography';
import { countryCodesByTowns } from './country-codes';
import { loadTowns } from './load-towns';
import { PLACE_DEFAULTS, selectPlaces } from './select-places';
import type { PlaceOptions } from './select-places';

/** Stages the places table (GeoNames towns near the built cells); returns its row count. */
export async function stagePlaces(
  stage: Stage,
  boundaries: Boundaries,
  options: PlaceOptions = PLACE_DEFAULTS,
): Promise<number> {
  const cells = await stagedCells(stage);
  if (cells.length === 0) return 0;
  const towns = loadTowns();
  const states = new Set(
    boundaries.regions.filter((region) => region.type === 'state').map((region) => region.region_code),
  );
  const rows = selectPlaces(
    towns,
    cells,
    new NearestCellIndex(cells, options.marginKm),
    (codes) => countryCodesByTowns(towns, codes, boundaries.countries),
    states,
    options,
  );
  await stage.append('places', rows);
  return rows.length;
}
