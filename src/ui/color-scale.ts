/**
 * Colours for map layers. Three states stay apart on the map and in the legend (data-model.md):
 * NaN = not modelled → not drawn (the basemap shows through, legend swatch hatched);
 * 0 = predicted absent → a pale neutral; > 0 → a ramp from a light tint to the layer's colour.
 */
export type Rgba = [number, number, number, number];

export const NO_DATA_RGBA: Rgba = [0, 0, 0, 0];
export const ZERO_RGBA: Rgba = [214, 210, 196, 150];
/** The ramp starts at this share of the layer colour mixed into white, so low values stay visible. */
const RAMP_START = 0.12;
const FILL_ALPHA = 215;

export function parseHex(hex: string): [number, number, number] {
  const match = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(hex.trim());
  if (!match) throw new Error(`invalid colour: ${hex}`);
  const digits = match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join('') : match[1];
  return [0, 2, 4].map((offset) => parseInt(digits.slice(offset, offset + 2), 16)) as [
    number,
    number,
    number,
  ];
}

/** t in 0..1 → a colour between the light tint and `hex`. */
export function rampColor(t: number, rgb: readonly [number, number, number]): Rgba {
  const share = RAMP_START + (1 - RAMP_START) * Math.min(1, Math.max(0, t));
  const mix = (channel: number) => Math.round(255 + (channel - 255) * share);
  return [mix(rgb[0]), mix(rgb[1]), mix(rgb[2]), FILL_ALPHA];
}

export function colorFor(
  value: number,
  domain: readonly [number, number],
  rgb: readonly [number, number, number],
): Rgba {
  if (Number.isNaN(value)) return NO_DATA_RGBA;
  if (value === 0) return ZERO_RGBA;
  const span = domain[1] - domain[0];
  return rampColor(span > 0 ? (value - domain[0]) / span : 1, rgb);
}

/** One RGBA quadruple per feature, ready to upload as a binary deck.gl attribute. */
export function fillColors(values: Float32Array, domain: readonly [number, number], hex: string): Uint8Array {
  const rgb = parseHex(hex);
  const out = new Uint8Array(values.length * 4);
  for (let index = 0; index < values.length; index++)
    out.set(colorFor(values[index], domain, rgb), index * 4);
  return out;
}

export interface LegendStop {
  value: number;
  css: string;
}

/** Evenly spaced stops over the positive part of the domain, for the legend's colour bar. */
export function legendStops(domain: readonly [number, number], hex: string, count = 5): LegendStop[] {
  const rgb = parseHex(hex);
  return Array.from({ length: count }, (_, index) => {
    const t = count === 1 ? 1 : index / (count - 1);
    const [r, g, b, a] = rampColor(t, rgb);
    return {
      value: domain[0] + t * (domain[1] - domain[0]),
      css: `rgba(${r}, ${g}, ${b}, ${(a / 255).toFixed(2)})`,
    };
  });
}

export function rgbaCss([r, g, b, a]: Rgba): string {
  return `rgba(${r}, ${g}, ${b}, ${(a / 255).toFixed(2)})`;
}

/** Compact figures for legends and tooltips: 4 significant digits, no exponent for normal ranges. */
export function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'no data';
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e6 || magnitude < 1e-4) return value.toExponential(2);
  return Number(value.toPrecision(4)).toLocaleString('en-US', { maximumFractionDigits: 6 });
}
