import { describe, expect, it } from 'vitest';
import type { MapLayerPayload } from '../payloads';
import { mapCaption } from './export-map';

const base: MapLayerPayload = {
  kind: 'map-layer',
  id: 'l1',
  name: 'Yellow-bellied Sapsucker: weekly abundance, Michigan',
  geometry: 'point',
  featureCount: 0,
  coordinates: new Float64Array(),
  values: new Float32Array(),
  valueName: 'value',
  unit: 'birds per checklist',
  domain: [0, 1.93],
  color: '#b4441f',
  measure: 'abundance',
  sourceTables: ['weekly'],
  sql: '',
  callId: 'c1',
};

describe('mapCaption', () => {
  it("names the layer, its legend as the layer list shows it, and the slider's week with its date", () => {
    const weekly = { ...base, times: new Uint16Array(), timeLabels: { 16: '2023-04-19' } };
    const caption = mapCaption([weekly], 16, 'Data: eBird');
    expect(caption.title).toBe('Yellow-bellied Sapsucker: weekly abundance, Michigan');
    expect(caption.when).toBe('Week 16 · 19 April');
    expect(caption.attribution).toBe('Data: eBird');
    expect(caption.legends).toHaveLength(1);
    const [legend] = caption.legends;
    expect(legend!.title).toBe('Relative abundance (birds per checklist)');
    expect(legend!.kind).toBe('sequential');
    // The legend's rounded domain covers the layer's values, and its ticks lie inside it.
    expect(legend!.domain[0]).toBeLessThanOrEqual(0);
    expect(legend!.domain[1]).toBeGreaterThanOrEqual(1.93);
    expect(legend!.ticks.every((tick) => tick >= legend!.domain[0] && tick <= legend!.domain[1])).toBe(true);
  });

  it('says no week for a layer that does not animate; layers of one measure share one legend, a trend gets its own', () => {
    const second = { ...base, id: 'l2', name: 'Winter' };
    const trend = {
      ...base,
      id: 'l3',
      name: 'Trend',
      measure: 'trend',
      scale: 'diverging' as const,
      domain: [-3, 2] as [number, number],
    };
    const caption = mapCaption([base, second, trend], 16, 'a');
    expect(caption.title).toBe('Yellow-bellied Sapsucker: weekly abundance, Michigan; Winter; Trend');
    expect(caption.when).toBeUndefined();
    expect(caption.legends.map((legend) => [legend.title.split(' (')[0], legend.kind])).toEqual([
      ['Relative abundance', 'sequential'],
      ['Trend', 'diverging'],
    ]);
  });
});
