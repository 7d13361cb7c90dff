import type { ChartPayload } from '../payloads';
import { plotChart, plotRows, type PlotRow } from './chart-plot';
import { download, el } from './dom';
import { chartExport, chartPng, type ChartExport } from './export-chart';

export interface ChartView {
  element: HTMLElement;
  show(payload: ChartPayload): void;
  /** Moves the time cursor (a week number matched against the chart's `timeColumn`). */
  setCursor(time: number | undefined): void;
  /** Removes the chart and says why (e.g. "This answer has no chart."). */
  clear(message: string): void;
}

export interface ChartViewOptions {
  /** The attribution line for an export of a chart that read `sourceTables` (export-attribution.ts). */
  attribution(sourceTables: readonly string[]): string;
}

/** Used when the page's `--accent` is unset (styles.css sets it). */
const FALLBACK_ACCENT = '#1f6f5c';
/**
 * An exported chart's plot area, whatever the panel's size: the panel is 180–320 px tall (it
 * shares the screen with the map), which made a 253 px figure, too flat for a slide or a page.
 */
const EXPORT_SIZE = { width: 960, height: 420 };

/**
 * Observable Plot charts from `make_chart`, with a time cursor shared with the map and PNG/SVG
 * export, built into `element` (deferred-views.ts places it before Plot has loaded).
 */
export function createChartView(
  options: ChartViewOptions,
  element: HTMLElement = el('div', { class: 'chart-view' }),
): ChartView {
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
  element.append(empty, figure, caption, toolbar);
  let current: ChartPayload | undefined;
  let rows: PlotRow[] = [];
  let cursor: number | undefined;

  const size = () => ({
    width: Math.max(320, Math.min(960, element.clientWidth || 720)),
    // Fit the tab panel (title, legend and toolbar take about 110 px) so the export buttons stay in view.
    height: Math.max(180, Math.min(320, (element.parentElement?.clientHeight ?? 400) - 110)),
  });
  const draw = () => {
    if (!current) return;
    const plot = plotChart(current, rows, {
      ...size(),
      accent: 'var(--accent)',
      fontFamily: 'inherit',
      cursor,
      interactive: true,
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
  /** The chart on screen, redrawn at the export's size with the title and attribution in the SVG. */
  const exported = (): ChartExport | undefined =>
    current &&
    chartExport(current, {
      ...EXPORT_SIZE,
      accent: getComputedStyle(element).getPropertyValue('--accent').trim() || FALLBACK_ACCENT,
      attribution: options.attribution(current.sourceTables),
    });
  const fileName = (extension: string) =>
    `${(current?.title ?? 'chart').replace(/[^\w-]+/g, '-').toLowerCase()}.${extension}`;
  const saveSvg = () => {
    const chart = exported();
    if (chart) download(new Blob([chart.svg], { type: 'image/svg+xml' }), fileName('svg'));
  };
  const savePng = async () => {
    const chart = exported();
    if (chart) download(await chartPng(chart), fileName('png'));
  };

  return {
    element,
    show(payload) {
      current = payload;
      rows = plotRows(payload);
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
