import type { ChartPayload } from '../payloads';
import { plotChart, plotRows } from './chart-plot';
import { wrapLines } from './wrap-lines';

const SVG_NS = 'http://www.w3.org/2000/svg';
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const PAD = 16;
const TITLE_SIZE = 17;
const NOTE_SIZE = 11;
const LEGEND_ROW = 20;
/** PNG pixels per SVG pixel: 2 keeps text sharp on a slide or a printed sheet. */
const PNG_SCALE = 2;

export interface ChartExportOptions {
  width: number;
  height: number;
  /** The single-series colour, resolved (a standalone SVG cannot read the page's CSS variables). */
  accent: string;
  /** eBird's attribution with the release (export-attribution.ts), printed under the chart. */
  attribution: string;
}

export interface ChartExport {
  svg: string;
  width: number;
  height: number;
}

/**
 * A chart as one standalone SVG: the title, the series legend, Plot's axes and marks, and the
 * attribution, with every colour and font resolved, so the file draws the same outside the page.
 * The page's copy could not be exported as is: its line and dots were `var(--accent)` (no colour,
 * so no line, in a file) and its title and legend were HTML beside the SVG.
 * The time cursor is left out: it follows the slider, not the figures.
 */
export function chartExport(payload: ChartPayload, options: ChartExportOptions): ChartExport {
  const { width } = options;
  const measure = textMeasure();
  const titleLines = wrapLines(payload.title, width - 2 * PAD, (line) => measure(line, TITLE_SIZE, 600));
  const noteLines = wrapLines(options.attribution, width - 2 * PAD, (line) => measure(line, NOTE_SIZE));
  const plot = plotChart(payload, plotRows(payload), {
    width,
    height: options.height,
    accent: options.accent,
    fontFamily: FONT,
    interactive: false,
  });
  const chart = plot instanceof SVGSVGElement ? plot : plot.querySelector('svg')!;
  const series = seriesKeys(plot);

  const svg = svgNode('svg', { 'font-family': FONT });
  svg.append(svgNode('rect', { width: '100%', height: '100%', fill: '#ffffff' }));
  let y = PAD;
  for (const line of titleLines) {
    y += TITLE_SIZE * 1.25;
    svg.append(textNode(line, PAD, y, { 'font-size': TITLE_SIZE, 'font-weight': 600, fill: '#1f2a24' }));
  }
  y += 8;
  if (series.length > 0) {
    svg.append(legendNode(series, PAD, y, width - 2 * PAD, measure));
    y += LEGEND_ROW * legendRows(series, width - 2 * PAD, measure);
  }
  chart.setAttribute('x', '0');
  chart.setAttribute('y', String(y));
  svg.append(chart);
  y += options.height + 4;
  for (const line of noteLines) {
    y += NOTE_SIZE * 1.4;
    svg.append(textNode(line, PAD, y, { 'font-size': NOTE_SIZE, fill: '#4a5550', class: 'attribution' }));
  }
  const height = Math.ceil(y + PAD / 2);
  svg.setAttribute('width', String(width));
  svg.setAttribute('height', String(height));
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  return { svg: new XMLSerializer().serializeToString(svg), width, height };
}

/** The exported SVG drawn onto a canvas at twice its size, on white. */
export async function chartPng(chart: ChartExport): Promise<Blob> {
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(chart.svg)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(chart.width * PNG_SCALE);
  canvas.height = Math.round(chart.height * PNG_SCALE);
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The browser could not encode the chart as PNG.');
  return blob;
}

interface SeriesKey {
  label: string;
  color: string;
}

/** The series and their colours, from Plot's own colour scale (what the marks were drawn with). */
function seriesKeys(plot: SVGSVGElement | HTMLElement): SeriesKey[] {
  const scale = (
    plot as unknown as { scale(name: 'color'): { domain?: unknown[]; range?: unknown[] } | undefined }
  ).scale('color');
  if (!scale?.domain || !scale.range || scale.range.length === 0) return [];
  const range = scale.range;
  return scale.domain.map((label, index) => ({
    label: String(label),
    color: String(range[index % range.length]),
  }));
}

type Measure = (text: string, size: number, weight?: number) => number;

/** Text width in pixels, measured by a canvas in the export's font. */
function textMeasure(): Measure {
  const context = document.createElement('canvas').getContext('2d')!;
  return (text, size, weight = 400) => {
    context.font = `${weight} ${size}px ${FONT}`;
    return context.measureText(text).width;
  };
}

const SWATCH = 14;
const KEY_GAP = 16;

function keyWidth(key: SeriesKey, measure: Measure): number {
  return SWATCH + 6 + measure(key.label, 12) + KEY_GAP;
}

function legendRows(keys: SeriesKey[], maxWidth: number, measure: Measure): number {
  let rows = 1;
  let x = 0;
  for (const key of keys) {
    const width = keyWidth(key, measure);
    if (x > 0 && x + width > maxWidth) {
      rows++;
      x = 0;
    }
    x += width;
  }
  return rows;
}

function legendNode(
  keys: SeriesKey[],
  left: number,
  top: number,
  maxWidth: number,
  measure: Measure,
): SVGGElement {
  const group = svgNode('g', { class: 'legend' });
  let x = 0;
  let y = top;
  for (const key of keys) {
    const width = keyWidth(key, measure);
    if (x > 0 && x + width > maxWidth) {
      x = 0;
      y += LEGEND_ROW;
    }
    group.append(
      svgNode('rect', { x: left + x, y: y + 2, width: SWATCH, height: SWATCH, rx: 2, fill: key.color }),
      textNode(key.label, left + x + SWATCH + 6, y + 13, { 'font-size': 12, fill: '#1f2a24' }),
    );
    x += width;
  }
  return group;
}

function textNode(
  text: string,
  x: number,
  y: number,
  attributes: Record<string, string | number>,
): SVGTextElement {
  const node = svgNode('text', { x, y, ...attributes });
  node.textContent = text;
  return node;
}

function svgNode<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number>,
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return node;
}
