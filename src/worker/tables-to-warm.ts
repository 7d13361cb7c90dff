import type { Catalog } from '../catalog/types';

/**
 * The largest table loaded before any question: the example's places (31 KB), ranges (35 KB),
 * species, seasons… Its regions (1.5 MB, nearly all of it boundaries) wait: the first question
 * reads their four name columns only (table-loader.ts), and a table warmed is loaded whole. The
 * 45-species scale site's `cells` (3.6 MB) waits too.
 */
export const WARM_TABLE_BYTES = 256_000;

/**
 * Tables to load while the visitor types: those of the session's scope kept in one small file
 * (species, seasons, regions, places…), which the reader's vocabulary and every answer look up.
 * Loading them on the first question took 1.7 s of its 10 s in Chromium (2026-12-03); a question
 * asked meanwhile waits for the loads in the engine's queue, as it would have for its own.
 */
export function tablesToWarm(catalog: Catalog, scope: readonly string[]): string[] {
  return scope.filter((name) => {
    const table = catalog.tables[name];
    return (
      table !== undefined &&
      table.partition_by.length === 0 &&
      table.files.length === 1 &&
      table.files[0]!.bytes <= WARM_TABLE_BYTES
    );
  });
}
