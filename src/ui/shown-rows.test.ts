import { tableFromArrays, tableToIPC } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import type { ChartPayload, DataTablePayload, MapLayerPayload } from '../payloads';
import { chartRows, layerRows, queryRows } from './shown-rows';
import { toCsv } from './to-csv';

function chart(columns: ChartPayload['columns']): ChartPayload {
  return {
    kind: 'chart',
    id: 'c-chart',
    title: 'Weekly mean abundance',
    chartType: 'line',
    x: 'date',
    y: 'value',
    xLabel: 'week',
    yLabel: 'mean abundance',
    columns,
    timeColumn: 'week',
    sourceTables: ['weekly'],
    sql: 'SELECT 1',
    callId: 'c7',
  };
}

function layer(overrides: Partial<MapLayerPayload>): MapLayerPayload {
  return {
    kind: 'map-layer',
    id: 'l1',
    name: 'Sapsucker: weekly abundance, Michigan',
    geometry: 'point',
    featureCount: 3,
    coordinates: Float64Array.from([-85.5, 44.25, -84.75, 45.5, -86, 42]),
    values: Float32Array.from([0.5, NaN, 0]),
    valueName: 'abundance',
    unit: 'birds per checklist',
    domain: [0, 0.5],
    color: '#b4441f',
    sourceTables: ['weekly'],
    sql: 'SELECT 1',
    callId: 'c3',
    ...overrides,
  };
}

describe('chartRows', () => {
  it('gives one row per chart point with every column, nulls kept as nulls', () => {
    const rows = chartRows(
      chart({ week: [1, 2, 3], date: ['2023-01-04', '2023-01-11', '2023-01-18'], value: [0.1, null, 0] }),
    );
    expect(rows.source).toBe('chart');
    expect(rows.columns).toEqual(['week', 'date', 'value']);
    expect(rows.rowCount).toBe(3);
    expect(rows.row(1)).toEqual([2, '2023-01-11', null]);
    expect(rows.row(2)).toEqual([3, '2023-01-18', 0]);
    expect(rows.callId).toBe('c7');
  });

  it('counts the longest column (a ragged payload still shows every point)', () => {
    const rows = chartRows(chart({ week: [1, 2], value: [0.5] }));
    expect(rows.rowCount).toBe(2);
    expect(rows.row(1)).toEqual([2, null]);
  });
});

describe('layerRows', () => {
  it('writes point features with lon/lat and the value, NaN (not modelled) as empty, 0 as 0', () => {
    const rows = layerRows([layer({})]);
    expect(rows.columns).toEqual(['lon', 'lat', 'value']);
    expect(rows.title).toBe('Sapsucker: weekly abundance, Michigan · abundance (birds per checklist)');
    expect(
      toCsv(
        rows.columns,
        Array.from({ length: rows.rowCount }, (_, index) => rows.row(index)),
      ),
    ).toBe('lon,lat,value\r\n-85.5,44.25,0.5\r\n-84.75,45.5,\r\n-86,42,0\r\n');
  });

  it('adds week and date for a weekly layer and the uncertain flag when the layer has one', () => {
    const rows = layerRows([
      layer({
        times: Uint16Array.from([16, 16, 17]),
        timeLabels: { 16: '2023-04-19', 17: '2023-04-26' },
        uncertain: Uint8Array.from([0, 1, 0]),
      }),
    ]);
    expect(rows.columns).toEqual(['lon', 'lat', 'value', 'week', 'date', 'uncertain']);
    expect(rows.row(2)).toEqual([-86, 42, 0, 17, '2023-04-26', false]);
    expect(rows.row(1)).toEqual([-84.75, 45.5, null, 16, '2023-04-19', true]);
  });

  it('places a polygon at its ring vertex mean and names its region', () => {
    const rows = layerRows([
      layer({
        geometry: 'polygon',
        featureCount: 2,
        // A unit square, then a triangle.
        coordinates: Float64Array.from([0, 0, 2, 0, 2, 2, 0, 2, 10, 10, 13, 10, 10, 13]),
        polygonStarts: Uint32Array.from([0, 4, 7]),
        values: Float32Array.from([1.5, 2]),
        labels: ['USA-MI', 'USA-WI'],
      }),
    ]);
    expect(rows.columns).toEqual(['lon', 'lat', 'region', 'value']);
    expect(rows.row(0)).toEqual([1, 1, 'USA-MI', 1.5]);
    expect(rows.row(1)).toEqual([11, 11, 'USA-WI', 2]);
  });

  it('several layers run on in one table with a layer column', () => {
    const second = layer({
      name: 'Winter',
      featureCount: 1,
      coordinates: Float64Array.from([-83, 43]),
      values: Float32Array.from([0.25]),
    });
    const rows = layerRows([layer({}), second]);
    expect(rows.rowCount).toBe(4);
    expect(rows.columns[0]).toBe('layer');
    expect(rows.row(3)).toEqual(['Winter', -83, 43, 0.25]);
    expect(rows.row(0)[0]).toBe('Sapsucker: weekly abundance, Michigan');
  });
});

describe('queryRows', () => {
  it('reads the Arrow result with its column names and nulls', () => {
    const table = tableFromArrays({ week: Int32Array.from([1, 2]), region: ['USA-MI', 'USA-WI'] });
    const ipc = tableToIPC(table, 'stream');
    const payload: DataTablePayload = {
      kind: 'data-table',
      id: 't',
      title: 'check',
      sql: 'SELECT 1',
      rows: 2,
      columns: [],
      ipc: ipc.buffer.slice(ipc.byteOffset, ipc.byteOffset + ipc.byteLength) as ArrayBuffer,
      callId: 'c2',
    };
    const rows = queryRows(payload);
    expect(rows.source).toBe('query');
    expect(rows.columns).toEqual(['week', 'region']);
    expect(rows.rowCount).toBe(2);
    expect(rows.row(1)).toEqual([2, 'USA-WI']);
  });
});
