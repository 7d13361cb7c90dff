import type { Point } from './near-town';
import type { CellMean } from './weekly-means';

/**
 * The weighted centre of the modelled cells: mean lon/lat weighted by each cell's value over the
 * time (abundance, or the population share). Plain lon/lat averaging: right for a range that does
 * not cross the antimeridian, as no eBird land-bird range the example holds does. Null when every weight is 0.
 */
export function weightedCentre(cells: readonly CellMean[]): Point | null {
  let weight = 0;
  let lon = 0;
  let lat = 0;
  for (const cell of cells) {
    if (cell.value === null || cell.value <= 0) continue;
    weight += cell.value;
    lon += cell.value * cell.lon;
    lat += cell.value * cell.lat;
  }
  return weight > 0 ? { lon: lon / weight, lat: lat / weight } : null;
}
