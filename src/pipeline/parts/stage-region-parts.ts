import { loadCounties } from '../boundaries/load-regions';
import type { Boundaries } from '../boundaries/load-regions';
import type { Stage } from '../tables/stage';
import { stagedCells } from '../tables/stage-geography';
import { latitudeHalves } from './latitude-halves';
import { MICHIGAN, michiganPeninsulas } from './michigan-peninsulas';
import type { PartCell, RegionPart } from './region-part';

/** Every part this build defines: Michigan's peninsulas (when it has Michigan cells), then each state's halves. */
export function defineRegionParts(
  cells: readonly PartCell[],
  boundaries: Pick<Boundaries, 'regions'>,
  loadMichiganCounties = () => loadCounties(MICHIGAN.fips),
): RegionPart[] {
  const peninsulas = cells.some((cell) => cell.state_code === MICHIGAN.code)
    ? michiganPeninsulas(cells, loadMichiganCounties())
    : [];
  return [
    ...peninsulas,
    ...latitudeHalves(
      cells,
      boundaries.regions.filter((region) => region.type === 'state'),
    ),
  ];
}

/** Stages region_parts (one row per part) and cell_parts (one row per member cell); returns the parts. */
export async function stageRegionParts(stage: Stage, boundaries: Boundaries): Promise<RegionPart[]> {
  const parts = defineRegionParts(await stagedCells(stage), boundaries);
  await stage.append(
    'region_parts',
    parts.map((part) => ({
      part_id: part.part_id,
      name: part.name,
      aliases: part.aliases.join(','),
      parent_code: part.parent_code,
      rule: part.rule,
      cell_count: part.cells.length,
    })),
  );
  await stage.append(
    'cell_parts',
    parts.flatMap((part) => part.cells.map((cell_id) => ({ cell_id, part_id: part.part_id }))),
  );
  return parts;
}
