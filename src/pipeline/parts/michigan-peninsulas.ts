import type { County } from '../boundaries/load-regions';
import { nearestRegion } from '../geo/nearest-region';
import { RegionIndex } from '../geo/region-index';
import type { IndexedRegion } from '../geo/region-index';
import type { PartCell, RegionPart } from './region-part';

export const MICHIGAN = { code: 'USA-MI', fips: '26' } as const;

/** The 15 counties of Michigan's Upper Peninsula, by US Census FIPS code. */
export const UPPER_PENINSULA_COUNTIES: Readonly<Record<string, string>> = {
  '26003': 'Alger',
  '26013': 'Baraga',
  '26033': 'Chippewa',
  '26041': 'Delta',
  '26043': 'Dickinson',
  '26053': 'Gogebic',
  '26061': 'Houghton',
  '26071': 'Iron',
  '26083': 'Keweenaw',
  '26095': 'Luce',
  '26097': 'Mackinac',
  '26103': 'Marquette',
  '26109': 'Menominee',
  '26131': 'Ontonagon',
  '26153': 'Schoolcraft',
};

const UP_COUNTY_LIST = Object.entries(UPPER_PENINSULA_COUNTIES)
  .map(([fips, name]) => `${fips} ${name}`)
  .join(', ');

/**
 * The county a Michigan cell goes with: the one holding its centre, else (a centre in Lake
 * Michigan, Huron or Superior, kept in Michigan by the footprint vote of assign-cell-regions) the
 * one whose boundary is nearest. Not the footprint vote: a lake cell's footprint may touch no county.
 */
function countyOf(cell: PartCell, index: RegionIndex, counties: readonly IndexedRegion[]): string | null {
  return index.locate(cell.lon, cell.lat) ?? nearestRegion(counties, cell.lon, cell.lat)?.code ?? null;
}

/**
 * upper_peninsula and lower_peninsula over the cells whose state_code is USA-MI, so the two parts
 * split exactly the cells a "Michigan" question filters on. Nothing when the build has no
 * Michigan cell.
 */
export function michiganPeninsulas(
  cells: readonly PartCell[],
  michiganCounties: readonly County[],
): RegionPart[] {
  const michigan = cells.filter((cell) => cell.state_code === MICHIGAN.code);
  if (michigan.length === 0) return [];
  const counties = michiganCounties.map((county) => ({ code: county.fips, polygons: county.polygons }));
  const index = new RegionIndex(counties);
  const upper: number[] = [];
  const lower: number[] = [];
  for (const cell of michigan) {
    const county = countyOf(cell, index, counties);
    (county !== null && county in UPPER_PENINSULA_COUNTIES ? upper : lower).push(cell.cell_id);
  }
  const scope = `cells of Michigan (state_code ${MICHIGAN.code})`;
  const lakes =
    'a cell whose centre lies in a lake (in no county) goes with the county whose boundary is nearest';
  return [
    {
      part_id: 'upper_peninsula',
      name: 'Upper Peninsula',
      aliases: ['the UP', 'U.P.', 'yooper country', 'upper michigan'],
      parent_code: MICHIGAN.code,
      rule: `The ${scope} whose centre lies in one of the 15 Upper Peninsula counties (US Census FIPS ${UP_COUNTY_LIST}; us-atlas counties-10m); ${lakes}.`,
      cells: upper.sort((a, b) => a - b),
    },
    {
      part_id: 'lower_peninsula',
      name: 'Lower Peninsula',
      aliases: ['the LP', 'lower michigan', 'the mitten'],
      parent_code: MICHIGAN.code,
      rule: `The other ${scope}: centre in one of the 68 Lower Peninsula counties, or nearest to one when in a lake. With upper_peninsula it splits the state's cells exactly; cells outside the state line are in neither.`,
      cells: lower.sort((a, b) => a - b),
    },
  ];
}
