import type { Catalog } from '../catalog/types';
import { DEFAULT_ATTRIBUTION } from './attribution-bar';

/**
 * The attribution line an exported chart or map carries, from the tables its figures read:
 * each table's attribution once, eBird's with the release(s) ("data version 2023"), e.g.
 * "Data: eBird Status and Trends, Cornell Lab of Ornithology, data version 2023; world-atlas@2.0.2".
 * A simulated table puts a warning first, as the page's badge does: a picture travels without the page.
 */
export function exportAttribution(catalog: Catalog | undefined, sourceTables: readonly string[]): string {
  const tables = [...new Set(sourceTables)].flatMap((name) => catalog?.tables[name] ?? []);
  const releases = new Map<string, Set<number>>();
  for (const table of tables) {
    if (!table.attribution) continue;
    const years = releases.get(table.attribution) ?? new Set<number>();
    for (const year of table.release ?? []) years.add(year);
    releases.set(table.attribution, years);
  }
  const parts = [...releases].map(([attribution, years]) =>
    years.size > 0
      ? `${attribution}, data version ${[...years].sort((a, b) => a - b).join(', ')}`
      : attribution,
  );
  const line =
    parts.length > 0
      ? `Data: ${parts.join('; ')}`
      : catalog?.attribution
        ? `Data: ${catalog.attribution}`
        : DEFAULT_ATTRIBUTION;
  return tables.some((table) => table.simulated)
    ? `SIMULATED (fictional) data, not for citation. ${line}`
    : line;
}

/** An exported map's attribution: the data's, then the packages the backdrop's shapes and town names come from. */
export function mapAttribution(
  catalog: Catalog | undefined,
  sourceTables: readonly string[],
  basemapSources: readonly string[],
): string {
  const data = exportAttribution(catalog, sourceTables);
  return basemapSources.length > 0 ? `${data}; map: ${basemapSources.join(', ')}` : data;
}
