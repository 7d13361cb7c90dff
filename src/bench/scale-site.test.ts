import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { decompress } from 'fzstd';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../catalog/types';
import { buildScaleSite, type ScaleSite } from './scale-site';
import { scaleSpecies } from './scale-site-params';

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

  it('buildScaleSite writes abundance as the seasonal bump of the species rectangle, 5% speckled to zero, float32, with its derived columns', async () => {
    // The generator's formula recomputed in JS from the species' numbers and each row's cell_id.
    const COLUMNS = 1276;
    let positive = 0;
    let speckled = 0;
    for (const species of scaleSpecies(PARAMS)) {
      const bytes = readFileSync(join(site.dir, `weekly/species_code=${species.code}.parquet`));
      const rows = (await parquetReadObjects({
        file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
        columns: ['week', 'cell_id', 'abundance', 'occurrence', 'proportion_population'],
        compressors: { ZSTD: (input) => decompress(input) },
      })) as {
        week: number;
        cell_id: number;
        abundance: number;
        occurrence: number;
        proportion_population: number;
      }[];
      const weekTotals = new Map<number, number>();
      for (const row of rows) weekTotals.set(row.week, (weekTotals.get(row.week) ?? 0) + row.abundance);
      for (const row of rows) {
        const k =
          (Math.floor(row.cell_id / COLUMNS) - species.row0) * species.width +
          (row.cell_id % COLUMNS) -
          species.column0;
        const u = ((k % species.width) + 0.5) / species.width;
        const v = (Math.floor(k / species.width) + 0.5) / species.height;
        const centreV = 0.5 + 0.32 * Math.cos((2 * Math.PI * (row.week - 4 - species.phase)) / 52);
        const centreU = 0.5 + 0.1 * Math.sin((2 * Math.PI * row.week) / 52);
        const raw = species.peak * Math.exp(-((v - centreV) ** 2 / 0.045 + (u - centreU) ** 2 / 0.18));
        expect(Math.fround(row.abundance)).toBe(row.abundance);
        expect(row.occurrence).toBeCloseTo(Math.fround(1 - Math.exp(-1.4 * row.abundance)), 7);
        expect(row.proportion_population).toBeCloseTo(row.abundance / weekTotals.get(row.week)!, 6);
        if (raw < 0.06 * species.peak * (1 - 1e-12))
          expect(row.abundance, `${row.cell_id} ${row.week}`).toBe(0);
        else if (raw > 0.06 * species.peak * (1 + 1e-12)) {
          positive++;
          if (row.abundance === 0) speckled++;
          else {
            expect(row.abundance / raw).toBeGreaterThanOrEqual(0.75 * (1 - 1e-6));
            expect(row.abundance / raw).toBeLessThanOrEqual(1.25 * (1 + 1e-6));
          }
        }
      }
    }
    // noise < 50 of a hash's 0–999: 5% of the cell-weeks inside the bump.
    expect(positive).toBeGreaterThan(50_000);
    expect(speckled / positive).toBeGreaterThan(0.04);
    expect(speckled / positive).toBeLessThan(0.06);
  });

  it('buildScaleSite reuses the cached folder when the parameters match', async () => {
    const again = await buildScaleSite({ ...PARAMS, cacheRoot });
    expect(again.reused).toBe(true);
    expect(again.dir).toBe(site.dir);
  });
});
