import { describe, expect, it } from 'vitest';
import type { ToolResults } from '../tools';
import { cellSentence } from './cell-sentence';

type CellWeekly = ToolResults['cell_weekly'];

/** A cell_weekly result with the fields the sentence reads; the rest as the tool fills them. */
function result(change: Partial<CellWeekly>): CellWeekly {
  return {
    species: { code: 'yebsap', common_name: 'Yellow-bellied Sapsucker' },
    product: 'abundance',
    label: 'relative abundance',
    unit: 'relative abundance',
    point: { lon: -90.1, lat: 46.45 },
    cell: { cell_id: 1, lon: -90.17, lat: 46.4 },
    near: '12 km SW of Ironwood, MI',
    town: 'Ironwood, MI',
    peak: { week: 16, date: '2023-04-19', value: 0.30912 },
    week: { week: 15, date: '2023-04-12', value: 0.1812 },
    weeks_modelled: 52,
    weeks_zero: 10,
    weeks: [],
    count: 52,
    truncated: false,
    source: { tables: [], sql: [] },
    scope: '',
    caveats: [],
    ...change,
  };
}

describe('cellSentence', () => {
  it('names the town, the peak date and value, and this week, in three significant digits', () => {
    expect(cellSentence(result({}))).toBe(
      'Near Ironwood, MI: relative abundance peaks around 19 April (0.309); this week (12 April) 0.181.',
    );
  });

  it('says a not-modelled week and a predicted-absent week in words, not as a figure', () => {
    expect(cellSentence(result({ week: { week: 8, date: '2023-02-22', value: null } }))).toMatch(
      /this week \(22 February\) not modelled\.$/,
    );
    expect(cellSentence(result({ week: { week: 1, date: '2023-01-04', value: 0 } }))).toMatch(
      /this week \(4 January\) 0 \(predicted absent\)\.$/,
    );
  });

  it('with no week asked leaves "this week" out; with no town gives the point', () => {
    expect(cellSentence(result({ week: null, town: null, near: null }))).toBe(
      'At 46.45°, -90.10°: relative abundance peaks around 19 April (0.309).',
    );
  });

  it('a cell never modelled, or predicted absent all year, has no peak to name', () => {
    expect(cellSentence(result({ peak: null }))).toBe(
      'Near Ironwood, MI: relative abundance is not modelled in this cell in any week.',
    );
    expect(cellSentence(result({ peak: { week: 1, date: '2023-01-04', value: 0 } }))).toBe(
      'Near Ironwood, MI: relative abundance is 0 (predicted absent) in every modelled week.',
    );
  });
});
