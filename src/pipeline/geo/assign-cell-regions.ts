import { gridToLonLat } from './grid-projection';
import type { GridRegistry } from './grid-registry';
import type { RegionIndex } from './region-index';

export interface CellRegions {
  country_code: string | null;
  state_code: string | null;
}

const SAMPLES_PER_SIDE = 5;

/**
 * The region a cell belongs to: the one holding its centre; when the centre falls in no region
 * (a cell centred in Lake Michigan or at sea next to the coast), the region holding most of a
 * 5 × 5 grid of points spread over the cell's footprint. Centre-only would leave coastal cells
 * without a region although most of their area is on land; full footprint overlay would put a
 * border cell in two states, and the tables carry one code per cell so that a state question is
 * a plain filter.
 */
function locateCell(index: RegionIndex, grids: GridRegistry, id: number): string | null {
  const grid = grids.locate(id).entry.grid;
  const [cx, cy] = grids.centreXY(id);
  const centre = index.locate(...gridToLonLat(grid, cx, cy));
  if (centre !== null) return centre;
  const votes = new Map<string, number>();
  // Samples in the cell's own projected square, so the vote weighs equal areas on any grid.
  for (let i = 0; i < SAMPLES_PER_SIDE; i++) {
    for (let j = 0; j < SAMPLES_PER_SIDE; j++) {
      const x = cx - grid.resX / 2 + ((i + 0.5) * grid.resX) / SAMPLES_PER_SIDE;
      const y = cy - grid.resY / 2 + ((j + 0.5) * grid.resY) / SAMPLES_PER_SIDE;
      const code = index.locate(...gridToLonLat(grid, x, y));
      if (code !== null) votes.set(code, (votes.get(code) ?? 0) + 1);
    }
  }
  let best: string | null = null;
  let bestVotes = 0;
  for (const [code, count] of votes) {
    if (count > bestVotes) [best, bestVotes] = [code, count];
  }
  return best;
}

export function assignCellRegions(
  cellIds: Iterable<number>,
  grids: GridRegistry,
  countries: RegionIndex,
  states: RegionIndex,
): Map<number, CellRegions> {
  const result = new Map<number, CellRegions>();
  for (const id of cellIds) {
    const country = locateCell(countries, grids, id);
    // us-atlas covers US states only; a state is looked up only for cells in the USA.
    const state = country === 'USA' ? locateCell(states, grids, id) : null;
    result.set(id, { country_code: country, state_code: state });
  }
  return result;
}

/** Same rule for a point (trend cells carry their own lon/lat): the region holding it. */
export function assignPointRegions(
  lon: number,
  lat: number,
  countries: RegionIndex,
  states: RegionIndex,
): CellRegions {
  const country = countries.locate(lon, lat);
  return { country_code: country, state_code: country === 'USA' ? states.locate(lon, lat) : null };
}
