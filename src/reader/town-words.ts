import { nameWords } from './read-species';

/**
 * Abbreviations town names are written with either way: GeoNames spells "Saint Ignace" out but
 * keeps "Sault Ste. Marie", and people type "St. Ignace" and "Sault Sainte Marie" alike. Both
 * the gazetteer's words and the question's are read through this table before they are compared.
 */
const TOWN_ABBREVIATIONS: Readonly<Record<string, string>> = {
  st: 'saint',
  ste: 'sainte',
  mt: 'mount',
  ft: 'fort',
};

/** One word of a town name in its spelled-out form ("st" → "saint"); other words unchanged. */
export function townWord(word: string): string {
  return TOWN_ABBREVIATIONS[word] ?? word;
}

/** A town name's words, abbreviations spelled out: "Sault Ste. Marie" → ["sault", "sainte", "marie"]. */
export function townWords(name: string): string[] {
  return nameWords(name).map(townWord);
}

/** "st", "saint", "mt", "mount"…: words that start town names, not the common words they also are ("St. Patrick's Day"). */
export function isTownTitle(word: string): boolean {
  return word in TOWN_ABBREVIATIONS || Object.values(TOWN_ABBREVIATIONS).includes(word);
}
