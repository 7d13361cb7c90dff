import type { AuditEntry } from '../registry';
import type { Catalog } from '../catalog/types';
import { WEEKLY_PRODUCT_NAMES, type WeeklyProduct } from '../tools';

/** What a click on the map asks about: the species and weekly product of the layer on show. */
export interface MapSubject {
  species: string;
  product: WeeklyProduct;
}

/**
 * The species and weekly product of the call that drew the layer (its audit row's validated
 * arguments): `species` is a name or code (weekly_series, where_is, …) or a list of codes
 * (query_status); the product is `product` or `measure` when weekly, else abundance (a trend or
 * range layer's click shows the species' weekly abundance there). With no such call — no layer
 * yet, or a model's own SQL layer — the build's only species, when it holds exactly one.
 */
export function mapSubjectOf(call: AuditEntry | undefined, catalog: Catalog): MapSubject | undefined {
  const args = (call?.arguments ?? {}) as { species?: unknown; product?: unknown; measure?: unknown };
  const named = Array.isArray(args.species) ? args.species[0] : args.species;
  const species = typeof named === 'string' && named ? named : onlySpecies(catalog);
  if (!species) return undefined;
  const asked = [args.product, args.measure].find(isWeeklyProduct);
  return { species, product: asked ?? 'abundance' };
}

function isWeeklyProduct(value: unknown): value is WeeklyProduct {
  return typeof value === 'string' && (WEEKLY_PRODUCT_NAMES as readonly string[]).includes(value);
}

/** The catalog's species_code when the build holds one species (the eBird example: yebsap). */
function onlySpecies(catalog: Catalog): string | undefined {
  const column = catalog.tables.species?.columns.find((entry) => entry.name === 'species_code');
  const [code] = column?.examples ?? [];
  return column?.distinct === 1 && typeof code === 'string' ? code : undefined;
}
