/**
 * `npm run data [-- --ebirdst <path> [<path>…]] [--resolution 27|9|3] [--out <dir>] [--scale species=N,cells=M] [--force]`
 * `[--jobs N] [--parts <dir>] [--shard i/n | --merge-parts <dir> [<dir>…]]`
 * A path may be the ebirdst R package data dir, a `<year>` folder, species folders or trends
 * folders. Also reads PERCH_EBIRDST=<path>[:<path>…]. Without paths it tries the public example,
 * then falls back to the simulated demo and says why (here and on the page). Species inputs build
 * in --jobs worker processes (default: one per core; 1 = one process); --shard builds one CI
 * runner's share of them and --merge-parts merges the shards' folders (src/pipeline/split).
 */
import { availableParallelism } from 'node:os';
import { buildData, buildShard, PipelineError } from '../pipeline/index';
import type { PartsSummary } from '../pipeline/index';
import { parseDataArguments } from './data-arguments';

const onProgress = (event: { step: string; message: string }) =>
  console.log(`[data] ${event.step}: ${event.message}`);

function describeParts(parts: PartsSummary): string {
  const peak = Math.max(0, ...parts.peakRssBytes);
  return `${parts.total} parts: ${parts.built} built, ${parts.reused} reused${peak > 0 ? `, peak worker memory ${Math.round(peak / 1e6)} MB` : ''}`;
}

try {
  const { shard, ...options } = parseDataArguments(process.argv.slice(2));
  const jobs = options.jobs ?? availableParallelism();
  if (shard) {
    const report = await buildShard({ ...options, ebirdst: options.ebirdst ?? [], shard, jobs, onProgress });
    console.log(
      `[data] shard ${shard.index}/${shard.count} done in ${report.durationMs} ms: ${describeParts(report.parts)} of the build's ${report.total}, listed in ${report.listing}`,
    );
  } else {
    const report = await buildData({ ...options, jobs, onProgress });
    for (const note of report.notes) console.log(`[data] note: ${note}`);
    console.log(
      `[data] ${report.skipped ? 'unchanged' : 'built'} ${report.outDir}: ${report.bytes} bytes in ${report.durationMs} ms${report.parts ? ` (${describeParts(report.parts)})` : ''}${report.simulated ? ' — SIMULATED demo data (fictional species)' : ''}`,
    );
  }
} catch (error) {
  console.error(error instanceof PipelineError ? error.message : error);
  process.exitCode = 1;
}
