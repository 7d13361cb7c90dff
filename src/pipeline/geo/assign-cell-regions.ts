import { GRID, cellCentreXY, equalEarthToLonLat } from './grid';
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
function locateCell(index: RegionIndex, id: number): string | null {
  const [cx, cy] = cellCentreXY(id);
  const centre = index.locate(...equalEarthToLonLat(cx, cy));
  if (centre !== null) return centre;
  const votes = new Map<string, number>();
  const step = GRID.resolution / SAMPLES_PER_SIDE;
  for (let i = 0; i < SAMPLES_PER_SIDE; i++) {
    for (let j = 0; j < SAMPLES_PER_SIDE; j++) {
      const x = cx - GRID.resolution / 2 + (i + 0.5) * step;
      const y = cy - GRID.resolution / 2 + (j + 0.5) * step;
      const code = index.locate(...equalEarthToLonLat(x, y));
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
  countries: RegionIndex,
  states: RegionIndex,
): Map<number, CellRegions> {
  const result = new Map<number, CellRegions>();
  for (const id of cellIds) {
    const country = locateCell(countries, id);
    // us-atlas covers US states only; a state is looked up only for cells in the USA.
    const state = country === 'USA' ? locateCell(states, id) : null;
    result.set(id, { country_code: country, state_code: state });
  }
  return result;
}

/** Same rule for a point (trend cells are not on the 27 km grid): the region holding it. */
export function assignPointRegions(
  lon: number,
  lat: number,
  countries: RegionIndex,
  states: RegionIndex,
): CellRegions {
  const country = countries.locate(lon, lat);
  return { country_code: country, state_code: country === 'USA' ? states.locate(lon, lat) : null };
}
