import type { MapLayerPayload } from '../payloads';
import { formatValue, legendStops, type ScaleKind } from './color-scale';
import { measureScales } from './measure-scales';
import { wrapLines } from './wrap-lines';
import { weekText } from './layer-data';

/** One colour scale as the exported map's legend draws it (the layer list's legend, measure-scales.ts). */
export interface MapLegendKey {
  /** "Relative abundance (birds per checklist)". */
  title: string;
  kind: ScaleKind;
  domain: readonly [number, number];
  ticks: number[];
}

/** The words and legends printed around an exported map. */
export interface MapCaption {
  /** The layers' names (the layer list's titles). */
  title: string;
  legends: MapLegendKey[];
  /** The slider's week, "Week 16 · 19 April", while a weekly layer is on show. */
  when?: string;
  attribution: string;
}

/** What the exported map says about the visible layers and the slider's week. */
export function mapCaption(
  layers: readonly MapLayerPayload[],
  week: number | undefined,
  attribution: string,
): MapCaption {
  const scales = measureScales(layers.map((payload) => ({ payload, visible: true })));
  const weekly = layers.find((layer) => layer.times);
  const label = week === undefined ? undefined : weekly?.timeLabels?.[week];
  return {
    title: layers.length > 0 ? layers.map((layer) => layer.name).join('; ') : 'Map',
    legends: [...scales.values()].map((scale) => ({
      title: `${scale.title}${scale.unit ? ` (${scale.unit})` : ''}`,
      kind: scale.kind,
      domain: scale.domain,
      ticks: scale.ticks,
    })),
    ...(weekly && week !== undefined ? { when: weekText(week, label) } : {}),
    attribution,
  };
}

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const PAD = 12;
const TITLE_SIZE = 16;
const TEXT_SIZE = 12;
const NOTE_SIZE = 11;
const BAR_WIDTH = 280;
const BAR_HEIGHT = 10;
const INK = '#1f2a24';
const MUTED = '#4a5550';

/**
 * The map as one PNG at the map canvas's resolution (`scale` = device pixels per CSS pixel): the
 * title, the week and each legend (title, colour bar, ticks) above the map as drawn, the
 * attribution under it.
 */
export async function mapPng(map: HTMLCanvasElement, caption: MapCaption, scale: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d')!;
  const px = (css: number) => css * scale;
  const inner = map.width - 2 * px(PAD);
  const font = (size: number, weight = 400) => `${weight} ${px(size)}px ${FONT}`;
  const lines = (text: string, size: number, weight?: number) => {
    context.font = font(size, weight);
    return wrapLines(text, inner, (line) => context.measureText(line).width);
  };
  const title = lines(caption.title, TITLE_SIZE, 600);
  const when = caption.when ? lines(caption.when, TEXT_SIZE) : [];
  const legends = caption.legends.map((legend) => ({ legend, lines: lines(legend.title, TEXT_SIZE) }));
  const legendHeight = (count: number) => count * TEXT_SIZE * 1.4 + BAR_HEIGHT + TEXT_SIZE * 1.6;
  const header = px(
    PAD +
      title.length * TITLE_SIZE * 1.3 +
      when.length * TEXT_SIZE * 1.4 +
      legends.reduce((sum, entry) => sum + legendHeight(entry.lines.length) + 4, 0) +
      PAD / 2,
  );
  const note = lines(caption.attribution, NOTE_SIZE);
  canvas.width = map.width;
  canvas.height = Math.ceil(header + map.height + px(note.length * NOTE_SIZE * 1.5 + PAD));

  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  let y = px(PAD);
  const write = (text: string, size: number, color: string, weight = 400, lineHeight = 1.4) => {
    y += px(size * lineHeight);
    context.font = font(size, weight);
    context.fillStyle = color;
    context.fillText(text, px(PAD), y - px(size * 0.3));
  };
  for (const line of title) write(line, TITLE_SIZE, INK, 600, 1.3);
  for (const line of when) write(line, TEXT_SIZE, MUTED);
  for (const { legend, lines: words } of legends) {
    for (const line of words) write(line, TEXT_SIZE, MUTED);
    drawLegendBar(context, legend, px(PAD), y + px(2), Math.min(px(BAR_WIDTH), inner), scale);
    y += px(BAR_HEIGHT + TEXT_SIZE * 1.6 + 4);
  }
  const mapTop = Math.ceil(header);
  context.drawImage(map, 0, mapTop);
  y = mapTop + map.height;
  for (const line of note) write(line, NOTE_SIZE, MUTED, 400, 1.5);

  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The browser could not encode the map as PNG.');
  return blob;
}

/** The legend's colour bar (the layer list's palette stops) with its round ticks under it. */
function drawLegendBar(
  context: CanvasRenderingContext2D,
  legend: MapLegendKey,
  left: number,
  top: number,
  width: number,
  scale: number,
): void {
  const gradient = context.createLinearGradient(left, 0, left + width, 0);
  for (const stop of legendStops(legend.kind)) gradient.addColorStop(stop.at, stop.css);
  context.fillStyle = gradient;
  context.fillRect(left, top, width, BAR_HEIGHT * scale);
  context.font = `400 ${(TEXT_SIZE - 1) * scale}px ${FONT}`;
  context.fillStyle = MUTED;
  const [low, high] = legend.domain;
  for (const tick of legend.ticks) {
    const at = high > low ? (tick - low) / (high - low) : 0;
    const text = formatValue(tick);
    const textWidth = context.measureText(text).width;
    const x = Math.min(Math.max(left + at * width - textWidth / 2, left), left + width - textWidth);
    context.fillText(text, x, top + (BAR_HEIGHT + TEXT_SIZE) * scale);
  }
}
