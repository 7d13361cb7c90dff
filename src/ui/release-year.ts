import type { Catalog, CatalogColumn } from '../catalog/types';

/**
 * The year of the weekly estimates (week i stands for Jan 4 + 7(i − 1) of it), read from the
 * catalog: the `weeks` table's release column, else the first date of the weekly rows, else the
 * latest release the `weekly` table lists. Undefined when the catalog says none of these.
 */
export function releaseYear(catalog: Catalog | undefined): number | undefined {
  if (!catalog) return undefined;
  const release = numberOf(column(catalog, 'weeks', 'release')?.max);
  if (release !== undefined) return release;
  const firstDate = column(catalog, 'weeks', 'date')?.min ?? column(catalog, 'weekly', 'date')?.min;
  const year = typeof firstDate === 'string' ? Number(firstDate.slice(0, 4)) : NaN;
  if (Number.isInteger(year) && year > 1900) return year;
  const listed = catalog.tables.weekly?.release;
  return listed && listed.length > 0 ? Math.max(...listed) : undefined;
}

function column(catalog: Catalog, table: string, name: string): CatalogColumn | undefined {
  return catalog.tables[table]?.columns.find((entry) => entry.name === name);
}

function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}
