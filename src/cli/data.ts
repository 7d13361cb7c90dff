/**
 * `npm run data [-- --ebirdst <path> [<path>…]] [--resolution 27|9|3] [--out <dir>] [--scale species=N,cells=M] [--force]`
 * A path may be the ebirdst R package data dir, a `<year>` folder, species folders or trends
 * folders. Also reads PERCH_EBIRDST=<path>[:<path>…]. Without paths it tries the public example,
 * then falls back to the simulated demo and says why (here and on the page).
 */
import { buildData, PipelineError } from '../pipeline/index';
import { parseDataArguments } from './data-arguments';

try {
  const options = parseDataArguments(process.argv.slice(2));
  const report = await buildData({
    ...options,
    onProgress: (event) => console.log(`[data] ${event.step}: ${event.message}`),
  });
  for (const note of report.notes) console.log(`[data] note: ${note}`);
  console.log(
    `[data] ${report.skipped ? 'unchanged' : 'built'} ${report.outDir}: ${report.bytes} bytes in ${report.durationMs} ms${report.simulated ? ' — SIMULATED demo data (fictional species)' : ''}`,
  );
} catch (error) {
  console.error(error instanceof PipelineError ? error.message : error);
  process.exitCode = 1;
}
