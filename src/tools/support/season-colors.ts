/**
 * Season colours for range outlines: eBird's hue for each season (`ebirdst_palettes()` in the
 * ebirdst R package: breeding red, nonbreeding blue, prebreeding green, postbreeding yellow-orange,
 * year-round purple), taken from the Okabe–Ito colour-blind-safe set (Okabe & Ito 2008). eBird's
 * own breeding "#cc503e" and prebreeding "#73af48" are hard to tell apart with red–green colour
 * blindness, and a range question with no time outlines every season at once.
 */
export const SEASON_COLORS: Readonly<Record<string, string>> = {
  breeding: '#d55e00',
  nonbreeding: '#0072b2',
  prebreeding_migration: '#009e73',
  postbreeding_migration: '#e69f00',
  full_year: '#cc79a7',
  resident: '#cc79a7',
};

/** The season's colour; a season eBird has no colour for gets the year-round colour. */
export function seasonColor(season: string): string {
  return SEASON_COLORS[season] ?? SEASON_COLORS.full_year;
}

/** "prebreeding_migration" → "prebreeding migration". */
export function seasonWords(season: string): string {
  return season.replaceAll('_', ' ');
}
