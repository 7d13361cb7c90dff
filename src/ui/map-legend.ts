import type { MapLayerPayload } from '../payloads';
import {
  NO_DATA_RGBA,
  OUTLINE_FILL_ALPHA,
  ZERO_RGBA,
  colorFor,
  formatValue,
  legendStops,
  parseHex,
  rgbaCss,
  uncertainColor,
} from './color-scale';
import { el } from './dom';
import type { MeasureScale } from './measure-scales';

/**
 * The legend of one measure: title and unit, the palette bar with round ticks, then the "0 —
 * predicted absent" (sequential scales), "not modelled" and, when a layer marks them, "uncertain"
 * swatches. Every visible layer of the measure is coloured by this one scale.
 */
export function createMapLegend(scale: MeasureScale): HTMLElement {
  const [low, high] = scale.domain;
  const bar = el('div', {
    class: 'legend-bar',
    role: 'img',
    'aria-label': `Colour scale from ${formatValue(low)} to ${formatValue(high)}${scale.unit ? ` ${scale.unit}` : ''}${scale.kind === 'diverging' ? ', red decline, blue increase' : ', light low, dark high'}`,
  });
  bar.style.background = `linear-gradient(to right, ${legendStops(scale.kind)
    .map((stop) => `${stop.css} ${(stop.at * 100).toFixed(1)}%`)
    .join(', ')})`;
  const ticks = el(
    'div',
    { class: 'legend-scale' },
    scale.ticks.map((tick) => el('span', {}, [formatValue(tick)])),
  );
  const keys = [
    ...(scale.kind === 'sequential'
      ? [swatchItem(rgbaCss(ZERO_RGBA), '0 — predicted absent', 'swatch-zero')]
      : []),
    swatchItem(rgbaCss(NO_DATA_RGBA), 'not modelled (no data)', 'swatch-nodata'),
    ...(scale.uncertain
      ? [
          swatchItem(
            rgbaCss(uncertainColor(colorFor(high, scale))),
            'pale, outlined — interval spans 0 (uncertain)',
            'swatch-uncertain',
          ),
        ]
      : []),
  ];
  return el('div', { class: 'legend', 'data-measure': scale.key }, [
    el('div', { class: 'legend-title' }, [
      scale.title,
      scale.unit ? el('span', { class: 'legend-unit' }, [` (${scale.unit})`]) : null,
    ]),
    ...(scale.kind === 'diverging'
      ? [el('div', { class: 'legend-ends' }, [el('span', {}, ['decline']), el('span', {}, ['increase'])])]
      : []),
    bar,
    ticks,
    el('ul', { class: 'legend-keys' }, keys),
  ]);
}

/** A further layer of a measure already in the legend: one line naming the layer whose legend it shares. */
export function createSharedLegend(scale: MeasureScale, ownerName: string): HTMLElement {
  return el('div', { class: 'legend legend-shared', 'data-measure': scale.key }, [
    el('div', { class: 'legend-title' }, [`${scale.title}: same colour scale as “${ownerName}”`]),
  ]);
}

/** An outline layer (a season's range): its outline colour (the layer's own, the season's) and what it outlines. */
export function createOutlineLegend(payload: MapLayerPayload): HTMLElement {
  const [r, g, b] = parseHex(payload.color);
  const swatch = el('span', { class: 'swatch swatch-outline', 'aria-hidden': 'true' });
  swatch.style.borderColor = `rgb(${r}, ${g}, ${b})`;
  swatch.style.backgroundColor = `rgba(${r}, ${g}, ${b}, ${(OUTLINE_FILL_ALPHA / 255).toFixed(2)})`;
  return el('div', { class: 'legend legend-outline' }, [
    el('ul', { class: 'legend-keys' }, [el('li', {}, [swatch, payload.labels?.[0] ?? payload.name])]),
  ]);
}

function swatchItem(css: string, label: string, className: string): HTMLElement {
  const swatch = el('span', { class: `swatch ${className}`, 'aria-hidden': 'true' });
  swatch.style.backgroundColor = css;
  return el('li', {}, [swatch, label]);
}
