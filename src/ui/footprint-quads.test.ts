import { describe, expect, it } from 'vitest';
import { buildQuads, markedOutlines, perVertex, quadBlock } from './footprint-quads';

// Two unit squares, corners in ring order.
const FOOTPRINTS = Float64Array.from([0, 0, 1, 0, 1, 1, 0, 1, 5, 5, 6, 5, 6, 6, 5, 6]);

describe('buildQuads', () => {
  it('gives each feature 4 vertices and two triangles over them', () => {
    const quads = buildQuads(FOOTPRINTS);
    expect([...quads.starts]).toEqual([0, 4, 8]);
    expect([...quads.triangles]).toEqual([0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7]);
    expect([...quads.positions]).toEqual([...FOOTPRINTS]);
  });
});

describe('quadBlock', () => {
  it("a week's block is a view of its quads' vertices and colours, indexed from its own first vertex", () => {
    const quads = buildQuads(FOOTPRINTS);
    const colors = Uint8Array.from({ length: 32 }, (_, index) => index);
    const block = quadBlock(quads, colors, 1, 1);
    expect(block.length).toBe(1);
    expect([...block.startIndices]).toEqual([0, 4]);
    expect([...block.attributes.indices]).toEqual([0, 1, 2, 0, 2, 3]);
    expect([...block.attributes.getPolygon.value]).toEqual([5, 5, 6, 5, 6, 6, 5, 6]);
    expect([...block.attributes.getFillColor.value]).toEqual([...colors.slice(16)]);
    // Views, not copies: nothing is duplicated per slider step.
    expect(block.attributes.getPolygon.value.buffer).toBe(quads.positions.buffer);
  });

  it('carries per-vertex filter values when the layer filters by week on the GPU', () => {
    const quads = buildQuads(FOOTPRINTS);
    const filter = perVertex(Float32Array.from([3, 7]));
    expect([...filter]).toEqual([3, 3, 3, 3, 7, 7, 7, 7]);
    expect([...quadBlock(quads, new Uint8Array(32), 0, 2, filter).attributes.getFilterValue!.value]).toEqual([
      ...filter,
    ]);
  });
});

describe('markedOutlines', () => {
  it('outlines only the marked quads', () => {
    const outlines = markedOutlines(buildQuads(FOOTPRINTS), Uint8Array.from([0, 1]));
    expect(outlines.length).toBe(1);
    expect([...outlines.startIndices]).toEqual([0, 4]);
    expect([...outlines.attributes.getPath.value]).toEqual([5, 5, 6, 5, 6, 6, 5, 6]);
  });
});
