/**
 * Build memory at a continental species' size (issue 15: "a continental species at 27 km builds in
 * under 2 GB"): writes a synthetic status download of ~100,000 cells and builds it in a child
 * process, whose peak resident set (`process.resourceUsage().maxRSS`, which counts native DuckDB
 * and geotiff buffers as well as the JS heap) is the figure. A child, because this process's own
 * peak already holds whatever ran before it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeSyntheticStatusFolder } from './synthetic-status-folder';

export interface BuildMemoryResult {
  cells: number;
  weeklyRows: number;
  peakRssMb: number;
  buildMs: number;
  inputMb: number;
}

const CHILD = `
const { buildData } = await import(process.env.PERCH_PIPELINE);
const started = performance.now();
const report = await buildData({ ebirdst: [process.env.PERCH_INPUT], outDir: process.env.PERCH_OUT, force: true });
console.log(JSON.stringify({ ms: performance.now() - started, maxRssKb: process.resourceUsage().maxRSS, weeklyRows: report.tables.weekly.rows }));
`;

export function runBuildMemoryBench(cells = 100_000): BuildMemoryResult {
  const root = mkdtempSync(join(tmpdir(), 'perch-build-memory-'));
  try {
    const written = writeSyntheticStatusFolder(join(root, 'input'), cells);
    const inputMb =
      Number(spawnSync('du', ['-sk', written.folder], { encoding: 'utf8' }).stdout.split('\t')[0]) / 1024;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', CHILD], {
      encoding: 'utf8',
      env: {
        ...process.env,
        PERCH_PIPELINE: join(process.cwd(), 'src/pipeline/index.ts'),
        PERCH_INPUT: written.folder,
        PERCH_OUT: join(root, 'out'),
      },
      maxBuffer: 64 * 1024 * 1024,
    });
    const last = child.stdout.trim().split('\n').at(-1) ?? '';
    if (child.status !== 0 || !last.startsWith('{'))
      throw new Error(`build-memory bench: the build failed (${child.stderr.slice(-2000)})`);
    const figures = JSON.parse(last) as { ms: number; maxRssKb: number; weeklyRows: number };
    return {
      cells: written.cells,
      weeklyRows: figures.weeklyRows,
      peakRssMb: figures.maxRssKb / 1024,
      buildMs: figures.ms,
      inputMb,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

export function formatBuildMemory(result: BuildMemoryResult): string {
  return [
    `synthetic continental species: ${result.cells.toLocaleString('en')} cells at 27 km, ${result.inputMb.toFixed(0)} MB of GeoTIFFs`,
    `  build: ${(result.buildMs / 1000).toFixed(1)} s, ${result.weeklyRows.toLocaleString('en')} weekly rows, peak resident memory ${result.peakRssMb.toFixed(0)} MB (goal < 2048 MB)`,
  ].join('\n');
}
