import { PipelineError } from '../pipeline-error';
import type { ResolutionKm } from '../read/resolution-tokens';
import type { Discovery } from './discovery';

/** Every status input must have the chosen resolution: reading another one silently would change every figure. */
export function checkResolution(discovery: Discovery, resolutionKm: ResolutionKm): void {
  for (const input of discovery.status) {
    if (input.resolutions.includes(resolutionKm)) continue;
    const has = input.resolutions.map((km) => `${km} km`).join(', ');
    throw new PipelineError(
      'resolution_unavailable',
      input.folder,
      `has no ${resolutionKm} km products (it has ${has || 'no product rasters at all'})`,
      input.resolutions.length > 0
        ? `Pass --resolution ${input.resolutions[0]}, or download the ${resolutionKm} km products of ${input.runName} ${input.release} into it`
        : `Download the products of ${input.runName} ${input.release} (weekly/, seasonal/, ranges/) into it`,
    );
  }
}
