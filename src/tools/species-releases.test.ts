import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusResultSchema } from '../frame/status-result';
import { buildData } from '../pipeline/build-data';
import { makeTinyStatus, makeTinyTrends } from '../pipeline/test-support/ebirdst-layout-fixtures';
import { TINY_ORIGIN, TINY_SIZE, tinyValue } from '../pipeline/test-support/make-tiny-ebirdst';
import { writeTinyGeoTiff } from '../pipeline/test-support/tiny-geotiff';
import { openHarness, type ToolHarness } from './test-support/tool-harness';

// Two releases of one species in one R-package data dir (ebirdst 3.2022 puts trends inside the
// 2022 species folder): the 2022 weekly values are the 2023 ones doubled, so a merged or swapped
// release shows in every figure.
const root = mkdtempSync(join(tmpdir(), 'perch-releases-'));
const dataDir = join(root, 'ebirdst');
const out = join(root, 'out');
const WEEK = 10;
const meanOfWeek = (scale: number) => {
  const values = [0, 1, 2, 3, 4].map((pixel) => scale * tinyValue(pixel, WEEK));
  return values.reduce((sum, value) => sum + value, 0) / values.length;
};

let harness: ToolHarness;
let notes: string[];
beforeAll(async () => {
  makeTinyStatus(join(dataDir, '2023', 'tinysp'), 'tinysp', 2023);
  const older = makeTinyStatus(join(dataDir, '2022', 'tinysp'), 'tinysp', 2022);
  writeTinyGeoTiff(join(older, 'weekly', 'tinysp-example_abundance_median_27km_2022.tif'), {
    grid: 'eqearth',
    row0: TINY_ORIGIN.row,
    column0: TINY_ORIGIN.column,
    ...TINY_SIZE,
    bands: 52,
    value: (pixel, band) => 2 * tinyValue(pixel, band + 1),
  });
  mkdirSync(join(older, 'trends'));
  await makeTinyTrends(join(older, 'trends'), 'tinysp-example', 2022);
  const report = await buildData({ ebirdst: [dataDir], outDir: out });
  notes = report.notes;
  harness = await openHarness(out);
});
afterAll(async () => harness?.close());

async function rows(sql: string): Promise<unknown[][]> {
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  try {
    return (await connection.runAndReadAll(sql)).getRows();
  } finally {
    connection.closeSync();
  }
}

async function weekMean(species: string) {
  const outcome = await harness.call('query_status', {
    species: [species],
    measure: 'abundance',
    operation: 'value',
    times: [{ kind: 'weeks', from: WEEK, to: WEEK, label: `week ${WEEK}` }],
    places: [],
  });
  if (!outcome.envelope.ok) throw new Error(JSON.stringify(outcome.envelope.error));
  return statusResultSchema.parse(outcome.envelope.data);
}

describe('two releases of one species', () => {
  it('are kept apart in every table: the newest under its code, the older under <code>-<release>', async () => {
    expect(
      await rows(
        `SELECT species_code, release, trends_release FROM '${out}/species.parquet' ORDER BY release`,
      ),
    ).toEqual([
      ['tinysp-2022', 2022, 2022],
      ['tinysp', 2023, null],
    ]);
    expect(
      await rows(
        `SELECT species_code, count(*), min(date)::VARCHAR FROM '${out}/weekly/*.parquet' GROUP BY 1 ORDER BY 1`,
      ),
    ).toEqual([
      ['tinysp', 5n * 52n, '2023-01-04'],
      ['tinysp-2022', 5n * 52n, '2022-01-04'],
    ]);
    // Trends of release 2022 belong to the status release of the same year.
    expect(await rows(`SELECT DISTINCT species_code FROM '${out}/trends.parquet'`)).toEqual([
      ['tinysp-2022'],
    ]);
    expect(notes.join('\n')).toMatch(/tinysp is in releases 2022 and 2023: kept apart/);
  });

  it("a name means the newest release, and the answer says so with eBird's advice", async () => {
    const result = await weekMean('Tiny tinysp');
    expect(result.subjects[0]!.species_code).toBe('tinysp');
    expect(result.subjects[0]!.mean).toBeCloseTo(meanOfWeek(1), 6);
    const caveats = result.caveats.join('\n');
    expect(caveats).toMatch(/release 2023 \(tinysp\); this site also holds release 2022 \(tinysp-2022\)/);
    expect(caveats).toMatch(/advises against comparing estimates between releases/);
  });

  it('the older release answers by its own code, with its own values', async () => {
    const result = await weekMean('tinysp-2022');
    expect(result.subjects[0]!.species_code).toBe('tinysp-2022');
    expect(result.subjects[0]!.mean).toBeCloseTo(meanOfWeek(2), 6);
    expect(result.caveats.join('\n')).toMatch(
      /release 2022 \(tinysp-2022\); this site also holds release 2023/,
    );
  });

  it("find_species lists both releases; data_vocabulary (the offline reader's names) lists the species once", async () => {
    const found = (await harness.data('find_species', { text: 'Tiny tinysp' })) as {
      candidates: { species_code: string; release: number }[];
    };
    expect(found.candidates.map((c) => [c.species_code, c.release]).sort()).toEqual([
      ['tinysp', 2023],
      ['tinysp-2022', 2022],
    ]);
    const names = (await harness.data('data_vocabulary', { part: 'names' })) as {
      species: { code: string }[];
      release: number;
    };
    expect(names.species.map((species) => species.code)).toEqual(['tinysp']);
    expect(names.release).toBe(2023);
  });
});
