import type { Town } from '../gazetteer/load-towns';
import { type LonLatBox, inBox } from './lon-lat-box';

/** A town the map may label, with its rank: 1 shows from the widest view, 5 only close in. */
export interface TownLabel {
  name: string;
  lon: number;
  lat: number;
  rank: TownRank;
  population: number;
}

export type TownRank = 1 | 2 | 3 | 4 | 5;

/**
 * The rank a birder reading a map expects: 1 = national capitals and cities of ≥ 500,000
 * (Chicago, Toronto, Detroit); 2 = state and province capitals and cities of ≥ 100,000 (Lansing,
 * Grand Rapids); 3 = towns of ≥ 50,000; 4 = towns of ≥ 15,000 and county seats of ≥ 5,000 (in
 * the Upper Peninsula Marquette, Sault Ste. Marie, Escanaba, Houghton: the places a person
 * orients by where towns are few); 5 = towns of ≥ 5,000 and every other county seat (Munising,
 * Cheboygan). Null: too small to label. GeoNames feature codes: PPLC capital, PPLA first-level
 * seat, PPLA2 county seat.
 */
export function townRank(town: Pick<Town, 'population' | 'featureCode'>): TownRank | null {
  const { population, featureCode } = town;
  if (NOT_A_TOWN.has(featureCode)) return null;
  if (featureCode === 'PPLC' || population >= 500_000) return 1;
  if (featureCode === 'PPLA' || population >= 100_000) return 2;
  if (population >= 50_000) return 3;
  if (population >= 15_000 || (featureCode === 'PPLA2' && population >= 5_000)) return 4;
  if (population >= 5_000 || featureCode === 'PPLA2') return 5;
  return null;
}

/**
 * GeoNames places that are not a town to label: a section of a city (PPLX: North York is a PPL,
 * but West Raleigh, a PPLX, carries Raleigh's 338,759), historical, abandoned or destroyed ones.
 */
const NOT_A_TOWN = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

/** Ranks of at most this many are labelled anywhere in the detailed part of the map; smaller towns only near the data. */
const WIDE_RANK: TownRank = 3;

/**
 * Town labels for the map, most important first (rank, then population, then GeoNames id): the
 * order the page places them in, so a bigger town wins a place a smaller one also wants. Ranks
 * 1–3 come from all of `detail`; ranks 4–5 only from `near` (the cells and a margin), where a
 * person zooms in. Measured on the Michigan example's extent: 2,582 towns of ≥ 5,000 people lie
 * in the detailed box (Chicago's and Ohio's suburbs among them), far more than anyone reads.
 */
export function selectTownLabels(towns: readonly Town[], detail: LonLatBox, near: LonLatBox): TownLabel[] {
  const labels: (TownLabel & { geonameId: number })[] = [];
  for (const town of towns) {
    const rank = townRank(town);
    if (rank === null || !inBox(detail, town.lon, town.lat)) continue;
    if (rank > WIDE_RANK && !inBox(near, town.lon, town.lat)) continue;
    labels.push({
      name: town.name,
      lon: town.lon,
      lat: town.lat,
      rank,
      population: town.population,
      geonameId: town.geonameId,
    });
  }
  return labels
    .sort((a, b) => a.rank - b.rank || b.population - a.population || a.geonameId - b.geonameId)
    .map(({ geonameId: _, ...label }) => label);
}
