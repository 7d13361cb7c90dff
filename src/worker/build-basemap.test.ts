import { describe, expect, it } from 'vitest';
import type { MapLayerPayload } from '../payloads';
import { simplifyPolygons, simplifyRing } from './build-basemap';

/** A closed square ring of side 1° with `extra` nearly collinear vertices along its south edge. */
function wobblySquare(extra: number, wobble: number): number[] {
  const south = Array.from({ length: extra }, (_, index) => [
    (index + 1) / (extra + 1),
    index % 2 === 0 ? wobble : -wobble,
  ]).flat();
  return [0, 0, ...south, 1, 0, 1, 1, 0, 1, 0, 0];
}

function polygonLayer(rings: number[][]): MapLayerPayload {
  const starts = [0];
  for (const ring of rings) starts.push(starts.at(-1)! + ring.length / 2);
  return {
    kind: 'map-layer',
    id: 'b',
    name: 'Boundaries',
    geometry: 'polygon',
    featureCount: rings.length,
    coordinates: Float64Array.from(rings.flat()),
    polygonStarts: Uint32Array.from(starts),
    values: Float32Array.from(rings.map((_, index) => index)),
    labels: rings.map((_, index) => `R${index}`),
    valueName: 'level',
    unit: '',
    domain: [0, 1],
    color: '#000',
    sourceTables: [],
    sql: '',
    callId: 'basemap',
  };
}

describe('simplifyRing', () => {
  it('simplifyRing drops vertices closer than the tolerance to the outline and keeps the corners', () => {
    const ring = Float64Array.from(wobblySquare(20, 0.01));
    expect(simplifyRing(ring, 0, ring.length / 2, 0.05)).toEqual([0, 0, 1, 0, 1, 1, 0, 1, 0, 0]);
  });

  it('simplifyRing keeps a vertex farther than the tolerance', () => {
    const ring = Float64Array.from(wobblySquare(1, 0.2));
    expect(simplifyRing(ring, 0, ring.length / 2, 0.05)).toEqual(Array.from(ring));
  });
});

describe('simplifyPolygons', () => {
  it('simplifyPolygons drops rings smaller than the tolerance with their value and label', () => {
    const speck = [5, 5, 5.01, 5, 5.01, 5.01, 5, 5.01, 5, 5];
    const layer = simplifyPolygons(polygonLayer([wobblySquare(20, 0.01), speck, wobblySquare(0, 0)]), 0.05);
    expect(layer.featureCount).toBe(2);
    expect(Array.from(layer.polygonStarts!)).toEqual([0, 5, 10]);
    expect(Array.from(layer.values)).toEqual([0, 2]);
    expect(layer.labels).toEqual(['R0', 'R2']);
  });
});
