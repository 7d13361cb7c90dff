import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { buildData } from './build-data';
import type { BuildProgressEvent } from './build-data';
import {
  makeRegionalStatsParquet,
  makeTinyStatus,
  makeTinyTrends,
  REGIONAL_SEASONS,
  TINY_TREND_FOLDS,
  TINY_TREND_POINTS,
} from './test-support/ebirdst-layout-fixtures';
import { tinyValue, TINY_SIZE } from './test-support/make-tiny-ebirdst';

// Issue 15: what the ebirdst R package writes, built end to end. Expected counts come from the fixtures:
// a tiny status folder has TINY_SIZE pixels of which one is NaN in every week (tinyValue), so its cells are:
const PIXELS = TINY_SIZE.rows * TINY_SIZE.columns;
const TINY_CELLS = Array.from({ length: PIXELS }, (_, pixel) => pixel).filter((pixel) =>
  Array.from({ length: 52 }, (_, week) => tinyValue(pixel, week + 1)).some((value) => !Number.isNaN(value)),
).length;

const workspace = () => mkdtempSync(join(tmpdir(), 'perch-layouts-'));

async function query(out: string, sql: string): Promise<unknown[][]> {
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  const rows = (await connection.runAndReadAll(sql.replaceAll('$out', out))).getRows();
  connection.closeSync();
  return rows.map((row) => row.map((value) => (typeof value === 'bigint' ? Number(value) : value)));
}

/** Species rows, weekly rows per species, and trends rows per species and release: enough to see a duplicate or a loss. */
async function summary(out: string) {
  return {
    species: await query(
      out,
      `SELECT species_code, release, trends_release FROM '$out/species.parquet' ORDER BY 1`,
    ),
    weekly: await query(
      out,
      `SELECT species_code, count(*), count(DISTINCT (week, cell_id)) FROM '$out/weekly/*.parquet' GROUP BY 1 ORDER BY 1`,
    ),
    trends: await query(
      out,
      `SELECT species_code, release, count(*), count(DISTINCT srd_id) FROM '$out/trends.parquet' GROUP BY ALL ORDER BY 1`,
    ),
    folds: await query(
      out,
      `SELECT species_code, count(*) FROM '$out/trends_folds.parquet' GROUP BY 1 ORDER BY 1`,
    ),
  };
}

const weeklyOf = (code: string) => [code, 52 * TINY_CELLS, 52 * TINY_CELLS];
const trendsOf = (code: string, release: number) => [
  code,
  release,
  TINY_TREND_POINTS.length,
  TINY_TREND_POINTS.length,
];
const foldsOf = (code: string) => [code, TINY_TREND_POINTS.length * TINY_TREND_FOLDS];

/** ebirdst 4.2023's data dir: `<dir>/2023/<species>/` status of two species, `<dir>/2022/aaa-example/trends/`, `<dir>/2023/regional-stats_2023.parquet`. */
async function dataDir(): Promise<string> {
  const dir = join(workspace(), 'ebirdst');
  makeTinyStatus(join(dir, '2023', 'aaa-example'), 'aaa');
  makeTinyStatus(join(dir, '2023', 'bbb-example'), 'bbb');
  await makeTinyTrends(join(dir, '2022', 'aaa-example', 'trends'), 'aaa-example', 2022);
  await makeRegionalStatsParquet(join(dir, '2023', 'regional-stats_2023.parquet'), [
    'aaa-example',
    'bbb-example',
  ]);
  return dir;
}

