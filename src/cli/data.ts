/**
 * `npm run data [-- --ebirdst <dir> [<dir>…]] [--out <dir>] [--scale species=N,cells=M] [--force]`
 * Also reads PERCH_EBIRDST=<dir>[:<dir>…]. Without folders it tries the public example, then
 * falls back to the simulated demo and says so.
 */
import { buildData, PipelineError } from '../pipeline/index';
import type { BuildOptions } from '../pipeline/index';

function parseScale(text: string): { species: number; cells: number } {
  const parts = Object.fromEntries(text.split(',').map((part) => part.split('=') as [string, string]));
  const species = Number(parts.species);
  const cells = Number(parts.cells);
  if (!Number.isInteger(species) || !Number.isInteger(cells) || species < 1 || cells < 1) {
    throw new Error(
      `invalid_arguments: --scale ${text}. Use --scale species=N,cells=M with positive integers`,
    );
  }
  return { species, cells };
}

function parseArguments(argv: string[]): BuildOptions {
  const options: BuildOptions = { outDir: 'public/data' };
  const folders: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i];
    if (argument === '--out') options.outDir = argv[++i];
    else if (argument === '--scale') options.simulate = parseScale(argv[++i] ?? '');
    else if (argument === '--simulate') options.simulate ??= { species: 3, cells: 1200 };
    else if (argument === '--force') options.force = true;
    else if (argument === '--ebirdst')
      while (argv[i + 1] && !argv[i + 1].startsWith('--')) folders.push(argv[++i]);
    else
      throw new Error(
        `invalid_arguments: unknown argument ${argument}. Use --ebirdst <dir>…, --out <dir>, --scale species=N,cells=M, --force`,
      );
  }
  if (folders.length === 0 && process.env.PERCH_EBIRDST)
    folders.push(...process.env.PERCH_EBIRDST.split(':').filter(Boolean));
  if (folders.length > 0) options.ebirdst = folders;
  if (process.env.PERCH_EXAMPLE_BASE_URL) options.download = { baseUrl: process.env.PERCH_EXAMPLE_BASE_URL };
  return options;
}

try {
  const options = parseArguments(process.argv.slice(2));
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
