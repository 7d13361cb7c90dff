import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildData } from '../../src/pipeline/build-data';
import { DEFAULT_SIMULATION } from '../../src/pipeline/simulate/simulate-species';

/**
 * The data of the simulated demo (what `npm run data` builds with no download folder and no
 * network), built into one fixed temp folder: buildData keeps it when its inputs are unchanged,
 * so reruns skip the build and builtApp's content hash reuses the same site.
 */
export async function simulatedSiteData(): Promise<string> {
  const outDir = join(tmpdir(), 'perch-simulated-site-data');
  await buildData({ outDir, simulate: DEFAULT_SIMULATION });
  return outDir;
}
