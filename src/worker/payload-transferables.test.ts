import { describe, expect, it } from 'vitest';
import type { MapLayerPayload } from '../payloads';
import { payloadTransferables } from './payload-transferables';

describe('payloadTransferables', () => {
  it('moves every typed array of a map layer, footprints and uncertain flags included, each buffer once', () => {
    const coordinates = new Float64Array([-85, 44]);
    const layer: MapLayerPayload = {
      kind: 'map-layer',
      id: 'l',
      name: 'trend',
      geometry: 'point',
      featureCount: 1,
      coordinates,
      values: new Float32Array([1.5]),
      times: new Uint16Array([1]),
      uncertain: Uint8Array.from([1]),
      footprints: new Float64Array(8),
      valueName: 'value',
      unit: '% per year',
      domain: [1.5, 1.5],
      color: '#000000',
      sourceTables: ['trends'],
      sql: 'SELECT 1',
      callId: 'c',
    };
    const moved = payloadTransferables(layer);
    for (const array of [layer.coordinates, layer.values, layer.times!, layer.uncertain!, layer.footprints!])
      expect(moved).toContain(array.buffer);
    expect(moved).toHaveLength(5);
    // Two views of one buffer are transferred once (postMessage refuses duplicates).
    expect(payloadTransferables({ ...layer, footprints: new Float64Array(coordinates.buffer) })).toHaveLength(
      4,
    );
  });
});
