import type { MapLayerPayload } from '../payloads';
import { niceScale, type ColorScale, type ScaleKind } from './color-scale';

/** One colour scale shared by every visible layer of a measure: what the map colours with and the legend shows. */
export interface MeasureScale extends ColorScale {
  key: string;
  /** Legend title, e.g. "Relative abundance". */
  title: string;
  unit: string;
  ticks: number[];
  /** Some visible layer of the measure marks uncertain features: the legend explains the mark. */
  uncertain: boolean;
  /** The visible layers on this scale, in the order they were added. */
  layerIds: string[];
}

/** Legend titles of the measures the tools name (src/frame/query-frame.ts MEASURES); others read as their name. */
const MEASURE_TITLES: Readonly<Record<string, string>> = {
  abundance: 'Relative abundance',
  occurrence: 'Chance of detection',
  count: 'Count per checklist',
  proportion_population: 'Share of the population',
  'proportion-population': 'Share of the population',
  trend: 'Trend',
};

export interface ScaledLayer {
  payload: MapLayerPayload;
  visible: boolean;
}

/** Outline layers (ranges by season) colour by category, not by a value scale. */
export function hasValueScale(payload: MapLayerPayload): boolean {
  return payload.style !== 'outline';
}

export function scaleKind(payload: MapLayerPayload): ScaleKind {
  return payload.scale ?? 'sequential';
}

/** Layers of one measure and palette kind share a scale; the measure defaults to the value name. */
export function measureKey(payload: MapLayerPayload): string {
  return `${payload.measure ?? payload.valueName}|${scaleKind(payload)}`;
}

export function measureTitle(payload: MapLayerPayload): string {
  const measure = payload.measure ?? payload.valueName;
  const title = MEASURE_TITLES[measure] ?? measure.replaceAll('_', ' ');
  return title.charAt(0).toUpperCase() + title.slice(1);
}

/**
 * The scale of each measure over its visible layers: the union of their domains, rounded to
 * round ticks. A hidden layer does not stretch the scale of the layers on screen.
 */
export function measureScales(layers: Iterable<ScaledLayer>): Map<string, MeasureScale> {
  const unions = new Map<
    string,
    { payload: MapLayerPayload; low: number; high: number; uncertain: boolean; ids: string[] }
  >();
  for (const { payload, visible } of layers) {
    if (!visible || !hasValueScale(payload)) continue;
    const key = measureKey(payload);
    const union = unions.get(key) ?? { payload, low: Infinity, high: -Infinity, uncertain: false, ids: [] };
    union.low = Math.min(union.low, payload.domain[0]);
    union.high = Math.max(union.high, payload.domain[1]);
    union.uncertain ||= payload.uncertain?.includes(1) ?? false;
    union.ids.push(payload.id);
    unions.set(key, union);
  }
  const scales = new Map<string, MeasureScale>();
  for (const [key, union] of unions) {
    const kind = scaleKind(union.payload);
    // A sequential ramp runs from 0 (payload.scale): the lightest colour is the least, not the layer's minimum.
    const nice = niceScale(kind, [kind === 'sequential' ? Math.min(0, union.low) : union.low, union.high]);
    scales.set(key, {
      key,
      kind,
      domain: nice.domain,
      ticks: nice.ticks,
      title: measureTitle(union.payload),
      unit: union.payload.unit,
      uncertain: union.uncertain,
      layerIds: union.ids,
    });
  }
  return scales;
}

/**
 * The layers to recolour and their new scale: each visible value layer whose measure's scale
 * no longer colours like the one it was painted with (`scale`; none yet for a new layer). A layer
 * already on the screen is recoloured when a new layer of its measure widens the scale.
 */
export function scaleChanges<T extends ScaledLayer & { scale?: ColorScale }>(
  layers: Iterable<T>,
): [T, MeasureScale][] {
  const all = [...layers];
  const scales = measureScales(all);
  const changes: [T, MeasureScale][] = [];
  for (const layer of all) {
    const scale =
      layer.visible && hasValueScale(layer.payload) ? scales.get(measureKey(layer.payload)) : undefined;
    if (scale && !sameColoring(scale, layer.scale)) changes.push([layer, scale]);
  }
  return changes;
}

/** Whether two scales colour every value alike (a layer on the old one needs no recolouring). */
export function sameColoring(a: ColorScale | undefined, b: ColorScale | undefined): boolean {
  return (
    a !== undefined &&
    b !== undefined &&
    a.kind === b.kind &&
    a.domain[0] === b.domain[0] &&
    a.domain[1] === b.domain[1]
  );
}
