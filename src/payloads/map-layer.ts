/**
 * A map layer as it travels from `add_map_layer` (agent worker) to the page: columnar typed
 * arrays (transferable, no per-feature objects), so 1M animated cells cost one copy-free
 * postMessage and one GPU upload. NaN in `values` means *no data* (not modelled), drawn apart
 * from 0 (predicted absent).
 */
export interface MapLayerPayload {
  kind: 'map-layer';
  id: string;
  name: string;
  /** `point`: one lon/lat each; `polygon`: rings flattened into `coordinates`. */
  geometry: 'point' | 'polygon';
  featureCount: number;
  /** lon, lat pairs: one per point, or every ring vertex of every polygon in order. */
  coordinates: Float64Array;
  /** For polygons: index (in vertices) where each feature's ring starts; length featureCount + 1. */
  polygonStarts?: Uint32Array;
  /** The coloured value of each feature; NaN = no data. */
  values: Float32Array;
  /** Week (1..52) of each feature, when the layer animates. */
  times?: Uint16Array;
  /**
   * Present when features are sorted by time (stable): week → [index of its first feature,
   * feature count]. The map draws only the current week's contiguous block instead of every
   * week hidden by a GPU filter (1M weekly cells: ~10–15 s per slider step in headless Chromium).
   */
  timeStarts?: Record<number, [start: number, count: number]>;
  /**
   * For a layer that does not animate but shows one week or one season's mean: that time in the
   * page's week-label words ("Weeks 47–10 · 22 November – 8 March"), shown where the week slider
   * would be, so the map says which weeks it is.
   */
  period?: string;
  /** Label of each time value, e.g. week 24 → "2023-06-14". */
  timeLabels?: Record<number, string>;
  valueName: string;
  unit: string;
  /** [min, max] over non-NaN values. */
  domain: [number, number];
  /** Hex colour of the ramp's high end; each layer of a comparison gets its own. */
  color: string;
  /**
   * What the values measure ('abundance', 'occurrence', 'count', 'proportion-population',
   * 'trend', 'range', …; a free column name for a model's own layer). Layers of one measure share
   * one colour scale on the page: the same palette and one domain. Absent: the value name.
   */
  measure?: string;
  /** `sequential`: 0 → max ramp (abundance, chance); `diverging`: decline ↔ increase around 0 (trends). Absent: sequential. */
  scale?: 'sequential' | 'diverging';
  /** `fill` (default) colours each feature; `outline` draws polygon edges with a light fill (ranges by season). */
  style?: 'fill' | 'outline';
  /** Per feature, 1 where the figure is uncertain (a trend whose interval spans zero): drawn marked, legend says so. */
  uncertain?: Uint8Array;
  /**
   * For grid-cell layers: each feature's true cell footprint, 4 lon/lat corners (8 numbers) per
   * feature in ring order, so cells are drawn as the squares they are, not as discs.
   */
  footprints?: Float64Array;
  /** Optional per-feature region labels for tooltips (e.g. "USA-MI"). */
  labels?: string[];
  sourceTables: string[];
  sql: string;
  callId: string;
}
