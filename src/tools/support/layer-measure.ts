import type { Measure } from '../../frame/query-frame';
import type { MapLayerPayload } from '../../payloads';

/**
 * The `measure` a query_status layer carries (src/payloads/map-layer.ts): layers of one measure
 * share one colour scale on the page, so two species' chance maps read on one legend.
 */
const LAYER_MEASURES: Record<Measure, string> = {
  abundance: 'abundance',
  occurrence: 'occurrence',
  count: 'count',
  proportion_population: 'proportion-population',
  range_area: 'range',
  trend: 'trend',
};

/** A layer's measure and scale: trends diverge around 0 (decline ↔ increase); every other measure runs 0 → max. */
export function layerMeasure(measure: Measure): Pick<MapLayerPayload, 'measure' | 'scale'> {
  return { measure: LAYER_MEASURES[measure], scale: measure === 'trend' ? 'diverging' : 'sequential' };
}
