import { describe, expect, it } from 'vitest';
import type { MapLayerPayload } from '../payloads';
import { colorFor } from './color-scale';
import { measureKey, measureScales, sameColoring, scaleChanges, type MeasureScale } from './measure-scales';

const layer = (id: string, extra: Partial<MapLayerPayload>): MapLayerPayload => ({
  kind: 'map-layer',
  id,
  name: id,
  geometry: 'point',
  featureCount: 1,
  coordinates: new Float64Array([-85, 44]),
  values: new Float32Array([1]),
  valueName: 'value',
  unit: 'birds',
  domain: [0, 1],
  color: '#d95f02',
  sourceTables: ['weekly'],
  sql: 'SELECT 1',
  callId: id,
  ...extra,
});

describe('measureScales', () => {
  it('layers of one measure share one domain, the union of theirs; other measures keep their own', () => {
    const scales = measureScales([
      { payload: layer('a', { measure: 'abundance', domain: [0, 0.41] }), visible: true },
      { payload: layer('b', { measure: 'abundance', domain: [0, 1.7] }), visible: true },
      { payload: layer('c', { measure: 'occurrence', domain: [0, 0.3] }), visible: true },
    ]);
    const abundance = scales.get(measureKey(layer('x', { measure: 'abundance' })))!;
    expect(abundance.domain).toEqual([0, 2]);
    expect(abundance.layerIds).toEqual(['a', 'b']);
    expect(abundance.title).toBe('Relative abundance');
    const occurrence = scales.get(measureKey(layer('x', { measure: 'occurrence' })))!;
    expect(occurrence.domain[1]).toBeLessThan(0.5);
    // One value, one colour, whichever layer of the measure it is in.
    expect(colorFor(0.4, abundance)).toEqual(
      colorFor(0.4, scales.get(measureKey(layer('b', { measure: 'abundance' })))!),
    );
  });

  it('a hidden layer does not stretch the scale; outline layers have no value scale', () => {
    const scales = measureScales([
      { payload: layer('a', { measure: 'abundance', domain: [0, 0.4] }), visible: true },
      { payload: layer('b', { measure: 'abundance', domain: [0, 9] }), visible: false },
      { payload: layer('r', { measure: 'range', style: 'outline', geometry: 'polygon' }), visible: true },
    ]);
    expect([...scales.values()].map((scale) => [scale.layerIds, scale.domain])).toEqual([[['a'], [0, 0.4]]]);
  });

  it('the measure defaults to the value name; a trend scale is diverging around 0 and notes uncertain cells', () => {
    const scales = measureScales([
      { payload: layer('a', { valueName: 'abundance', domain: [0, 1] }), visible: true },
      { payload: layer('b', { measure: 'abundance', domain: [0, 3] }), visible: true },
      {
        payload: layer('t', {
          measure: 'trend',
          scale: 'diverging',
          domain: [-4, 1.5],
          uncertain: Uint8Array.from([1]),
        }),
        visible: true,
      },
    ]);
    expect(scales.size).toBe(2);
    const trend = [...scales.values()].find((scale) => scale.kind === 'diverging')!;
    expect(trend.domain[0]).toBe(-trend.domain[1]);
    expect(trend.uncertain).toBe(true);
    expect([...scales.values()].find((scale) => scale.kind === 'sequential')!.uncertain).toBe(false);
  });

  it('sameColoring tells when a layer must be recoloured', () => {
    const one = { kind: 'sequential' as const, domain: [0, 1] as const };
    expect(sameColoring(one, { kind: 'sequential', domain: [0, 1] })).toBe(true);
    expect(sameColoring(one, { kind: 'sequential', domain: [0, 2] })).toBe(false);
    expect(sameColoring(undefined, one)).toBe(false);
  });
});

describe('scaleChanges', () => {
  it('a new layer that widens its measure recolours the layers already drawn; another measure is left alone', () => {
    type Drawn = { payload: MapLayerPayload; visible: boolean; scale?: MeasureScale };
    const paint = (drawn: Drawn[]) => {
      const changes = scaleChanges(drawn);
      for (const [layer, scale] of changes) layer.scale = scale;
      return changes.map(([layer]) => layer.payload.id);
    };
    const first: Drawn = { payload: layer('a', { measure: 'abundance', domain: [0, 0.5] }), visible: true };
    const chance: Drawn = { payload: layer('c', { measure: 'occurrence', domain: [0, 0.9] }), visible: true };
    expect(paint([first, chance])).toEqual(['a', 'c']);
    const before = colorFor(0.4, first.scale!);
    // Nothing changed: nothing to recolour.
    expect(paint([first, chance])).toEqual([]);
    const second: Drawn = { payload: layer('b', { measure: 'abundance', domain: [0, 2] }), visible: true };
    expect(paint([first, chance, second])).toEqual(['a', 'b']);
    expect(colorFor(0.4, first.scale!)).not.toEqual(before);
    expect(colorFor(0.4, first.scale!)).toEqual(colorFor(0.4, second.scale!));
    // Hiding the wide layer gives the first its own range back.
    second.visible = false;
    expect(paint([first, chance, second])).toEqual(['a']);
    expect(colorFor(0.4, first.scale!)).toEqual(before);
  });
});
