import { describe, expect, it } from 'vitest';
import type { ChartPayload } from '../payloads';
import { categoryOrder, plotRows } from './chart-plot';

function chart(chartType: ChartPayload['chartType'], x: (string | number)[]): ChartPayload {
  return {
    kind: 'chart',
    id: 'c',
    title: 't',
    chartType,
    x: 'x',
    y: 'y',
    xLabel: 'x',
    yLabel: 'y',
    columns: { x, y: x.map((_, index) => index) },
    sourceTables: [],
    sql: '',
    callId: 'c',
  };
}

describe('categoryOrder', () => {
  it('keeps a bar chart’s categories in row order (seasons in the order of the year, not alphabetical)', () => {
    const seasons = ['prebreeding', 'breeding', 'postbreeding', 'nonbreeding'];
    const payload = chart('bar', seasons);
    expect(categoryOrder(payload, plotRows(payload)).domain).toEqual(seasons);
  });

  it('lists a repeated category once (two series share their x labels)', () => {
    const payload = chart('bar', ['b', 'a', 'b', 'a']);
    expect(categoryOrder(payload, plotRows(payload)).domain).toEqual(['b', 'a']);
  });

  it('leaves numeric or dated x and non-bar charts to Plot', () => {
    const weeks = chart('bar', [3, 1, 2]);
    expect(categoryOrder(weeks, plotRows(weeks))).toEqual({});
    const line = chart('line', ['b', 'a']);
    expect(categoryOrder(line, plotRows(line))).toEqual({});
  });
});
