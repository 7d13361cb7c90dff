import { EARTH_RADIUS_KM } from '../geo/great-circle';
import type { CellCentre, NearestCellIndex } from '../geo/nearest-cell-index';
import type { Town } from './load-towns';

export type PlaceRow = {
  place_id: number;
  name: string;
  region_code: string | null;
  country_code: string | null;
  lon: number;
  lat: number;
  population: number;
  feature_code: string;
  nearest_cell_id: number;
  nearest_cell_km: number;
};

export interface PlaceOptions {
  /** Towns farther than this from every built cell centre are left out. @default 100 */
  marginKm: number;
  /** Most populous towns kept when more lie near the cells. @default 2000 */
  maxPlaces: number;
}

/**
 * 100 km keeps the towns a person names for a masked build's edge (Chicago is 61 km from the
 * example's nearest cell) without the rest of the continent; measured on the Michigan example:
 * 953 towns within 100 km (447 in Michigan), 592 within 50 km. The 2,000 cap only bites on large
 * builds, where it keeps the most populous towns: the simulated demo's 1,200 cells have 2,512 (kept: 2,000).
 */
export const PLACE_DEFAULTS: PlaceOptions = { marginKm: 100, maxPlaces: 2000 };

const DEGREES = 180 / Math.PI;

type LonLatBox = { west: number; south: number; east: number; north: number };

/** The cells' lon/lat bounds grown by the margin: a cheap first cut before the per-town search. */
function marginBox(cells: readonly CellCentre[], marginKm: number): LonLatBox | null {
  if (cells.length === 0) return null;
  const lons = cells.map((cell) => cell.lon);
  const lats = cells.map((cell) => cell.lat);
  const dLat = (marginKm / EARTH_RADIUS_KM) * DEGREES;
  const south = Math.max(-90, Math.min(...lats) - dLat);
  const north = Math.min(90, Math.max(...lats) + dLat);
  const farLat = Math.min(89.9, Math.max(Math.abs(south), Math.abs(north)));
  const dLon = dLat / Math.cos(farLat / DEGREES);
  return { west: Math.min(...lons) - dLon, south, east: Math.max(...lons) + dLon, north };
}

function inBox(box: LonLatBox, lon: number, lat: number): boolean {
  // A box reaching past ±180° would need wrapping; it is rare enough to test longitude not at all.
  const wraps = box.west < -180 || box.east > 180;
  return lat >= box.south && lat <= box.north && (wraps || (lon >= box.west && lon <= box.east));
}

/** The region code a town carries: its US state when `regions` has it, else its country, else null. */
function regionCode(town: Town, country: string | null, states: ReadonlySet<string>): string | null {
  if (country === 'USA' && states.has(`USA-${town.adminCode}`)) return `USA-${town.adminCode}`;
  return country;
}

/**
 * Towns within `marginKm` of a built cell centre, each with its nearest cell and region codes;
 * the `maxPlaces` most populous when there are more (ties by GeoNames id), sorted by place_id.
 */
export function selectPlaces(
  towns: readonly Town[],
  cells: readonly CellCentre[],
  index: NearestCellIndex,
  countryCodes: (alpha2Codes: Set<string>) => Map<string, string | null>,
  states: ReadonlySet<string>,
  options: PlaceOptions = PLACE_DEFAULTS,
): PlaceRow[] {
  const box = marginBox(cells, options.marginKm);
  if (!box) return [];
  const near = towns.flatMap((town) => {
    if (!inBox(box, town.lon, town.lat)) return [];
    const nearest = index.nearest(town.lon, town.lat);
    return nearest ? [{ town, nearest }] : [];
  });
  const kept = near
    .sort((a, b) => b.town.population - a.town.population || a.town.geonameId - b.town.geonameId)
    .slice(0, options.maxPlaces);
  const countries = countryCodes(new Set(kept.map(({ town }) => town.countryAlpha2)));
  return kept
    .map(({ town, nearest }) => {
      const country = countries.get(town.countryAlpha2) ?? null;
      return {
        place_id: town.geonameId,
        name: town.name,
        region_code: regionCode(town, country, states),
        country_code: country,
        lon: town.lon,
        lat: town.lat,
        population: town.population,
        feature_code: town.featureCode,
        nearest_cell_id: nearest.cell_id,
        nearest_cell_km: Math.round(nearest.km * 1000) / 1000,
      };
    })
    .sort((a, b) => a.place_id - b.place_id);
}
