import type { Catalog } from '../catalog/types';

/**
 * Suggested questions drawn from the data actually present: a species and a region from the
 * catalog's example values, and only question kinds whose tables exist.
 */
export function suggestQuestions(catalog: Catalog, limit = 4): string[] {
  const species = firstExample(catalog, 'species', 'common_name');
  if (!species) return [];
  const region = stateName(catalog);
  const has = (table: string) => table in catalog.tables;
  const where = region ? ` in ${region}` : '';
  const questions: string[] = [];
  if (has('weekly')) questions.push(`When does the ${species} peak${where}?`);
  if (has('weekly')) questions.push(`Where is the ${species} in mid-June?`);
  if (has('seasonal') && region)
    questions.push(`In which season is the ${species} most common in ${region}?`);
  if (has('trends') && region)
    questions.push(`Is the ${species} breeding population in ${region} increasing or decreasing?`);
  if (has('ranges') && region) questions.push(`How big is the ${species} breeding range in ${region}?`);
  return questions.slice(0, limit);
}

function firstExample(catalog: Catalog, table: string, column: string): string | undefined {
  const example = catalog.tables[table]?.columns
    .find((entry) => entry.name === column)
    ?.examples.find((value) => typeof value === 'string' && value.trim());
  return typeof example === 'string' ? example : undefined;
}

/**
 * A state (subnational) name: the eBird S&T example covers one state. The catalog's example lists
 * are per column and not row-aligned (region_code ['USA', 'USA-MI'] beside region_name
 * ['Michigan', 'United States'] in the real example build), so names of countries are dropped
 * by checking them against the English country names Intl knows.
 */
function stateName(catalog: Catalog): string | undefined {
  const names = [
    ...(catalog.tables.regional_stats?.columns.find((column) => column.name === 'region_name')?.examples ??
      []),
    ...(catalog.tables.regions?.columns.find((column) => column.name === 'name')?.examples ?? []),
  ].filter((name): name is string => typeof name === 'string' && name.trim() !== '');
  const countries = countryNames();
  return names.find((name) => !countries.has(name.toLowerCase())) ?? names[0];
}

let countryNameCache: Set<string> | undefined;
function countryNames(): Set<string> {
  if (countryNameCache) return countryNameCache;
  const display = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  countryNameCache = new Set();
  for (const first of letters)
    for (const second of letters) {
      const name = display.of(first + second);
      if (name) countryNameCache.add(name.toLowerCase());
    }
  return countryNameCache;
}
