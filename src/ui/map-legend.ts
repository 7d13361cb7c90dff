import type { MapLayerPayload } from '../payloads';
import { NO_DATA_RGBA, ZERO_RGBA, formatValue, legendStops, rgbaCss } from './color-scale';
import { el } from './dom';

/** The legend of one layer: colour bar with min/max and units, then "0" and "no data" swatches. */
export function createMapLegend(payload: MapLayerPayload): HTMLElement {
  const stops = legendStops(payload.domain, payload.color);
  const bar = el('div', {
    class: 'legend-bar',
    role: 'img',
    'aria-label': `Colour scale from ${formatValue(payload.domain[0])} to ${formatValue(payload.domain[1])} ${payload.unit}`,
  });
  bar.style.background = `linear-gradient(to right, ${stops.map((stop) => stop.css).join(', ')})`;
  return el('div', { class: 'legend' }, [
    el('div', { class: 'legend-title' }, [
      payload.valueName,
      payload.unit ? el('span', { class: 'legend-unit' }, [` (${payload.unit})`]) : null,
    ]),
    bar,
    el('div', { class: 'legend-scale' }, [
      el('span', {}, [formatValue(payload.domain[0])]),
      el('span', {}, [formatValue(payload.domain[1])]),
    ]),
    el('ul', { class: 'legend-keys' }, [
      swatchItem(rgbaCss(ZERO_RGBA), '0 — predicted absent', 'swatch-zero'),
      swatchItem(rgbaCss(NO_DATA_RGBA), 'no data — not modelled', 'swatch-nodata'),
    ]),
  ]);
}

function swatchItem(css: string, label: string, className: string): HTMLElement {
  const swatch = el('span', { class: `swatch ${className}`, 'aria-hidden': 'true' });
  swatch.style.backgroundColor = css;
  return el('li', {}, [swatch, label]);
}
