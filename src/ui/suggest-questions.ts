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
  if (has('seasonal') && region) questions.push(`In which season is the ${species} most common in ${region}?`);
  if (has('trends') && region) questions.push(`Is the ${species} breeding population in ${region} increasing or decreasing?`);
  if (has('ranges') && region) questions.push(`How big is the ${species} breeding range in ${region}?`);
  return questions.slice(0, limit);
}

function firstExample(catalog: Catalog, table: string, column: string): string | undefined {
  const example = catalog.tables[table]?.columns.find((entry) => entry.name === column)?.examples.find((value) => typeof value === 'string' && value.trim());
  return typeof example === 'string' ? example : undefined;
}

/** A state (subnational region) name: eBird S&T example data covers states, not whole countries. */
function stateName(catalog: Catalog): string | undefined {
  const stats = catalog.tables.regional_stats?.columns;
  const codes = stats?.find((column) => column.name === 'region_code')?.examples ?? [];
  const names = stats?.find((column) => column.name === 'region_name')?.examples ?? [];
  const stateIndex = codes.findIndex((code) => typeof code === 'string' && code.includes('-'));
  const name = names[stateIndex >= 0 ? stateIndex : 0];
  if (typeof name === 'string') return name;
  return firstExample(catalog, 'regions', 'name');
}
