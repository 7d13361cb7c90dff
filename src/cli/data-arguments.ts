import type { BuildOptions } from '../pipeline/index';
import { isResolutionKm, RESOLUTIONS_KM } from '../pipeline/read/resolution-tokens';

const USAGE =
  'Use --ebirdst <dir>…, --resolution 27|9|3, --out <dir>, --scale species=N,cells=M, --simulate, --force';

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

function parseResolution(text: string | undefined): BuildOptions['resolutionKm'] {
  const km = Number(String(text ?? '').replace(/km$/, ''));
  if (!isResolutionKm(km))
    throw new Error(
      `invalid_arguments: --resolution ${text ?? '(missing)'}. Use one of ${RESOLUTIONS_KM.join(', ')} (km)`,
    );
  return km;
}

/**
 * `npm run data` arguments, then the environment: PERCH_EBIRDST=<dir>[:<dir>…] when no --ebirdst,
 * PERCH_EXAMPLE_BASE_URL for the example's base (tests point it at a local server).
 */
export function parseDataArguments(argv: string[], env: NodeJS.ProcessEnv = process.env): BuildOptions {
  const options: BuildOptions = { outDir: 'public/data' };
  const folders: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i];
    if (argument === '--out') options.outDir = argv[++i];
    else if (argument === '--scale') options.simulate = parseScale(argv[++i] ?? '');
    else if (argument === '--simulate') options.simulate ??= { species: 3, cells: 1200 };
    else if (argument === '--force') options.force = true;
    else if (argument === '--resolution') options.resolutionKm = parseResolution(argv[++i]);
    else if (argument === '--ebirdst')
      while (argv[i + 1] && !argv[i + 1].startsWith('--')) folders.push(argv[++i]);
    else throw new Error(`invalid_arguments: unknown argument ${argument}. ${USAGE}`);
  }
  if (folders.length === 0 && env.PERCH_EBIRDST)
    folders.push(...env.PERCH_EBIRDST.split(':').filter(Boolean));
  if (folders.length > 0) options.ebirdst = folders;
  if (env.PERCH_EXAMPLE_BASE_URL) options.download = { baseUrl: env.PERCH_EXAMPLE_BASE_URL };
  return options;
}
