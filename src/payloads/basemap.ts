/**
 * The map's backdrop as the agent worker hands it to the page (`basemap` request): flat typed
 * arrays ready for deck.gl, lon/lat in degrees. Built from basemap.json when the build has one,
 * else from the `regions` outlines (older builds: land and borders only, no lakes, no towns).
 */

/** Polygons with holes: vertices, where each ring starts, and where each polygon's rings start. */
export interface PolygonSet {
  /** lon, lat pairs of every ring of every polygon, in order. */
  coordinates: Float32Array;
  /** Vertex index where each ring starts; length rings + 1. */
  ringStarts: Uint32Array;
  /** Ring index where each polygon starts (its outer ring; the rest up to the next are holes); length polygons + 1. */
  polygonStarts: Uint32Array;
}

/** Open lines: vertices and where each line starts. */
export interface LineSet {
  /** lon, lat pairs of every line, in order. */
  coordinates: Float32Array;
  /** Vertex index where each line starts; length lines + 1. */
  pathStarts: Uint32Array;
}

/** Town labels, most important first: the page places them in this order and skips any that would overlap one placed before. */
export interface TownLabels {
  names: string[];
  /** lon, lat of each town. */
  positions: Float32Array;
  /** 1 shows from the widest view, 5 only close in (src/pipeline/basemap/town-labels.ts). */
  ranks: Uint8Array;
}

export type LonLatBounds = [[west: number, south: number], [east: number, north: number]];

export interface BasemapPayload {
  kind: 'basemap';
  land: PolygonSet;
  /** Water over land: Natural Earth's land includes the lakes' area. */
  lakes: PolygonSet;
  /** Sea coasts and lake shores. */
  coastlines: LineSet;
  countryBorders: LineSet;
  /** First-level subunits of one country (US states, Canadian provinces). */
  stateBorders: LineSet;
  towns: TownLabels;
  /** Where the build's cells are, so the page can open on them; absent for the regions fallback. */
  cells?: LonLatBounds;
  /** Packages the shapes and names come from (basemap.json); empty for the regions fallback. */
  sources: string[];
  /** Tables the backdrop was read from (`regions` for the fallback; none for basemap.json), for an exported map's attribution. */
  sourceTables: string[];
}
