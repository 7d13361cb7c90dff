/** A chart from `make_chart`, columnar, ready for Observable Plot on the page. */
export interface ChartPayload {
  kind: 'chart';
  id: string;
  title: string;
  chartType: 'bar' | 'line' | 'area' | 'pie' | 'histogram' | 'scatter';
  x: string;
  y?: string;
  series?: string;
  xLabel: string;
  yLabel: string;
  unit?: string;
  /** Column name → values (numbers, strings, ISO dates; null for missing). */
  columns: Record<string, (number | string | null)[]>;
  /** When x holds weeks/dates: the value the map's time cursor maps to, e.g. week numbers. */
  timeColumn?: string;
  sourceTables: string[];
  sql: string;
  callId: string;
}
