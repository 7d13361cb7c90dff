import * as Plot from '@observablehq/plot';
import type { ChartPayload } from '../payloads';

/** One chart row as Observable Plot reads it: ISO date strings become Dates. */
export type PlotRow = Record<string, number | string | Date | null>;

export interface PlotSize {
  width: number;
  height: number;
  /** Colour of a single series; the page passes its CSS variable, an export a resolved colour. */
  accent: string;
  fontFamily: string;
  /** Week (matched against the payload's `timeColumn`) to mark with a dashed rule. */
  cursor?: number;
  /**
   * The page: Plot draws the title and the series legend above the chart and a value tip on hover.
   * An export: no tip (an empty tip layer filled with a CSS variable), its own title and legend.
   */
  interactive: boolean;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;
/** Chart types whose y is an amount measured from 0. */
const FROM_ZERO = new Set<ChartPayload['chartType']>(['line', 'area', 'bar', 'pie', 'histogram']);

/** The chart of a `make_chart`/`query_status` payload, as the page and its exports draw it. */
export function plotChart(
  payload: ChartPayload,
  rows: PlotRow[],
  size: PlotSize,
): SVGSVGElement | HTMLElement {
  return Plot.plot({
    ...(size.interactive ? { title: payload.title } : {}),
    width: size.width,
    height: size.height,
    marginLeft: 56,
    style: { fontFamily: size.fontFamily, fontSize: '12px' },
    x: {
      label: payload.xLabel,
      ...(payload.chartType === 'bar' ? { tickRotate: rows.length > 12 ? -45 : 0 } : {}),
      ...categoryOrder(payload, rows),
    },
    y: {
      label: `${payload.yLabel}${payload.unit ? ` (${payload.unit})` : ''}`,
      grid: true,
      // A weekly curve read from 0: Plot's default domain started at the smallest value (0.0013), so the
      // winter weeks sat on the axis as if they were the baseline. Scatter plots keep their own extent.
      ...(FROM_ZERO.has(payload.chartType) ? { zero: true } : {}),
    },
    color: payload.series ? { legend: size.interactive } : undefined,
    marks: [
      ...chartMarks(payload, rows, size.accent, size.interactive),
      ...cursorMarks(payload, rows, size.cursor),
    ],
  });
}

/**
 * Bars keep the payload's row order (seasons in the order of the year): Plot sorts an ordinal
 * domain alphabetically (scales/ordinal.js), which put "breeding" before "prebreeding".
 */
export function categoryOrder(payload: ChartPayload, rows: PlotRow[]): { domain?: string[] } {
  if (payload.chartType !== 'bar' && payload.chartType !== 'pie') return {};
  const labels = rows.map((row) => row[payload.x]);
  if (!labels.every((label) => typeof label === 'string')) return {};
  return { domain: [...new Set(labels as string[])] };
}

/** Columnar payload → one object per row (Plot's input). */
export function plotRows(payload: ChartPayload): PlotRow[] {
  const names = Object.keys(payload.columns);
  const length = Math.max(0, ...names.map((name) => payload.columns[name].length));
  return Array.from({ length }, (_, index) => {
    const row: PlotRow = {};
    for (const name of names) {
      const value = payload.columns[name][index] ?? null;
      row[name] = typeof value === 'string' && ISO_DATE.test(value) ? new Date(value) : value;
    }
    return row;
  });
}

function chartMarks(payload: ChartPayload, rows: PlotRow[], accent: string, tip: boolean): Plot.Markish[] {
  const { x, y, series } = payload;
  const fill = series ?? accent;
  switch (payload.chartType) {
    case 'line':
      return [
        Plot.lineY(rows, { x, y, stroke: series ?? accent, strokeWidth: 2 }),
        Plot.dot(rows, { x, y, r: 2.5, fill: series ?? accent, tip }),
      ];
    case 'area':
      return [
        Plot.areaY(rows, { x, y, fill, fillOpacity: 0.3 }),
        Plot.lineY(rows, { x, y, stroke: series ?? accent }),
      ];
    case 'histogram':
      return [Plot.rectY(rows, { ...Plot.binX({ y: 'count' }, { x }), fill: accent }), Plot.ruleY([0])];
    case 'scatter':
      return [Plot.dot(rows, { x, y, fill, tip })];
    // Observable Plot has no pie mark; a bar of the same shares is read more accurately anyway.
    case 'pie':
    case 'bar':
      return [Plot.barY(rows, { x, y, fill, tip }), Plot.ruleY([0])];
  }
}

function cursorMarks(payload: ChartPayload, rows: PlotRow[], cursor: number | undefined): Plot.Markish[] {
  if (cursor === undefined || !payload.timeColumn) return [];
  const row = rows.find((candidate) => candidate[payload.timeColumn!] === cursor);
  if (!row) return [];
  return [
    Plot.ruleX([row[payload.x]], {
      stroke: '#b4441f',
      strokeWidth: 2,
      strokeDasharray: '4,3',
      className: 'time-cursor',
    }),
  ];
}
