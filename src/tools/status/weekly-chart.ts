import { MEASURE_LABELS, type QueryFrame } from '../../frame/query-frame';
import type { ChartPayload } from '../../payloads';
import { TREND_UNIT } from '../support/trend-layer';
import type { SubjectFigures } from './subject-spec';

/** Short units for a chart's axis (MEASURE_UNITS holds the full definitions the answer and layer carry). */
export const CHART_UNITS: Partial<Record<QueryFrame['measure'], string>> = {
  occurrence: 'probability 0–1',
  count: 'birds per checklist',
  proportion_population: 'share 0–1',
  trend: TREND_UNIT,
};

export interface WeeklyChartSubject {
  label: string;
  series: NonNullable<SubjectFigures['series']>;
}

/**
 * The weekly curve of one or more subjects (one series each when several), as query_status and
 * its comparisons draw it. The title names whose curve it is: an exported chart travels
 * without the answer around it.
 */
export function weeklyChart(source: {
  id: string;
  title: string;
  measure: QueryFrame['measure'];
  subjects: readonly WeeklyChartSubject[];
  callId: string;
}): ChartPayload {
  const points = source.subjects.flatMap((subject) =>
    subject.series.points.map((point) => ({ ...point, subject: subject.label })),
  );
  const unit = CHART_UNITS[source.measure];
  return {
    kind: 'chart',
    id: source.id,
    title: source.title,
    chartType: 'line',
    x: 'date',
    y: 'value',
    ...(source.subjects.length > 1 ? { series: 'subject' } : {}),
    xLabel: 'week',
    yLabel: `mean ${MEASURE_LABELS[source.measure]}`,
    ...(unit ? { unit } : {}),
    columns: {
      week: points.map((point) => point.week),
      date: points.map((point) => point.date),
      value: points.map((point) => point.value),
      subject: points.map((point) => point.subject),
    },
    timeColumn: 'week',
    sourceTables: [...new Set(source.subjects.flatMap((subject) => subject.series.query.tablesRead))],
    sql: source.subjects.map((subject) => subject.series.query.sql).join(';\n'),
    callId: source.callId,
  };
}
