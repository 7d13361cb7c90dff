import { tableFromArrays } from 'apache-arrow';
import { describe, expect, it, vi } from 'vitest';
import { buildMapLayer, squareCorners, timeBlocks, type LayerSource } from './build-map-layer';

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

  it('rows already in week order (as the weekly SQL sends them) keep their order, with each week block', () => {
    const layer = buildMapLayer(
      source(
        {
          lon: Float64Array.from([1, 2, 1, 2, 3]),
          lat: Float64Array.from([10, 20, 10, 20, 30]),
          value: Float64Array.from([0.25, NaN, 0.5, 0.75, 1]),
          week: Int32Array.from([16, 16, 24, 24, 24]),
          region: ['a', 'b', 'c', 'd', 'e'],
        },
        { timeColumn: 'week', labelColumn: 'region' },
      ),
      { kind: 'point', lon: 'lon', lat: 'lat' },
    );
    expect([...layer.times!]).toEqual([16, 16, 24, 24, 24]);
    expect([...layer.values]).toEqual([0.25, NaN, 0.5, 0.75, 1]);
    expect([...layer.coordinates]).toEqual([1, 10, 2, 20, 1, 10, 2, 20, 3, 30]);
    expect(layer.labels).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(layer.timeStarts).toEqual({ 16: [0, 2], 24: [2, 3] });
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

/** A cell square as cells.footprint_geojson holds it: a closed GeoJSON Polygon ring. */
const cellSquare = (lon: number, lat: number) =>
  JSON.stringify({
    type: 'Polygon',
    coordinates: [
      [
        [lon - 0.1, lat - 0.1],
        [lon + 0.1, lat - 0.1],
        [lon + 0.1, lat + 0.1],
        [lon - 0.1, lat + 0.1],
        [lon - 0.1, lat - 0.1],
      ],
    ],
  });
const FOOTPRINT = { geojson: 'footprint', cell: 'cell_id' };

describe('buildMapLayer footprints', () => {
  it('fills 4 corners per feature from the footprint column, following each feature through the week sort', () => {
    // Cell-major rows; the footprint only on each cell's first row, as the weekly layer sends it.
    const layer = buildMapLayer(
      source(
        {
          cell_id: Int32Array.from([7, 7, 9, 9]),
          lon: Float64Array.from([1, 1, 2, 2]),
          lat: Float64Array.from([10, 10, 20, 20]),
          value: Float64Array.from([0.1, 0.2, 0.3, 0.4]),
          week: Int32Array.from([24, 16, 24, 16]),
          footprint: [cellSquare(1, 10), null, null, cellSquare(2, 20)],
        },
        { timeColumn: 'week' },
      ),
      { kind: 'point', lon: 'lon', lat: 'lat', footprint: FOOTPRINT },
    );
    expect(layer.footprints).toHaveLength(4 * 8);
    // Week 16 first: cell 7 then cell 9, then week 24.
    const corners = (feature: number) => [...layer.footprints!.subarray(feature * 8, feature * 8 + 8)];
    for (const [feature, [lon, lat]] of [
      [1, 10],
      [2, 20],
      [1, 10],
      [2, 20],
    ].entries()) {
      expect([...layer.coordinates.subarray(feature * 2, feature * 2 + 2)]).toEqual([lon, lat]);
      expect(corners(feature)).toEqual([
        lon - 0.1,
        lat - 0.1,
        lon + 0.1,
        lat - 0.1,
        lon + 0.1,
        lat + 0.1,
        lon - 0.1,
        lat + 0.1,
      ]);
    }
  });

  it("parses each distinct cell's footprint once, however many rows the cell has", () => {
    const weeks = 52;
    const cells = [3, 4, 5];
    const rows = cells.flatMap((cell) =>
      Array.from({ length: weeks }, (_, week) => ({ cell, week: week + 1 })),
    );
    const table = source(
      {
        cell_id: Int32Array.from(rows.map((row) => row.cell)),
        lon: Float64Array.from(rows.map((row) => row.cell)),
        lat: Float64Array.from(rows.map(() => 45)),
        value: Float64Array.from(rows.map((row) => row.week / 100)),
        week: Int32Array.from(rows.map((row) => row.week)),
        footprint: rows.map((row) => cellSquare(row.cell, 45)),
      },
      { timeColumn: 'week' },
    );
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const layer = buildMapLayer(table, { kind: 'point', lon: 'lon', lat: 'lat', footprint: FOOTPRINT });
      expect(layer.featureCount).toBe(cells.length * weeks);
      expect(parse).toHaveBeenCalledTimes(cells.length);
      expect(layer.footprints).toHaveLength(cells.length * weeks * 8);
    } finally {
      parse.mockRestore();
    }
  });

  it('a layer with a cell lacking its square has no footprints (drawn as discs, not with holes)', () => {
    const layer = buildMapLayer(
      source({
        cell_id: Int32Array.from([1, 2]),
        lon: Float64Array.from([1, 2]),
        lat: Float64Array.from([1, 2]),
        value: Float64Array.from([1, 2]),
        footprint: [cellSquare(1, 1), null],
      }),
      { kind: 'point', lon: 'lon', lat: 'lat', footprint: FOOTPRINT },
    );
    expect(layer.footprints).toBeUndefined();
    expect(layer.featureCount).toBe(2);
  });

  it('squareCorners reads an open or closed 4-corner ring and refuses other shapes', () => {
    expect([...squareCorners(cellSquare(0, 0))!]).toEqual([-0.1, -0.1, 0.1, -0.1, 0.1, 0.1, -0.1, 0.1]);
    const open = JSON.stringify({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ],
      ],
    });
    expect(squareCorners(open)).toHaveLength(8);
    const triangle = JSON.stringify({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    });
    expect(squareCorners(triangle)).toBeNull();
    expect(squareCorners('not json')).toBeNull();
  });
});

describe('timeBlocks', () => {
  it('gives [first index, count] per value of a sorted array', () => {
    expect(timeBlocks([1, 1, 1, 2, 52])).toEqual({ 1: [0, 3], 2: [3, 1], 52: [4, 1] });
    expect(timeBlocks([])).toEqual({});
  });
});
