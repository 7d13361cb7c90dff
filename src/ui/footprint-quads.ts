/**
 * Grid cells drawn as the squares they are: each feature's footprint (4 lon/lat corners,
 * `MapLayerPayload.footprints`) is one quad of a deck.gl SolidPolygonLayer fed binary data —
 * vertices 4 apart (`startIndices`), two triangles per quad given as `indices` so deck.gl skips
 * tessellation, and colours per vertex (the feature's colour on each of its 4 corners).
 */
export const QUAD_CORNERS = 4;

/** deck.gl binary polygon data for `count` quads whose arrays start at quad 0. */
export interface QuadData {
  length: number;
  startIndices: Uint32Array;
  attributes: {
    getPolygon: { value: Float32Array; size: 2 };
    getFillColor: { value: Uint8Array; size: 4; normalized: true };
    indices: Uint32Array;
    getFilterValue?: { value: Float32Array; size: 1 };
  };
}

/** The GPU-ready arrays of a footprint layer, built once; a week's block is a view into them. */
export interface Quads {
  /** Float32 corners: exact to ~1 m, far below the cell size, and no fp64 split (see map-view). */
  positions: Float32Array;
  /** Vertex index of each quad's first corner: 0, 4, 8, …; length quads + 1. */
  starts: Uint32Array;
  /** Two triangles (0 1 2, 0 2 3) per quad, as vertex indices from quad 0. */
  triangles: Uint32Array;
}

export function buildQuads(footprints: Float64Array): Quads {
  const count = footprints.length / (2 * QUAD_CORNERS);
  const starts = new Uint32Array(count + 1);
  const triangles = new Uint32Array(count * 6);
  for (let quad = 0; quad < count; quad++) {
    const first = quad * QUAD_CORNERS;
    starts[quad + 1] = first + QUAD_CORNERS;
    const at = quad * 6;
    triangles[at] = first;
    triangles[at + 1] = first + 1;
    triangles[at + 2] = first + 2;
    triangles[at + 3] = first;
    triangles[at + 4] = first + 2;
    triangles[at + 5] = first + 3;
  }
  return { positions: Float32Array.from(footprints), starts, triangles };
}

/**
 * Quads `start` … `start + count - 1` as their own binary data: typed-array views (no copy),
 * their triangles and starts the first `count` of the layer's, as the block starts at vertex 0.
 */
export function quadBlock(
  quads: Quads,
  vertexColors: Uint8Array,
  start: number,
  count: number,
  vertexFilter?: Float32Array,
): QuadData {
  const vertices = [start * QUAD_CORNERS, (start + count) * QUAD_CORNERS] as const;
  return {
    length: count,
    startIndices: quads.starts.subarray(0, count + 1),
    attributes: {
      getPolygon: { value: quads.positions.subarray(vertices[0] * 2, vertices[1] * 2), size: 2 },
      getFillColor: {
        value: vertexColors.subarray(vertices[0] * 4, vertices[1] * 4),
        size: 4,
        normalized: true,
      },
      indices: quads.triangles.subarray(0, count * 6),
      ...(vertexFilter
        ? { getFilterValue: { value: vertexFilter.subarray(vertices[0], vertices[1]), size: 1 as const } }
        : {}),
    },
  };
}

/** The quads of the features flagged in `marked`, as closed paths (PathLayer `loop`) for an outline overlay. */
export function markedOutlines(
  quads: Quads,
  marked: Uint8Array,
): { length: number; startIndices: Uint32Array; attributes: { getPath: { value: Float32Array; size: 2 } } } {
  const chosen: number[] = [];
  for (const [index, flag] of marked.entries()) if (flag) chosen.push(index);
  const positions = new Float32Array(chosen.length * QUAD_CORNERS * 2);
  for (const [position, quad] of chosen.entries())
    positions.set(quads.positions.subarray(quad * 8, quad * 8 + 8), position * 8);
  return {
    length: chosen.length,
    startIndices: quads.starts.subarray(0, chosen.length + 1),
    attributes: { getPath: { value: positions, size: 2 } },
  };
}

/** A per-feature array repeated for each of its quad's corners (per-vertex filter values). */
export function perVertex(values: Float32Array): Float32Array {
  const out = new Float32Array(values.length * QUAD_CORNERS);
  for (const [index, value] of values.entries())
    out.fill(value, index * QUAD_CORNERS, (index + 1) * QUAD_CORNERS);
  return out;
}
