import type { Catalog } from '../catalog/types';

/**
 * The largest table loaded before any question. The example's regions (287 boundaries) are the
 * largest such table at 1.5 MB; the 45-species scale site's `cells` (3.6 MB) waits for a question.
 */
export const WARM_TABLE_BYTES = 2_000_000;

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
