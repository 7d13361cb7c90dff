import type { BuildOptions } from '../pipeline/index';
import type { Shard } from '../pipeline/index';
import { isResolutionKm, RESOLUTIONS_KM } from '../pipeline/read/resolution-tokens';

const USAGE =
  'Use --ebirdst <dir>…, --resolution 27|9|3, --out <dir>, --scale species=N,cells=M, --simulate, --force, --jobs N, --parts <dir>, --shard i/n, --merge-parts <dir>…';

/** `npm run data` options: a build (buildData), or with `shard` one shard of a split build (buildShard). */
export interface DataArguments extends BuildOptions {
  shard?: Shard;
}

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

function parseJobs(text: string | undefined): number {
  const jobs = Number(text);
  if (!Number.isInteger(jobs) || jobs < 1)
    throw new Error(
      `invalid_arguments: --jobs ${text ?? '(missing)'}. Use a whole number of worker processes, 1 or more (1 builds in one process)`,
    );
  return jobs;
}

function parseShard(text: string | undefined): Shard {
  const [index, count] = String(text ?? '')
    .split('/')
    .map(Number);
  if (!Number.isInteger(index) || !Number.isInteger(count) || count < 1 || index < 1 || index > count)
    throw new Error(
      `invalid_arguments: --shard ${text ?? '(missing)'}. Use --shard i/n with 1 <= i <= n, e.g. --shard 2/4`,
    );
  return { index, count };
}

/** The paths after a flag that takes several, up to the next flag. */
function paths(argv: string[], at: number): string[] {
  const found: string[] = [];
  while (argv[at + 1 + found.length] && !argv[at + 1 + found.length].startsWith('--'))
    found.push(argv[at + 1 + found.length]);
  return found;
}

/**
 * `npm run data` arguments, then the environment: PERCH_EBIRDST=<dir>[:<dir>…] when no --ebirdst,
 * PERCH_EXAMPLE_BASE_URL for the example's base (tests point it at a local server). Checks, in
 * order: each argument is known and well formed; --merge-parts reads no inputs, so it takes no
 * input options; --shard builds given folders only.
 */
export function parseDataArguments(argv: string[], env: NodeJS.ProcessEnv = process.env): DataArguments {
  const options: DataArguments = { outDir: 'public/data' };
  const folders: string[] = [];
  const given = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i];
    given.add(argument);
    if (argument === '--out') options.outDir = argv[++i];
    else if (argument === '--scale') options.simulate = parseScale(argv[++i] ?? '');
    else if (argument === '--simulate') options.simulate ??= { species: 3, cells: 1200 };
    else if (argument === '--force') options.force = true;
    else if (argument === '--resolution') options.resolutionKm = parseResolution(argv[++i]);
    else if (argument === '--jobs') options.jobs = parseJobs(argv[++i]);
    else if (argument === '--parts') options.partsDir = argv[++i];
    else if (argument === '--shard') options.shard = parseShard(argv[++i]);
    else if (argument === '--ebirdst' || argument === '--merge-parts') {
      const found = paths(argv, i);
      i += found.length;
      if (argument === '--ebirdst') folders.push(...found);
      else options.mergeParts = [...(options.mergeParts ?? []), ...found];
    } else throw new Error(`invalid_arguments: unknown argument ${argument}. ${USAGE}`);
  }
  if (options.mergeParts) {
    const inputs = ['--ebirdst', '--simulate', '--scale', '--resolution', '--shard'].filter((flag) =>
      given.has(flag),
    );
    if (options.mergeParts.length === 0 || inputs.length > 0)
      throw new Error(
        `invalid_arguments: --merge-parts ${options.mergeParts.join(' ') || '(no folder)'}${inputs.map((flag) => ` with ${flag}`).join('')}. --merge-parts takes the --parts folders of the --shard runs and reads no inputs itself`,
      );
    return options;
  }
  if (folders.length === 0 && env.PERCH_EBIRDST)
    folders.push(...env.PERCH_EBIRDST.split(':').filter(Boolean));
  if (folders.length > 0) options.ebirdst = folders;
  if (options.shard && (folders.length === 0 || options.simulate))
    throw new Error(
      `invalid_arguments: --shard ${options.shard.index}/${options.shard.count} ${options.simulate ? 'with --simulate' : 'without --ebirdst folders'}. A shard builds parts of the eBird S&T folders given by --ebirdst (or PERCH_EBIRDST); the simulated demo builds in one job`,
    );
  if (env.PERCH_EXAMPLE_BASE_URL) options.download = { baseUrl: env.PERCH_EXAMPLE_BASE_URL };
  return options;
}
