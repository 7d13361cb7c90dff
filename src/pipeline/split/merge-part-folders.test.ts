import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildData } from '../build-data';
import { makeTwoReleaseSite, snapshotBuild } from '../test-support/split-fixtures';
import type { BuildSnapshot } from '../test-support/split-fixtures';
import { buildShard } from './build-shard';
import type { ShardReport } from './build-shard';

// Issue 16: shards of a split build run on separate CI runners; one job merges their folders.

let root: string;
let oneProcess: BuildSnapshot;
const shards: ShardReport[] = [];
const shardDir = (index: number) => join(root, `parts-${index}`);

describe('mergePartFolders (buildData with mergeParts)', () => {
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'perch-shards-'));
    const data = await makeTwoReleaseSite(root);
    await buildData({ ebirdst: [data], outDir: join(root, 'one') });
    oneProcess = await snapshotBuild(join(root, 'one'));
    for (const index of [1, 2])
      shards.push(
        await buildShard({ ebirdst: [data], shard: { index, count: 2 }, partsDir: shardDir(index), jobs: 2 }),
      );
  }, 120_000);

  it('each shard builds its own parts, together every part once, and lists them', () => {
    expect(shards.map((shard) => shard.total)).toEqual([5, 5]);
    expect(shards[0].parts.built + shards[1].parts.built).toBe(5);
    for (const shard of shards)
      expect(readdirSync(shard.partsDir)).toContain(`shard-${shard.shard.index}-of-2.json`);
  });

  it('merging the shard folders gives the one-process build: release keys, grids and trends as it files them', async () => {
    const report = await buildData({ outDir: join(root, 'merged'), mergeParts: [shardDir(1), shardDir(2)] });
    expect(report.parts).toMatchObject({ total: 5, built: 0, reused: 5 });
    const merged = await snapshotBuild(join(root, 'merged'));
    for (const [table, rows] of Object.entries(oneProcess.tables))
      expect(merged.tables[table], table).toEqual(rows);
    expect(merged.catalog).toEqual(oneProcess.catalog);
    // What the merge had to change in the parts' rows, so the equality above is not a trivial one.
    const species = merged.tables.species as { species_code: string; trends_release: number | null }[];
    expect(species.map((row) => [row.species_code, row.trends_release])).toEqual([
      ['sp1', null],
      ['sp1-2022', 2022],
      ['sp2', null],
      ['tiny2022', null],
    ]);
    const grids = (merged.tables.cells as { grid_id: number }[]).map((row) => row.grid_id);
    expect([...new Set(grids)].sort()).toEqual([0, 1]);
    expect(
      merged.catalog.tables.weekly.columns.find((column) => column.name === 'proportion_population')
        ?.releases,
    ).toEqual([2022]);
    expect(report.notes).toContainEqual(
      expect.stringMatching(/^sp1 is in releases 2022 and 2023: kept apart/),
    );
  }, 60_000);

  it('without every shard, merges nothing and names the missing shard', async () => {
    await expect(buildData({ outDir: join(root, 'partial'), mergeParts: [shardDir(1)] })).rejects.toThrow(
      /^parts_missing: .*parts-1: no listing of shard\(s\) 2\/2: a shard failed or its folder was not passed\. Run every shard/,
    );
    expect(readdirSync(root)).not.toContain('partial');
  });
});
