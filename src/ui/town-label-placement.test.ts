import { describe, expect, it } from 'vitest';
import type { TownLabels } from '../payloads';
import { RANK_MIN_ZOOM, placeTownLabels } from './town-label-placement';

function towns(list: [name: string, lon: number, lat: number, rank: number][]): TownLabels {
  return {
    names: list.map(([name]) => name),
    positions: Float32Array.from(list.flatMap(([, lon, lat]) => [lon, lat])),
    ranks: Uint8Array.from(list.map(([, , , rank]) => rank)),
  };
}

// Most important first, as basemap.json lists them; Detroit's suburbs sit a few km from it.
const MICHIGAN = towns([
  ['Detroit', -83.046, 42.331, 1],
  ['Lansing', -84.555, 42.733, 2],
  ['Grand Rapids', -85.668, 42.963, 2],
  ['Warren', -83.013, 42.493, 2],
  ['Dearborn', -83.176, 42.322, 3],
  ['Marquette', -87.395, 46.543, 4],
  ['Munising', -86.648, 46.411, 5],
]);

describe('placeTownLabels', () => {
  it('shows only the ranks a zoom allows: big cities far out, county seats close in', () => {
    const names = (zoom: number) => placeTownLabels(MICHIGAN, zoom).map((index) => MICHIGAN.names[index]);
    expect(names(3)).toEqual(['Detroit']);
    expect(names(RANK_MIN_ZOOM[4])).toContain('Marquette');
    expect(names(RANK_MIN_ZOOM[4])).not.toContain('Munising');
    expect(names(8)).toContain('Munising');
  });

  it('skips a label that would overlap one placed before it, and places it once there is room', () => {
    const at = (zoom: number) => placeTownLabels(MICHIGAN, zoom).map((index) => MICHIGAN.names[index]);
    // Warren is 18 km north of Detroit: 13 px apart at zoom 5.5, one line of text apart (20 px) at zoom 6.
    expect(at(5.5)).toContain('Detroit');
    expect(at(5.5)).not.toContain('Warren');
    expect(at(6)).toContain('Warren');
    // Dearborn is on Detroit's row, 11 km west: its name would run over Detroit's until zoom 9.
    expect(at(8)).not.toContain('Dearborn');
    expect(at(9)).toEqual(expect.arrayContaining(['Detroit', 'Warren', 'Dearborn']));
  });

  it('depends on the zoom step only, and more zoom never shows fewer labels here', () => {
    expect(placeTownLabels(MICHIGAN, 6.01)).toEqual(placeTownLabels(MICHIGAN, 6.2));
    let previous = 0;
    for (let zoom = 2; zoom <= 10; zoom += 0.25) {
      const count = placeTownLabels(MICHIGAN, zoom).length;
      expect(count).toBeGreaterThanOrEqual(previous);
      previous = count;
    }
  });
});
