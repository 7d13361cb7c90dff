import type { Catalog, CatalogColumn, CatalogTable } from '../../src/catalog/types';
import { DATA_VERSION } from '../../src/catalog/data-version';

/** A catalog table with a name, columns and (optionally) its releases; every other field empty. */
export function catalogTable(name: string, columns: CatalogColumn[], release?: number[]): CatalogTable {
  return {
    name,
    title: name,
    row_meaning: '',
    description: '',
    rows: 1,
    files: [],
    partition_by: [],
    sort_by: [],
    columns,
    attribution: '',
    licence: '',
    citation: '',
    caveats: [],
    simulated: false,
    ...(release ? { release } : {}),
  };
}

/** A catalog of these tables; every other field empty. */
export function catalogOf(tables: CatalogTable[]): Catalog {
  return {
    version: DATA_VERSION,
    built_at: '',
    simulated: false,
    attribution: '',
    citation: '',
    macros: [],
    tables: Object.fromEntries(tables.map((entry) => [entry.name, entry])),
  };
}