describe('buildData on the layouts the ebirdst R package writes', () => {
  it('an ebirdst 4.2023 data dir builds both species, the 2022 trends of one, and says what it found', async () => {
    const dir = await dataDir();
    const out = join(workspace(), 'out');
    const events: BuildProgressEvent[] = [];
    const report = await buildData({
      prebuild: false,
      ebirdst: [dir],
      outDir: out,
      onProgress: (event) => events.push(event),
    });
    expect(await summary(out)).toEqual({
      species: [
        ['aaa', 2023, 2022],
        ['bbb', 2023, null],
      ],
      weekly: [weeklyOf('aaa'), weeklyOf('bbb')],
      trends: [trendsOf('aaa', 2022)],
      folds: [foldsOf('aaa')],
    });
    expect(report.found.slice(0, 2)).toEqual([
      'aaa-example · release 2023 · 27 km · weekly (1 product), ranges, regional stats (regional-stats_2023.parquet) · trends 2022 (breeding)',
      'bbb-example · release 2023 · 27 km · weekly (1 product), ranges, regional stats (regional-stats_2023.parquet)',
    ]);
    expect(events.filter((event) => event.step === 'found').map((event) => event.message)).toEqual(
      report.found,
    );
    // The all-species parquet holds REGIONAL_SEASONS.length rows per run; each species gets its own.
    expect(
      await query(
        out,
        `SELECT species_code, count(*) FROM '$out/regional_stats.parquet' GROUP BY 1 ORDER BY 1`,
      ),
    ).toEqual([
      ['aaa', REGIONAL_SEASONS.length],
      ['bbb', REGIONAL_SEASONS.length],
    ]);
    const saved = JSON.parse(readFileSync(join(out, 'build-fingerprint.json'), 'utf8'));
    expect(
      saved.inputs.status.map((input: { regionalStatsParquet: string }) => input.regionalStatsParquet),
    ).toEqual([
      join(dir, '2023', 'regional-stats_2023.parquet'),
      join(dir, '2023', 'regional-stats_2023.parquet'),
    ]);
  });

  it('an ebirdst 3.2022 species folder with trends/ inside builds its status and its trends', async () => {
    const dir = join(workspace(), 'ebirdst');
    const species = makeTinyStatus(join(dir, '2022', 'aaa-example'), 'aaa', 2022);
    await makeTinyTrends(join(species, 'trends'), 'aaa-example', 2022);
    const out = join(workspace(), 'out');
    await buildData({ prebuild: false, ebirdst: [dir], outDir: out });
    expect(await summary(out)).toEqual({
      species: [['aaa', 2022, 2022]],
      weekly: [weeklyOf('aaa')],
      trends: [trendsOf('aaa', 2022)],
      folds: [foldsOf('aaa')],
    });
  });

  it('a year folder builds every species in it', async () => {
    const dir = await dataDir();
    const out = join(workspace(), 'out');
    await buildData({ prebuild: false, ebirdst: [join(dir, '2023')], outDir: out });
    expect(await summary(out)).toEqual({
      species: [
        ['aaa', 2023, null],
        ['bbb', 2023, null],
      ],
      weekly: [weeklyOf('aaa'), weeklyOf('bbb')],
      trends: [],
      folds: [],
    });
  });

  it('species folders and a trends folder given one by one build like the data dir', async () => {
    const dir = await dataDir();
    const out = join(workspace(), 'out');
    await buildData({
      prebuild: false,
      ebirdst: [
        join(dir, '2023', 'bbb-example'),
        join(dir, '2022', 'aaa-example', 'trends'),
        join(dir, '2023', 'aaa-example'),
      ],
      outDir: out,
    });
    expect(await summary(out)).toEqual({
      species: [
        ['aaa', 2023, 2022],
        ['bbb', 2023, null],
      ],
      weekly: [weeklyOf('aaa'), weeklyOf('bbb')],
      trends: [trendsOf('aaa', 2022)],
      folds: [foldsOf('aaa')],
    });
  });

  it('one download given twice, by a link and by a folder inside it, is built once with notes', async () => {
    const dir = await dataDir();
    const link = join(workspace(), 'link');
    symlinkSync(dir, link);
    const out = join(workspace(), 'out');
    const report = await buildData({ prebuild: false, ebirdst: [dir, link, join(dir, '2023')], outDir: out });
    expect(await summary(out)).toEqual({
      species: [
        ['aaa', 2023, 2022],
        ['bbb', 2023, null],
      ],
      weekly: [weeklyOf('aaa'), weeklyOf('bbb')],
      trends: [trendsOf('aaa', 2022)],
      folds: [foldsOf('aaa')],
    });
    expect(report.notes).toEqual([
      `${link} is the same folder as ${dir}: taken once`,
      `${join(dir, '2023')} is inside ${dir}, also given: its inputs are taken once`,
    ]);
  });

  it('3 GiB files in the input (a 3 km product and an unrelated file) are never read whole', async () => {
    const dir = await dataDir();
    const species = join(dir, '2023', 'aaa-example');
    const threeGiB = 3 * 1024 ** 3;
    // Sparse: no disk used. readFileSync on either throws ERR_FS_FILE_TOO_LARGE (over 2 GiB).
    for (const name of ['weekly/aaa-example_abundance_median_3km_2023.tif', 'pis/big-unrelated.bin']) {
      mkdirSync(join(species, name, '..'), { recursive: true });
      writeFileSync(join(species, name), '');
      truncateSync(join(species, name), threeGiB);
    }
    const out = join(workspace(), 'out');
    const report = await buildData({ prebuild: false, ebirdst: [dir], outDir: out });
    expect((await summary(out)).weekly).toEqual([weeklyOf('aaa'), weeklyOf('bbb')]);
    expect(report.found.at(-1)).toMatch(/; 3 km also present: 3\.2 GB \(about 81× the cells\)$/);
    // The unrelated big file is fingerprinted by samples: touching its tail rebuilds.
    expect((await buildData({ prebuild: false, ebirdst: [dir], outDir: out })).skipped).toBe(true);
    const tail = Buffer.from('changed');
    const { openSync, writeSync, closeSync } = await import('node:fs');
    const descriptor = openSync(join(species, 'pis/big-unrelated.bin'), 'r+');
    writeSync(descriptor, tail, 0, tail.length, threeGiB - tail.length);
    closeSync(descriptor);
    expect((await buildData({ prebuild: false, ebirdst: [dir], outDir: out })).skipped).toBe(false);
  });

  it('a removed config.json fails naming that file and the fix, and keeps the previous build', async () => {
    const dir = await dataDir();
    const out = join(workspace(), 'out');
    await buildData({ prebuild: false, ebirdst: [dir], outDir: out });
    const before = readFileSync(join(out, 'catalog.json'), 'utf8');
    const config = join(dir, '2023', 'bbb-example', 'config.json');
    rmSync(config);
    await expect(buildData({ prebuild: false, ebirdst: [dir], outDir: out })).rejects.toThrow(
      new RegExp(
        `^input_not_found: ${config}: is missing: .*\\. Download the species again \\(ebirdst_download_status\\(\\) writes config\\.json\\)`,
      ),
    );
    expect(readFileSync(join(out, 'catalog.json'), 'utf8')).toBe(before);
  });

  it('a resolution the folders lack fails before building, naming the folder and what it has', async () => {
    const dir = await dataDir();
    const out = join(workspace(), 'out');
    await expect(
      buildData({ prebuild: false, ebirdst: [dir], outDir: out, resolutionKm: 9 }),
    ).rejects.toThrow(
      `resolution_unavailable: ${join(dir, '2023', 'aaa-example')}: has no 9 km products (it has 27 km). Pass --resolution 27`,
    );
  });
});
