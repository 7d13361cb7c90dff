/**
 * Colours for map layers. Three states stay apart on the map and in the legend (data-model.md):
 * NaN = not modelled → not drawn (the basemap shows through, legend swatch hatched);
 * 0 = predicted absent → a neutral grey (sequential scales); any other value → the palette.
 * One scale per measure (see measure-scales.ts): a value gets the same colour in every layer.
 */
export type Rgba = [number, number, number, number];
export type Rgb = readonly [number, number, number];

export type ScaleKind = 'sequential' | 'diverging';

/** What colours a layer: the palette kind and the (shared, rounded) domain of its measure. */
export interface ColorScale {
  kind: ScaleKind;
  domain: readonly [number, number];
}

export const NO_DATA_RGBA: Rgba = [0, 0, 0, 0];
/** eBird's own zero colour (#e6e6e6, ebirdst `ebirdst_palettes`), a shade darker so it reads on the pale land. */
export const ZERO_RGBA: Rgba = [204, 204, 204, 220];
const FILL_ALPHA = 225;

/**
 * Sequential, light → dark: eBird's weekly abundance palette (ebirdst `ebirdst_palettes(type =
 * "weekly")`: a pale tint, then viridisLite `plasma(end = 0.9)` reversed). The plasma stops are
 * matplotlib's plasma at t = 0.9, 0.8, …, 0 (as d3-scale-chromatic `interpolatePlasma` gives
 * them); the tint is eBird's: one third of the way from #e6e6e6 to plasma(0.9). CIELAB lightness
 * falls monotonically along the stops (tested), so more reads darker for every reader.
 */
export const SEQUENTIAL_STOPS = [
  '#eddea6',
  '#fcce25',
  '#fca636',
  '#f2844b',
  '#e16462',
  '#cc4778',
  '#b12a90',
  '#8f0da4',
  '#6a00a8',
  '#41049d',
  '#0d0887',
] as const;

/**
 * Diverging, decline → increase: eBird's trend palette (ebirdst `ebirdst_palettes(type =
 * "trends")`): ColorBrewer Reds 4–7 reversed, white, Blues 4–7. Red = decline, blue = increase,
 * white = no change at the middle of a domain symmetric around 0.
 */
export const DIVERGING_STOPS = [
  '#cb181d',
  '#ef3b2c',
  '#fb6a4a',
  '#fc9272',
  '#ffffff',
  '#9ecae1',
  '#6baed6',
  '#4292c6',
  '#2171b5',
] as const;

/** Outline layers: the light fill inside each polygon, so the edges carry the colour. */
export const OUTLINE_FILL_ALPHA = 46;

const SEQUENTIAL_RGB = SEQUENTIAL_STOPS.map(parseHex);
const DIVERGING_RGB = DIVERGING_STOPS.map(parseHex);

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

/** t in 0..1 (clamped) → the colour at that point of the stops, linearly between neighbours. */
export function paletteColor(t: number, stops: readonly Rgb[]): [number, number, number] {
  const position = Math.min(1, Math.max(0, t)) * (stops.length - 1);
  const low = Math.floor(position);
  const high = Math.min(stops.length - 1, low + 1);
  const share = position - low;
  return [0, 1, 2].map((channel) =>
    Math.round(stops[low][channel] + (stops[high][channel] - stops[low][channel]) * share),
  ) as [number, number, number];
}

/** A feature's colour on `scale`; NaN is never drawn, and 0 on a sequential scale is predicted absent. */
export function colorFor(value: number, scale: ColorScale): Rgba {
  if (Number.isNaN(value)) return NO_DATA_RGBA;
  const [low, high] = scale.domain;
  if (scale.kind === 'sequential') {
    if (value === 0) return ZERO_RGBA;
    const span = high - low;
    return [...paletteColor(span > 0 ? (value - low) / span : 1, SEQUENTIAL_RGB), FILL_ALPHA];
  }
  const reach = Math.max(Math.abs(low), Math.abs(high));
  return [...paletteColor(reach > 0 ? 0.5 + value / (2 * reach) : 0.5, DIVERGING_RGB), FILL_ALPHA];
}

/**
 * An uncertain feature (a trend whose interval spans zero): its colour half way to white and
 * more transparent, keeping the hue so the direction still reads; the map also outlines it.
 */
export function uncertainColor([r, g, b, a]: Rgba): Rgba {
  if (a === 0) return [r, g, b, a];
  const pale = (channel: number) => Math.round(channel + (255 - channel) * 0.5);
  return [pale(r), pale(g), pale(b), Math.round(a * 0.7)];
}

/** Palette steps of `fillColors`' lookup table: adjacent steps differ by under 1/100 of the palette, below sight. */
const LOOKUP_STEPS = 1024;

