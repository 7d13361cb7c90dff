import type { Region } from '../boundaries/load-regions';
import type { PartCell, RegionPart } from './region-part';
import { slugOf } from './region-part';

/** Extra words for one state's halves, where people have them. */
const EXTRA_ALIASES: Readonly<Record<string, { northern?: string[]; southern?: string[] }>> = {
  // "Up north" is how Michiganders say the northern Lower Peninsula and the UP.
  'USA-MI': { northern: ['up north'] },
};

/** The median of the values (mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * northern_<state> / southern_<state> for every state with cells: split at the median centre
 * latitude of the state's cells in this build, so each half holds about half the cells whatever
 * the state's shape or mask. A fixed parallel would not generalise (44°N cuts Michigan but misses
 * Florida). Cells of one grid row share a latitude (EPSG:8857's y depends on latitude only), so
 * the row at the median goes south as a whole and the halves can differ by up to a row.
 */
export function latitudeHalves(cells: readonly PartCell[], states: readonly Region[]): RegionPart[] {
  const parts: RegionPart[] = [];
  for (const state of [...states].sort((a, b) => a.region_code.localeCompare(b.region_code))) {
    const mine = cells.filter((cell) => cell.state_code === state.region_code);
    if (mine.length === 0) continue;
    const split = median(mine.map((cell) => cell.lat));
    const slug = slugOf(state.name);
    const lower = state.name.toLowerCase();
    const extra = EXTRA_ALIASES[state.region_code] ?? {};
    const half = (side: 'northern' | 'southern'): RegionPart => {
      const north = side === 'northern';
      return {
        part_id: `${side}_${slug}`,
        name: `${north ? 'Northern' : 'Southern'} ${state.name}`,
        aliases: [`${north ? 'north' : 'south'} ${lower}`, ...(extra[side] ?? [])],
        parent_code: state.region_code,
        rule: `Cells of ${state.name} (state_code ${state.region_code}) whose centre latitude is ${north ? 'above' : 'at or below'} ${split.toFixed(4)}°N, the median centre latitude of the state's ${mine.length} cells in this build.`,
        cells: mine
          .filter((cell) => (north ? cell.lat > split : cell.lat <= split))
          .map((cell) => cell.cell_id)
          .sort((a, b) => a - b),
      };
    };
    parts.push(half('northern'), half('southern'));
  }
  return parts;
}
