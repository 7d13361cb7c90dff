import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parquetMetadata } from 'hyparquet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../catalog/types';
import { buildScaleSite, type ScaleSite } from './scale-site';

/**
 * The scale site at tiny size: what the scale bench relies on. 2,100–3,000 cells, so a week is
 * more than one 2,048-row vector and the one-week row groups of write-tables.ts are visible.
 */
const PARAMS = { species: 3, minCells: 2_100, maxCells: 3_000, seed: 16 };

describe('buildScaleSite', () => {
  let cacheRoot: string;
  let site: ScaleSite;
  let catalog: Catalog;

  beforeAll(async () => {
    cacheRoot = mkdtempSync(join(tmpdir(), 'perch-scale-site-'));
    site = await buildScaleSite({ ...PARAMS, cacheRoot });
    catalog = JSON.parse(readFileSync(join(site.dir, 'catalog.json'), 'utf8')) as Catalog;
  });
  afterAll(() => rmSync(cacheRoot, { recursive: true, force: true }));

  it('buildScaleSite lists every species in the catalog, flagged simulated', () => {
    const codes = site.species.map((species) => species.code);
    expect(codes).toEqual(['sim001', 'sim002', 'sim003']);
    expect(catalog.simulated).toBe(true);
    expect(catalog.tables.species.rows).toBe(3);
    for (const table of ['weekly', 'seasonal'] as const)
      expect(catalog.tables[table].files.map((file) => file.partition?.species_code)).toEqual(codes);
    for (const table of ['species', 'seasons', 'weeks', 'cells', 'ranges', 'regional_stats'])
      expect(catalog.tables[table].rows, table).toBeGreaterThan(0);
  });

  it('buildScaleSite writes each species its own weekly file of cells × 52 rows, one week per row group', () => {
    for (const species of site.species) {
      expect(species.cells).toBeGreaterThanOrEqual(PARAMS.minCells);
      expect(species.cells).toBeLessThanOrEqual(PARAMS.maxCells);
      const path = `weekly/species_code=${species.code}.parquet`;
      const file = catalog.tables.weekly.files.find((candidate) => candidate.path === path);
      expect(file?.rows, path).toBe(species.cells * 52);
      const bytes = readFileSync(join(site.dir, path));
      const metadata = parquetMetadata(
        bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
      );
      expect(Number(metadata.num_rows)).toBe(species.cells * 52);
      // DuckDB rounds a row group up to whole 2,048-row vectors (write-tables.ts).
      const weekRows = Math.ceil(species.cells / 2048) * 2048;
      for (const group of metadata.row_groups) expect(Number(group.num_rows)).toBeLessThanOrEqual(weekRows);
    }
  });

  it('buildScaleSite reuses the cached folder when the parameters match', async () => {
    const again = await buildScaleSite({ ...PARAMS, cacheRoot });
    expect(again.reused).toBe(true);
    expect(again.dir).toBe(site.dir);
  });
});
