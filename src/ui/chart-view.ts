import * as Plot from '@observablehq/plot';
import type { ChartPayload } from '../payloads';
import { download, el } from './dom';

export interface ChartView {
  element: HTMLElement;
  show(payload: ChartPayload): void;
  /** Moves the time cursor (a week number matched against the chart's `timeColumn`). */
  setCursor(time: number | undefined): void;
  /** Removes the chart and says why (e.g. "This answer has no chart."). */
  clear(message: string): void;
}

type Row = Record<string, number | string | Date | null>;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

/** Observable Plot charts from `make_chart`, with a time cursor shared with the map and PNG/SVG export. */
export function createChartView(): ChartView {
  const figure = el('div', { class: 'chart-figure' });
  const caption = el('p', { class: 'chart-caption' });
  const exportSvg = el(
    'button',
    { type: 'button', class: 'secondary small', disabled: true, onclick: () => saveSvg() },
    ['Download SVG'],
  );
  const exportPng = el(
    'button',
    { type: 'button', class: 'secondary small', disabled: true, onclick: () => void savePng() },
    ['Download PNG'],
  );
  const empty = el('p', { class: 'empty-state' }, ['Charts from answers appear here.']);
  const toolbar = el('div', { class: 'toolbar', hidden: true }, [exportSvg, exportPng]);
  const element = el('div', { class: 'chart-view' }, [empty, figure, caption, toolbar]);
  let current: ChartPayload | undefined;
  let rows: Row[] = [];
  let cursor: number | undefined;

  const draw = () => {
    if (!current) return;
    const width = Math.max(320, Math.min(960, element.clientWidth || 720));
    // Fit the tab panel (title, legend and toolbar take about 110 px) so the export buttons stay in view.
    const height = Math.max(180, Math.min(320, (element.parentElement?.clientHeight ?? 400) - 110));
    const plot = Plot.plot({
      title: current.title,
      width,
      height,
      marginLeft: 56,
      style: { fontFamily: 'inherit', fontSize: '12px' },
      x: {
        label: current.xLabel,
        ...(current.chartType === 'bar' ? { tickRotate: rows.length > 12 ? -45 : 0 } : {}),
      },
      y: { label: `${current.yLabel}${current.unit ? ` (${current.unit})` : ''}`, grid: true },
      color: current.series ? { legend: true } : undefined,
      marks: [...chartMarks(current, rows), ...cursorMarks(current, rows, cursor)],
    });
    // Plot labels each mark's <g> with aria-label, which ARIA forbids on a generic element (axe
    // aria-prohibited-attr, serious). The chart is one image to assistive tech; the Data tab has the numbers.
    const svg = plot instanceof SVGSVGElement ? plot : [...plot.querySelectorAll('svg')].pop();
    for (const node of plot.querySelectorAll('[aria-label], [aria-description]')) {
      node.removeAttribute('aria-label');
      node.removeAttribute('aria-description');
    }
    svg?.setAttribute('role', 'img');
    svg?.setAttribute(
      'aria-label',
      `Chart: ${current.title}. ${current.yLabel} by ${current.xLabel}. The numbers are in the Data tab.`,
    );
    figure.replaceChildren(plot);
  };
  // Plot wraps the chart in a <figure> with the title and legend; the chart itself is the last svg.
  const svgElement = () => [...figure.querySelectorAll('svg')].pop() ?? null;
  const svgText = () => {
    const svg = svgElement();
    if (!svg) return '';
    const copy = svg.cloneNode(true) as SVGSVGElement;
    copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
    return new XMLSerializer().serializeToString(copy);
  };
  const fileName = (extension: string) =>
    `${(current?.title ?? 'chart').replace(/[^\w-]+/g, '-').toLowerCase()}.${extension}`;
  const saveSvg = () => download(new Blob([svgText()], { type: 'image/svg+xml' }), fileName('svg'));
  const savePng = async () => {
    const svg = svgElement();
    if (!svg) return;
    const { width, height } = svg.getBoundingClientRect();
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svgText())}`;
    await image.decode();
    const canvas = el('canvas', { width: Math.round(width * 2), height: Math.round(height * 2) });
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (blob) download(blob, fileName('png'));
  };

  return {
    element,
    show(payload) {
      current = payload;
      rows = toRows(payload);
      empty.hidden = true;
      toolbar.hidden = false;
      exportSvg.disabled = false;
      exportPng.disabled = false;
      caption.textContent = `Source: ${payload.sourceTables.join(', ')} · call ${payload.callId}`;
      draw();
    },
    setCursor(time) {
      cursor = time;
      if (current?.timeColumn) draw();
    },
    clear(message) {
      current = undefined;
      rows = [];
      figure.replaceChildren();
      caption.textContent = '';
      empty.textContent = message;
      empty.hidden = false;
      toolbar.hidden = true;
      exportSvg.disabled = true;
      exportPng.disabled = true;
    },
  };
}

function toRows(payload: ChartPayload): Row[] {
  const names = Object.keys(payload.columns);
  const length = Math.max(0, ...names.map((name) => payload.columns[name].length));
  return Array.from({ length }, (_, index) => {
    const row: Row = {};
    for (const name of names) {
      const value = payload.columns[name][index];
      row[name] = typeof value === 'string' && ISO_DATE.test(value) ? new Date(value) : value;
    }
    return row;
  });
}

function chartMarks(payload: ChartPayload, rows: Row[]): Plot.Markish[] {
  const { x, y, series } = payload;
  const fill = series ?? 'var(--accent)';
  switch (payload.chartType) {
    case 'line':
      return [
        Plot.lineY(rows, { x, y, stroke: series ?? 'var(--accent)', strokeWidth: 2 }),
        Plot.dot(rows, { x, y, r: 2.5, fill: series ?? 'var(--accent)', tip: true }),
      ];
    case 'area':
      return [
        Plot.areaY(rows, { x, y, fill, fillOpacity: 0.3 }),
        Plot.lineY(rows, { x, y, stroke: series ?? 'var(--accent)' }),
      ];
    case 'histogram':
      return [
        Plot.rectY(rows, { ...Plot.binX({ y: 'count' }, { x }), fill: 'var(--accent)' }),
        Plot.ruleY([0]),
      ];
    case 'scatter':
      return [Plot.dot(rows, { x, y, fill, tip: true })];
    // Observable Plot has no pie mark; a bar of the same shares is read more accurately anyway.
    case 'pie':
    case 'bar':
      return [Plot.barY(rows, { x, y, fill, tip: true }), Plot.ruleY([0])];
  }
}

function cursorMarks(payload: ChartPayload, rows: Row[], cursor: number | undefined): Plot.Markish[] {
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