/**
 * One RGBA quadruple per feature (uncertain ones paler), ready to upload as a binary deck.gl
 * attribute. Colours come from a lookup table over the scale (what `colorFor` gives at each step):
 * a 1M-feature layer is recoloured whenever its measure's scale changes, and one `colorFor`
 * array per feature cost ~36 ms per 104k features in Node.
 */
export function fillColors(values: Float32Array, scale: ColorScale, uncertain?: Uint8Array): Uint8Array {
  const [low, high] = scale.domain;
  const sequential = scale.kind === 'sequential';
  const reach = Math.max(Math.abs(low), Math.abs(high));
  const start = sequential ? low : -reach;
  const span = sequential ? high - low : 2 * reach;
  const table = new Uint8Array((LOOKUP_STEPS + 1) * 4);
  for (let step = 0; step <= LOOKUP_STEPS; step++)
    table.set(colorFor(span > 0 ? start + (span * step) / LOOKUP_STEPS : high, scale), step * 4);
  const out = new Uint8Array(values.length * 4);
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    let color: Rgba | undefined;
    if (Number.isNaN(value)) continue;
    if (sequential && value === 0) color = ZERO_RGBA;
    const t = span > 0 ? Math.min(1, Math.max(0, (value - start) / span)) : 1;
    const at = Math.round(t * LOOKUP_STEPS) * 4;
    if (!color && !uncertain?.[index]) {
      out[index * 4] = table[at];
      out[index * 4 + 1] = table[at + 1];
      out[index * 4 + 2] = table[at + 2];
      out[index * 4 + 3] = table[at + 3];
      continue;
    }
    color ??= [table[at], table[at + 1], table[at + 2], table[at + 3]];
    out.set(uncertain?.[index] ? uncertainColor(color) : color, index * 4);
  }
  return out;
}

/** Each feature's colour repeated for its `corners` vertices: per-vertex colours of footprint quads. */
export function repeatPerVertex(colors: Uint8Array, corners: number): Uint8Array {
  // One RGBA is one 32-bit word: copied word by word (30 ms → ~2 ms for 104k features in Node).
  const words = new Uint32Array(colors.buffer, colors.byteOffset, colors.length / 4);
  const out = new Uint32Array(words.length * corners);
  for (let feature = 0; feature < words.length; feature++)
    out.fill(words[feature], feature * corners, (feature + 1) * corners);
  return new Uint8Array(out.buffer);
}

export interface LegendStop {
  /** Position along the bar, 0..1. */
  at: number;
  css: string;
}

/** Stops of the legend's colour bar: every palette stop, so the bar is the map's palette exactly. */
export function legendStops(kind: ScaleKind): LegendStop[] {
  const stops = kind === 'sequential' ? SEQUENTIAL_RGB : DIVERGING_RGB;
  return stops.map((rgb, index) => ({ at: index / (stops.length - 1), css: rgbaCss([...rgb, FILL_ALPHA]) }));
}

/**
 * A domain rounded outwards to round ticks (1, 2, 2.5 or 5 × 10ⁿ apart, 3–6 of them), so the
 * legend reads "0 0.2 0.4 0.6 0.8", not "0 … 0.7959". Diverging domains are symmetric around 0.
 */
export function niceScale(
  kind: ScaleKind,
  domain: readonly [number, number],
): {
  domain: [number, number];
  ticks: number[];
} {
  let [low, high] = domain;
  if (kind === 'diverging') {
    const reach = Math.max(Math.abs(low), Math.abs(high));
    [low, high] = [-reach, reach];
  }
  if (!(high > low))
    [low, high] = kind === 'diverging' ? [-1, 1] : [Math.min(low, 0), Math.max(high, 0) || 1];
  const step = niceStep((high - low) / 4);
  const first = Math.floor(low / step + 1e-9);
  const last = Math.ceil(high / step - 1e-9);
  const ticks: number[] = [];
  for (let index = first; index <= last; index++) ticks.push(roundFloat(index * step));
  return { domain: [ticks[0], ticks[ticks.length - 1]], ticks };
}

function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  const scaled = rough / power;
  const factor = scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 2.5 ? 2.5 : scaled <= 5 ? 5 : 10;
  return factor * power;
}

/** 0.30000000000000004 → 0.3 */
function roundFloat(value: number): number {
  return Number(value.toPrecision(12));
}

export function rgbaCss([r, g, b, a]: Rgba): string {
  return `rgba(${r}, ${g}, ${b}, ${(a / 255).toFixed(2)})`;
}

/** CIELAB lightness L* (0 black … 100 white) of an sRGB colour, D65. */
export function lightness([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const y = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  return y > 216 / 24389 ? 116 * Math.cbrt(y) - 16 : (24389 / 27) * y;
}

/** Figures for legends and tooltips: 3 significant digits (0.654, 192, 113,000), no exponent for normal ranges. */
export function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'no data';
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e9 || magnitude < 1e-4) return value.toExponential(1);
  return Number(value.toPrecision(3)).toLocaleString('en-US', { maximumFractionDigits: 6 });
}
