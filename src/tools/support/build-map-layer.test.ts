import { tableFromArrays } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { buildMapLayer, timeBlocks, type LayerSource } from './build-map-layer';

const source = (
  columns: Parameters<typeof tableFromArrays>[0],
  extra: Partial<LayerSource> = {},
): LayerSource => ({
  table: tableFromArrays(columns),
  name: 'Abundance',
  valueColumn: 'value',
  unit: 'birds',
  release: 2023,
  color: '#d95f02',
  sourceTables: ['weekly'],
  sql: 'SELECT 1',
  callId: 'c1',
  ...extra,
});

describe('buildMapLayer time sorting', () => {
  it('sorts point features by week, stable within a week, and records each week block', () => {
    // Cell-major order, as `GROUP BY cell, week` returns it: the map needs week-major.
    const layer = buildMapLayer(
      source(
        {
          lon: Float64Array.from([1, 1, 2, 2, 3]),
          lat: Float64Array.from([10, 10, 20, 20, 30]),
          value: Float64Array.from([0.1, 0.2, 0.3, NaN, 0.5]),
          week: Int32Array.from([24, 16, 24, 16, 24]),
          region: ['a', 'b', 'c', 'd', 'e'],
        },
        { timeColumn: 'week', labelColumn: 'region' },
      ),
      { kind: 'point', lon: 'lon', lat: 'lat' },
    );
    expect([...layer.times!]).toEqual([16, 16, 24, 24, 24]);
    expect([...layer.values]).toEqual([
      Math.fround(0.2),
      NaN,
      Math.fround(0.1),
      Math.fround(0.3),
      Math.fround(0.5),
    ]);
    expect([...layer.coordinates]).toEqual([1, 10, 2, 20, 1, 10, 2, 20, 3, 30]);
    expect(layer.labels).toEqual(['b', 'd', 'a', 'c', 'e']);
    expect(layer.timeStarts).toEqual({ 16: [0, 2], 24: [2, 3] });
    expect(Object.keys(layer.timeLabels!).map(Number).sort()).toEqual([16, 24]);
  });

  it('moves each polygon ring with its feature and rebuilds polygonStarts', () => {
    const square = (x: number) =>
      JSON.stringify({
        type: 'Polygon',
        coordinates: [
          [
            [x, 0],
            [x + 1, 0],
            [x + 1, 1],
            [x, 0],
          ],
        ],
      });
    const triangle = (x: number) =>
      JSON.stringify({
        type: 'Polygon',
        coordinates: [
          [
            [x, 0],
            [x + 1, 1],
            [x, 0],
          ],
        ],
      });
    const layer = buildMapLayer(
      source(
        { geom: [square(0), triangle(5)], value: Float64Array.from([1, 2]), week: Int32Array.from([30, 3]) },
        { timeColumn: 'week' },
      ),
      { kind: 'polygon', geojson: 'geom' },
    );
    expect([...layer.polygonStarts!]).toEqual([0, 3, 7]);
    expect([...layer.coordinates.subarray(0, 6)]).toEqual([5, 0, 6, 1, 5, 0]);
    expect([...layer.coordinates.subarray(6)]).toEqual([0, 0, 1, 0, 1, 1, 0, 0]);
    expect([...layer.values]).toEqual([2, 1]);
    expect(layer.timeStarts).toEqual({ 3: [0, 1], 30: [1, 1] });
  });

  it('a layer without a time column keeps query order and has no timeStarts', () => {
    const layer = buildMapLayer(
      source({
        lon: Float64Array.from([3, 1]),
        lat: Float64Array.from([0, 0]),
        value: Float64Array.from([1, 2]),
      }),
      { kind: 'point', lon: 'lon', lat: 'lat' },
    );
    expect([...layer.coordinates]).toEqual([3, 0, 1, 0]);
    expect(layer.timeStarts).toBeUndefined();
  });
});

describe('timeBlocks', () => {
  it('gives [first index, count] per value of a sorted array', () => {
    expect(timeBlocks([1, 1, 1, 2, 52])).toEqual({ 1: [0, 3], 2: [3, 1], 52: [4, 1] });
    expect(timeBlocks([])).toEqual({});
  });
});
