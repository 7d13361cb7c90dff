import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Stage } from './stage';
import { stageWeeklyRegions } from './stage-weekly-regions';

// Four cells: two in Michigan (one not modelled in week 2), one in Ontario (Canada, no state), one
// at sea (no country). Week 1 has a predicted-absent 0; the sea cell has no row in week 2.
const CELLS = [
  { cell_id: 1, area_km2: 729, country_code: 'USA', state_code: 'USA-MI' },
  { cell_id: 2, area_km2: 729, country_code: 'USA', state_code: 'USA-MI' },
  { cell_id: 3, area_km2: 711, country_code: 'CAN', state_code: null },
  { cell_id: 4, area_km2: 700, country_code: null, state_code: null },
];
const WEEKLY = [
  [1, 1, 2.0],
  [2, 1, 0.0],
  [3, 1, 1.0],
  [4, 1, 5.0],
  [1, 2, 4.0],
  [2, 2, null],
  [3, 2, 3.0],
].map(([cell_id, week, abundance]) => ({
  species_code: 'amerob',
  week,
  date: week === 1 ? '2023-01-04' : '2023-01-11',
  cell_id,
  // The weekly row's own codes are wrong on purpose: the grouping must follow `cells`, as the tools' join does.
  country_code: 'XXX',
  state_code: 'XXX-XX',
  abundance,
  occurrence: abundance === null ? null : (abundance as number) / 10,
}));

let stage: Stage;
beforeAll(async () => {
  stage = await Stage.open();
  await stage.append('cells', CELLS);
  await stage.append('weekly', WEEKLY);
  await stageWeeklyRegions(stage);
  // Run twice: the table follows `weekly`, never doubles (the scale bench writes a stage in batches).
  await stageWeeklyRegions(stage);
});
afterAll(() => stage?.close());

const COLUMNS = [
  'region_type',
  'region_code',
  'week',
  'cells',
  'cells_modelled',
  'cells_present',
  'region_cells',
  'region_km2',
  'abundance_mean',
  'abundance_sum',
  'abundance_max',
  'abundance_zero',
  'occurrence_mean',
] as const;

/** The table's rows as tuples of COLUMNS, doubles to 12 significant digits (3/10 arrives as 0.3 or 0.30000000000000004 by summation order). */
async function rows(): Promise<unknown[][]> {
  const result = await stage.connection.runAndReadAll(
    `SELECT ${COLUMNS.join(', ')} FROM weekly_regions ORDER BY region_type, region_code, week`,
  );
  return result
    .getRowsJS()
    .map((row) => row.map((value) => (typeof value === 'number' ? Number(value.toPrecision(12)) : value)));
}

describe('weekly_regions', () => {
  it('holds per week the mean (NULL skipped, 0 kept), sum and max over the range, each country and each state', async () => {
    expect(await rows()).toEqual([
      // type, code, week, cells, modelled, present, region cells, km², mean, sum, max, zero, occurrence mean
      ['country', 'CAN', 1, 1, 1, 1, 1, 711, 1, 1, 1, 0, 0.1],
      ['country', 'CAN', 2, 1, 1, 1, 1, 711, 3, 3, 3, 0, 0.3],
      ['country', 'USA', 1, 2, 2, 1, 2, 1458, 1, 2, 2, 1, 0.1],
      ['country', 'USA', 2, 2, 1, 1, 2, 1458, 4, 4, 4, 0, 0.4],
      // the sea cell counts for the range only; it has no row in week 2, so the range's area keeps it
      ['range', 'range', 1, 4, 4, 3, 4, 2869, 2, 8, 5, 1, 0.2],
      ['range', 'range', 2, 3, 2, 2, 4, 2869, 3.5, 7, 4, 0, 0.35],
      ['state', 'USA-MI', 1, 2, 2, 1, 2, 1458, 1, 2, 2, 1, 0.1],
      ['state', 'USA-MI', 2, 2, 1, 1, 2, 1458, 4, 4, 4, 0, 0.4],
    ]);
  });
});
