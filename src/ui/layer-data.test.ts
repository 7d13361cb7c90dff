import { describe, expect, it } from 'vitest';
import type { MapLayerPayload } from '../payloads';
import {
  dayMonth,
  featureInfo,
  filterValues,
  layerBounds,
  layerTimes,
  peakTime,
  timeBlock,
} from './layer-data';
import { formatValue } from './color-scale';

const payload = (extra: Partial<MapLayerPayload> = {}): MapLayerPayload => ({
  kind: 'map-layer',
  id: 'l1',
  name: 'Abundance',
  geometry: 'point',
  featureCount: 3,
  coordinates: new Float64Array([-86, 42, -84.5, 45, NaN, NaN]),
  values: new Float32Array([0.5, NaN, 0]),
  valueName: 'abundance',
  unit: 'birds',
  domain: [0, 0.5],
  color: '#c0392b',
  sourceTables: ['weekly'],
  sql: 'SELECT 1',
  callId: 'c1',
  ...extra,
});

describe('layerBounds', () => {
  it('layerBounds covers every finite coordinate', () => {
    expect(layerBounds(payload().coordinates)).toEqual([
      [-86, 42],
      [-84.5, 45],
    ]);
    expect(layerBounds(new Float64Array([NaN, NaN]))).toBeUndefined();
  });
});

describe('layerTimes', () => {
  it('layerTimes lists distinct weeks ascending, none for a still layer', () => {
    expect(layerTimes(payload({ times: new Uint16Array([24, 16, 24]) }))).toEqual([16, 24]);
    expect(layerTimes(payload())).toEqual([]);
    expect([...filterValues(new Uint16Array([1, 52]))]).toEqual([1, 52]);
  });
});

describe('featureInfo', () => {
  it('featureInfo tells no data apart from zero and adds week and region labels', () => {
    const layer = payload({
      times: new Uint16Array([16, 16, 16]),
      timeLabels: { 16: '2023-04-19' },
      labels: ['USA-MI', 'USA-MI', 'USA-WI'],
    });
    expect(featureInfo(layer, 0, formatValue)).toEqual({
      value: 0.5,
      valueText: '0.5 birds',
      time: 16,
      timeLabel: '19 April',
      label: 'USA-MI',
    });
    expect(featureInfo(layer, 1, formatValue).valueText).toBe('no data (not modelled)');
    expect(featureInfo(layer, 2, formatValue).valueText).toBe('0 birds');
  });

  it('featureInfo says when a figure is uncertain and rounds to 3 significant digits', () => {
    const layer = payload({
      values: new Float32Array([-2.7166, 1, 0]),
      uncertain: Uint8Array.from([1, 0, 0]),
    });
    expect(featureInfo(layer, 0, formatValue)).toMatchObject({ valueText: '-2.72 birds', uncertain: true });
    expect(featureInfo(layer, 1, formatValue).uncertain).toBeUndefined();
  });
});

describe('dayMonth', () => {
  it('writes a week date as "19 April", leaving other labels as they are', () => {
    expect(dayMonth('2023-04-19')).toBe('19 April');
    expect(dayMonth('2023-01-04')).toBe('4 January');
    expect(dayMonth('week 3')).toBe('week 3');
  });
});

describe('peakTime', () => {
  it('peakTime is the time whose modelled values have the highest mean, skipping NaN (no data)', () => {
    const times = Uint16Array.from([1, 1, 2, 2, 3, 3]);
    expect(peakTime({ times, values: Float32Array.from([0, 0, 0.5, 0.25, Number.NaN, 0.7]) })).toBe(3);
    expect(peakTime({ times, values: Float32Array.from([0, 0, 0.5, 0.25, 0.1, 0.2]) })).toBe(2);
    expect(peakTime({ values: Float32Array.from([1]) })).toBeUndefined();
  });
});

describe('timeBlock', () => {
  it("timeBlock is the week's [start, count], nothing for a missing week or no time", () => {
    const starts: Record<number, [number, number]> = { 16: [0, 2], 24: [2, 3] };
    expect(timeBlock(starts, 24)).toEqual([2, 3]);
    expect(timeBlock(starts, 16)).toEqual([0, 2]);
    expect(timeBlock(starts, 20)).toEqual([0, 0]);
    expect(timeBlock(starts, undefined)).toEqual([0, 0]);
  });
});
