/**
 * A lexicon of place names the data's `regions` table may lack: the US states, Canada's provinces
 * and territories, and North American countries. A question naming one that the vocabulary does
 * not hold is about a place outside the data, said as such instead of listing the name as an
 * unknown word. The vocabulary's own regions are always matched first.
 */
export const KNOWN_PLACE_NAMES: readonly string[] = [
  'alabama', 'alaska', 'arizona', 'arkansas', 'california', 'colorado', 'connecticut', 'delaware', 'florida', 'georgia', 'hawaii', 'idaho',
  'illinois', 'indiana', 'iowa', 'kansas', 'kentucky', 'louisiana', 'maine', 'maryland', 'massachusetts', 'michigan', 'minnesota',
  'mississippi', 'missouri', 'montana', 'nebraska', 'nevada', 'new hampshire', 'new jersey', 'new mexico', 'new york', 'north carolina',
  'north dakota', 'ohio', 'oklahoma', 'oregon', 'pennsylvania', 'rhode island', 'south carolina', 'south dakota', 'tennessee', 'texas',
  'utah', 'vermont', 'virginia', 'washington', 'west virginia', 'wisconsin', 'wyoming', 'district of columbia',
  'alberta', 'british columbia', 'manitoba', 'new brunswick', 'newfoundland', 'labrador', 'nova scotia', 'ontario', 'prince edward island',
  'quebec', 'saskatchewan', 'yukon', 'nunavut', 'northwest territories',
  'canada', 'mexico', 'united states', 'cuba', 'guatemala', 'belize', 'honduras', 'costa rica', 'panama', 'nicaragua', 'el salvador',
  'colombia', 'venezuela', 'brazil', 'peru', 'ecuador', 'europe', 'asia', 'africa', 'south america', 'central america', 'caribbean',
  'great lakes', 'lake superior', 'lake michigan', 'lake huron', 'lake erie', 'lake ontario', 'chicago', 'toronto', 'new england', 'midwest',
];

/** Other names of countries: "the US", "U.S.", "America", "the States". */
export const COUNTRY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  USA: ['usa', 'us', 'united states', 'united states of america', 'america', 'the states', 'u s a'],
  CAN: ['canada'],
  MEX: ['mexico'],
};

/** Words that make the next place a point: "near Marquette", "around Detroit", "close to Lansing". */
export const NEAR_WORDS = ['near', 'nearby', 'around', 'by', 'outside', 'close to', 'next to', 'in', 'at', 'from', 'of', 'about', 'neighborhood of', 'vicinity of', 'area of'];

/** Distance units for "within 30 km/miles of". */
export const DISTANCE_UNITS: Readonly<Record<string, number>> = {
  km: 1, kms: 1, kilometer: 1, kilometers: 1, kilometre: 1, kilometres: 1, k: 1,
  mi: 1.609344, mile: 1.609344, miles: 1.609344,
};
