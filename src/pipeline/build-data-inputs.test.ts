import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { buildData } from './build-data';
import { GRID } from './geo/grid';
import { makeTinyEbirdst, tinyValue } from './test-support/make-tiny-ebirdst';

const WEEKLY = 'weekly/tinysp-example_abundance_median_27km_2023.tif';

function workspace() {
  const root = mkdtempSync(join(tmpdir(), 'perch-pipeline-'));
  return { root, input: join(root, 'input'), out: join(root, 'out') };
}

/** Builds a good tiny dataset into `out`, then breaks the input and checks the old build survives intact. */
async function expectBrokenInput(breakInput: (input: string) => void, message: RegExp) {
  const { root, input, out } = workspace();
  makeTinyEbirdst(input);
  await buildData({ prebuild: false, ebirdst: [input], outDir: out });
  const before = readFileSync(join(out, 'catalog.json'), 'utf8');
  breakInput(input);
  const error = await buildData({ prebuild: false, ebirdst: [input], outDir: out }).then(
    () => undefined,
    (e: Error) => e,
  );
  expect(error?.message).toMatch(message);
  expect(readFileSync(join(out, 'catalog.json'), 'utf8')).toBe(before);
  expect(readdirSync(root).sort()).toEqual(['input', 'out']); // no temporary build folder left behind
  return error!;
}

describe('buildData on generated inputs', () => {
  it('tiny folder keeps NaN as NULL, 0 as 0, drops all-NaN pixels and measures the range in EPSG:8857', async () => {
    const { input, out } = workspace();
    makeTinyEbirdst(input);
    const report = await buildData({ prebuild: false, ebirdst: [input], outDir: out });
    expect(report.tables.cells.rows).toBe(5);
    expect(report.tables.weekly.rows).toBe(5 * 52);
    const connection = await (await DuckDBInstance.create(':memory:')).connect();
    const rows = (
      await connection.runAndReadAll(
        `SELECT cell_id, abundance FROM '${out}/weekly/*.parquet' WHERE week = 8 ORDER BY cell_id`,
      )
    ).getRows();
    const firstCell = 100 * GRID.columns + 375;
    expect(rows[0]).toEqual([firstCell, 0]);
    expect(rows[1]).toEqual([firstCell + 1, null]);
    expect(rows[2][1] as number).toBeCloseTo(tinyValue(2, 8), 6);
    const [area, name] = (
      await connection.runAndReadAll(
        `SELECT area_km2, s.common_name FROM '${out}/ranges.parquet' r JOIN '${out}/species.parquet' s USING (species_code) WHERE layer = 'range'`,
      )
    ).getRows()[0];
    expect(Math.abs((area as number) - 4 * 729) / (4 * 729)).toBeLessThan(1e-3);
    expect(name).toBe('Tiny Test Bird');
    const catalog = JSON.parse(readFileSync(join(out, 'catalog.json'), 'utf8'));
    expect(catalog.tables.seasons.caveats.join(' ')).toContain('failed expert review: tinysp nonbreeding');
  });

  it('second build with unchanged inputs is skipped; a changed input rebuilds', async () => {
    const { input, out } = workspace();
    makeTinyEbirdst(input);
    const first = await buildData({ prebuild: false, ebirdst: [input], outDir: out });
    const second = await buildData({ prebuild: false, ebirdst: [input], outDir: out });
    expect([first.skipped, second.skipped]).toEqual([false, true]);
    expect(second.fingerprint).toBe(first.fingerprint);
    const config = join(input, 'config.json');
    writeFileSync(config, readFileSync(config, 'utf8').replace('"pass":false', '"pass":true'));
    const third = await buildData({ prebuild: false, ebirdst: [input], outDir: out });
    expect(third.skipped).toBe(false);
  });

  it('truncated TIFF fails naming the file and leaves the previous build', async () => {
    const error = await expectBrokenInput((input) => {
      const file = join(input, WEEKLY);
      truncateSync(file, Math.floor(statSync(file).size / 2));
    }, /truncated/);
    expect(error.message).toContain(WEEKLY.split('/')[1]);
  });

  it('wrong CRS fails with wrong_crs naming the file', async () => {
    await expectBrokenInput(
      (input) => makeTinyEbirdst(input, { epsg: 3857 }),
      /^wrong_crs: .*tinysp-example_abundance_median_27km_2023\.tif: CRS is EPSG:3857/,
    );
  });

  it('missing band fails with missing_band naming the file', async () => {
    await expectBrokenInput(
      (input) => makeTinyEbirdst(input, { bands: 51 }),
      /^missing_band: .*_27km_2023\.tif: has 51 band\(s\), expected 52/,
    );
  });

  it('unknown layout fails with unknown_layout naming the folder', async () => {
    const { root, out } = workspace();
    const odd = join(root, 'odd');
    makeTinyEbirdst(join(odd, 'nested', 'deeper'));
    const error = await buildData({ prebuild: false, ebirdst: [odd], outDir: out }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/^unknown_layout: .*odd: has neither config\.json/);
    expect(existsSync(out)).toBe(false);
  });

  it('species names are never invented: no GeoPackage and no taxonomy fails', async () => {
    const { input, out } = workspace();
    makeTinyEbirdst(input, { withRanges: false });
    await expect(buildData({ prebuild: false, ebirdst: [input], outDir: out })).rejects.toThrow(
      /^missing_species_name: .*names are never invented/,
    );
    expect(existsSync(out)).toBe(false);
  });
});
