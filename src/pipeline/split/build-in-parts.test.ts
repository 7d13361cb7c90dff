import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildData } from '../build-data';
import type { BuildReport } from '../build-data';
import { makeOneReleaseSite, snapshotBuild } from '../test-support/split-fixtures';
import type { BuildSnapshot } from '../test-support/split-fixtures';
import { PART_MANIFEST } from './part-manifest';
import type { PartManifest } from './part-manifest';

// Issue 16: species build independently, one worker per core, resumable, merged at the end.

// Above Linux's largest pid (2^22): no process has it, as after a killed build.
const DEAD_PID = 2 ** 22 + 1;
let root: string;
let data: string;
let oneProcess: BuildSnapshot;
const parts = () => join(root, 'parts');
const split = () => join(root, 'split');

async function buildSplit(): Promise<{ report: BuildReport; messages: string[] }> {
  const messages: string[] = [];
  const report = await buildData({
    ebirdst: [data],
    outDir: split(),
    partsDir: parts(),
    jobs: 2,
    force: true,
    onProgress: (event) => messages.push(`${event.step}: ${event.message}`),
  });
  return { report, messages };
}

/** The folder of the part built from `identity`. */
function partFolder(identity: string): string {
  const name = readdirSync(parts()).find((folder) => {
    const manifest = join(parts(), folder, PART_MANIFEST);
    return (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as PartManifest).identity === identity
    );
  });
  if (!name) throw new Error(`no part ${identity} in ${parts()}`);
  return join(parts(), name);
}

describe('buildData with jobs 2 (split build)', () => {
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let first: Awaited<ReturnType<typeof buildSplit>>;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'perch-split-'));
    data = await makeOneReleaseSite(root);
    await buildData({ ebirdst: [data], outDir: join(root, 'one'), jobs: 1 });
    oneProcess = await snapshotBuild(join(root, 'one'));
    first = await buildSplit();
  }, 120_000);

  it('writes the tables, rows, files and catalog of the one-process build', async () => {
    expect(first.report.parts).toMatchObject({ total: 5, built: 5, reused: 0, workers: 2 });
    const merged = await snapshotBuild(split());
    expect(Object.keys(merged.tables)).toEqual(Object.keys(oneProcess.tables));
    for (const [table, rows] of Object.entries(oneProcess.tables))
      expect(merged.tables[table], table).toEqual(rows);
    // Files too (sha256 in the catalog): the species files are the parts' own, copied as they are.
    expect(merged.catalog).toEqual(oneProcess.catalog);
    expect(merged.tables.species.map((row) => (row as { products: string }).products)).toEqual([
      'weekly,ranges,regional_stats,trends',
      'weekly,ranges,regional_stats,trends',
      'weekly,ranges,regional_stats',
    ]);
  });

  it('says each part as it ends: k/N, elapsed, the part, its worker; then a summary with peak memory', () => {
    const ended = first.messages.filter(
      (message) => message.startsWith('part: ') && / built in /.test(message),
    );
    expect(ended).toHaveLength(5);
    expect(ended.map((message) => message.match(/^part: (\d)\/5 after [\d.]+ s: /)?.[1]).sort()).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    expect(ended.join('\n')).toMatch(/status\/2023\/sp2-example built in [\d.]+ s \(worker [12]\)/);
    expect(first.messages).toContainEqual(
      expect.stringMatching(
        /^parts: 5 built, 0 reused, 0 failed of 5; .*peak memory per worker \d+ MB, \d+ MB$/,
      ),
    );
  });

  it("rebuilds a deleted part and a killed build's unfinished one, reuses the others, saying which", async () => {
    rmSync(partFolder('status/2023/sp2-example'), { recursive: true });
    // A build killed just before renaming sp3 into place leaves it whole but under its temporary name.
    const sp3 = partFolder('status/2023/sp3-example');
    const leftover = join(parts(), `.${basename(sp3)}.building-${DEAD_PID}-1`);
    renameSync(sp3, leftover);
    const again = await buildSplit();
    expect(existsSync(leftover)).toBe(false);
    expect(again.report.parts).toMatchObject({ total: 5, built: 2, reused: 3 });
    const built = again.messages.filter((message) => / built in /.test(message));
    expect(built.map((message) => message.match(/: (\S+) built in/)?.[1]).sort()).toEqual([
      'status/2023/sp2-example',
      'status/2023/sp3-example',
    ]);
    const reused = again.messages.filter((message) => message.startsWith('part: reused '));
    expect(reused.map((message) => message.split(' ')[2]).sort()).toEqual([
      'status/2023/sp1-example',
      'trends/2022/sp1-example/breeding',
      'trends/2022/sp2-example/breeding',
    ]);
    expect((await snapshotBuild(split())).tables).toEqual(oneProcess.tables);
  }, 120_000);

  it('a broken species fails with its own message, the other parts still finish, and nothing is merged', async () => {
    const before = readFileSync(join(split(), 'catalog.json'), 'utf8');
    rmSync(partFolder('status/2023/sp1-example'), { recursive: true });
    const broken = join(data, '2023', 'sp3-example');
    rmSync(join(broken, 'weekly', 'sp3-example_abundance_median_27km_2023.tif'));
    const failure = await buildSplit().then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(failure).toMatch(
      /^parts_failed: .*parts: 1 of 5 parts failed, so nothing was merged and .*split was left as it was\. Fix the inputs below/,
    );
    expect(failure).toContain(`status/2023/sp3-example: unknown_layout: ${broken}: has no weekly/`);
    // sp1 was built in the same run; the failed part left no folder, the output is the previous build.
    expect(existsSync(join(partFolder('status/2023/sp1-example'), PART_MANIFEST))).toBe(true);
    expect(readdirSync(parts()).filter((name) => name.startsWith('.'))).toEqual([]);
    expect(readFileSync(join(split(), 'catalog.json'), 'utf8')).toBe(before);
    expect(readdirSync(root).filter((name) => name.startsWith('.split.'))).toEqual([]);
  }, 120_000);
});
