import { resolve } from 'node:path';
import type { BuildOptions } from './build-data';
import { discoverInputs } from './discover';
import type { Discovery } from './discover';
import { downloadExample } from './download-example';
import { DEFAULT_SIMULATION } from './simulate/simulate-species';
import type { SimulateOptions } from './simulate/simulate-species';

export type ResolvedInputs =
  | { source: 'simulated'; simulate: SimulateOptions; discovery?: undefined; pageNotes: string[] }
  | { source: 'ebirdst' | 'download'; discovery: Discovery; simulate?: undefined; pageNotes: string[] };

/**
 * (1) simulate when asked; (2) discover the given paths; (3) else download the public example and
 * discover its layout; (4) a failed download builds the simulated demo and says why, in the
 * terminal (notes) and on the page (catalog notes: the build still exits 0 for `npm start`).
 */
export async function resolveInputs(
  options: BuildOptions,
  notes: string[],
  progress: (step: string, message: string) => void,
): Promise<ResolvedInputs> {
  if (options.simulate) return { source: 'simulated', simulate: options.simulate, pageNotes: [] };
  if (options.ebirdst && options.ebirdst.length > 0)
    return { source: 'ebirdst', discovery: discoverInputs(options.ebirdst), pageNotes: [] };
  const cacheDir = options.download?.cacheDir ?? resolve('.cache/ebirdst-example');
  progress('download', `no --ebirdst folder given: fetching the public example into ${cacheDir}`);
  const download = await downloadExample({ ...options.download, cacheDir });
  if (download.ok) return { source: 'download', discovery: discoverInputs([download.folder]), pageNotes: [] };
  notes.push(download.error.message);
  notes.push(
    'Built the SIMULATED demo instead: fictional species, flagged simulated: true in catalog.json. Pass --ebirdst <dir> for real data.',
  );
  progress('download', notes.join(' '));
  const pageNote = `Simulated demo: the real eBird example could not be downloaded (${download.detail}: ${download.url}). Run npm run data -- --ebirdst <folder> with an eBird Status & Trends download for real data.`;
  return { source: 'simulated', simulate: DEFAULT_SIMULATION, pageNotes: [pageNote] };
}
