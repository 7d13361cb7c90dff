import { describe, expect, it } from 'vitest';
import type { Region } from '../boundaries/load-regions';
import { latitudeHalves, median } from './latitude-halves';
import { slugOf } from './region-part';

const state = (region_code: string, name: string): Region => ({
  region_code,
  name,
  type: 'state',
  parent_code: 'USA',
  polygons: [],
});

describe('latitudeHalves', () => {
  it('median() of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('latitudeHalves splits each state with cells at its median latitude; the median row goes south', () => {
    const cells = [
      { cell_id: 1, lon: 0, lat: 40, state_code: 'USA-NY' },
      { cell_id: 2, lon: 0, lat: 41, state_code: 'USA-NY' },
      { cell_id: 3, lon: 0, lat: 42, state_code: 'USA-NY' },
      { cell_id: 4, lon: 0, lat: 42, state_code: 'USA-NY' },
      { cell_id: 5, lon: 0, lat: 43, state_code: 'USA-NY' },
      { cell_id: 6, lon: 0, lat: 50, state_code: null },
    ];
    const parts = latitudeHalves(cells, [state('USA-NY', 'New York'), state('USA-OH', 'Ohio')]);
    expect(parts.map((part) => [part.part_id, part.cells])).toEqual([
      ['northern_new_york', [5]],
      ['southern_new_york', [1, 2, 3, 4]],
    ]);
    expect(parts[0].rule).toContain('above 42.0000°N');
    expect(parts[0].aliases).toEqual(['north new york']);
  });

  it('slugOf() keeps a–z and digits, one underscore per run of anything else', () => {
    expect(slugOf('District of Columbia')).toBe('district_of_columbia');
    expect(slugOf("Hawai'i")).toBe('hawai_i');
  });
});
