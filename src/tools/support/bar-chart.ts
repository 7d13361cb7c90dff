import type { ChartPayload } from '../../payloads';

export interface BarChartSource {
  id: string;
  title: string;
  /** One bar each, in the order given (seasons in the order of the year). */
  bars: {
    label: string;
    value: number | null;
    series?: string;
    extra?: Record<string, number | string | null>;
  }[];
  xLabel: string;
  yLabel: string;
  unit?: string;
  sourceTables: string[];
  sql: string;
  callId: string;
}

/**
 * A bar chart of figures a tool computed, one bar per label (`label`, `value` columns; `series`
 * colours the bars of a comparison apart). The columns are the rows behind the chart, so the
 * Data tab and the CSV export hold exactly the bars.
 */
export function buildBarChart(source: BarChartSource): ChartPayload {
  const { bars } = source;
  const series = bars.some((bar) => bar.series !== undefined);
  const extraNames = [...new Set(bars.flatMap((bar) => Object.keys(bar.extra ?? {})))];
  return {
    kind: 'chart',
    id: source.id,
    title: source.title,
    chartType: 'bar',
    x: 'label',
    y: 'value',
    ...(series ? { series: 'series' } : {}),
    xLabel: source.xLabel,
    yLabel: source.yLabel,
    ...(source.unit ? { unit: source.unit } : {}),
    columns: {
      label: bars.map((bar) => bar.label),
      value: bars.map((bar) => bar.value),
      ...(series ? { series: bars.map((bar) => bar.series ?? bar.label) } : {}),
      ...Object.fromEntries(extraNames.map((name) => [name, bars.map((bar) => bar.extra?.[name] ?? null)])),
    },
    sourceTables: source.sourceTables,
    sql: source.sql,
    callId: source.callId,
  };
}
