import { z } from 'zod';
import { previewRows } from '../engine';
import type { ChartPayload } from '../payloads';
import { toolFailure } from '../registry';
import { defineTool } from './define-tool';
import { checkColumn, resultColumns } from './support/result-columns';
import { previewRowSchema, RESULT_FIELDS, resultFields } from './support/result-fields';
import { runQuery } from './support/run-query';
import { markIfReadsAdded, UNTRUSTED_FIELDS } from './support/untrusted-content';

const CHART_TYPES = ['bar', 'line', 'area', 'pie', 'histogram', 'scatter'] as const;
/** More points than a chart can show legibly; aggregate first. */
const MAX_POINTS = 10_000;

/** What was drawn and its first rows; a chart of an added table comes marked (untrusted_content). */
export const makeChartResultSchema = z.strictObject({
  ...UNTRUSTED_FIELDS,
  chart: z.strictObject({
    id: z.string(),
    title: z.string(),
    chart_type: z.enum(CHART_TYPES),
    x: z.string(),
    y: z.string().nullable(),
    series: z.string().nullable(),
    points: z.number().int(),
  }),
  /** The first rows of the chart's data (the chart itself goes to the page). */
  preview: z.array(previewRowSchema),
  ...RESULT_FIELDS,
});
export type MakeChartResult = z.infer<typeof makeChartResultSchema>;

export const makeChart = defineTool({
  name: 'make_chart',
  description:
    'Draws a chart for the user from one SELECT: bar, line, area, pie, histogram (x only) or scatter. x defaults to the first column and y to the first other numeric column; series splits lines or bars by a column. The data goes to the chart, not to you; you get a short summary.',
  scope: 'read',
  requires: ['datasets'],
  input: z.strictObject({
    sql: z.string().min(1).max(20_000).describe('One SELECT returning the chart data (aggregate first)'),
    chart_type: z.enum(CHART_TYPES).describe('Chart type'),
    title: z.string().min(1).max(120).describe('Chart title'),
    x: z.string().min(1).max(64).optional().describe('Column for x'),
    y: z.string().min(1).max(64).optional().describe('Numeric column for y (not for histogram)'),
    series: z.string().min(1).max(64).optional().describe('Column whose values split the data into series'),
  }),
  output: makeChartResultSchema,
  async run(args, context) {
    const query = await runQuery(context, args.sql, { maxRows: MAX_POINTS });
    const catalog = context.services.engine.catalog;
    // Column names and values read from a table the user added are its author's text: marked, refusals too.
    const marked = <T extends object>(outcome: T) => markIfReadsAdded(catalog, query.tablesRead, outcome);
    const columns = resultColumns(query.table);
    if (columns.length === 0) return toolFailure('no_data', 'no_data: the query returns no columns.');
    const x = checkColumn(columns, args.x ?? columns[0].name, 'x');
    if ('code' in x) return marked(x);
    const yName =
      args.y ??
      (args.chart_type === 'histogram'
        ? undefined
        : columns.find((column) => column.numeric && column.name !== x.name && column.name !== args.series)
            ?.name);
    const y = yName === undefined ? undefined : checkColumn(columns, yName, 'y');
    if (y && 'code' in y) return marked(y);
    if (args.chart_type !== 'histogram' && y === undefined)
      return marked(
        toolFailure(
          'invalid_arguments',
          `invalid_arguments: a ${args.chart_type} chart needs a numeric y column; the query returns ${columns.map((column) => column.name).join(', ')}.`,
        ),
      );
    if (y && !y.numeric && args.chart_type !== 'scatter')
      return marked(
        toolFailure('invalid_arguments', `invalid_arguments: y '${y.name}' is ${y.type}, not a number.`),
      );
    const series = args.series === undefined ? undefined : checkColumn(columns, args.series, 'series');
    if (series && 'code' in series) return marked(series);
    const rows = previewRows(query.table, query.rows);
    const keep = [x.name, ...(y ? [y.name] : []), ...(series ? [series.name] : [])];
    const chart: ChartPayload = {
      kind: 'chart',
      id: `${context.callId}-chart`,
      title: args.title,
      chartType: args.chart_type,
      x: x.name,
      y: y?.name,
      series: series?.name,
      xLabel: x.name,
      yLabel: y?.name ?? 'count',
      columns: Object.fromEntries(
        keep.map((name) => [name, rows.map((row) => row[name] as number | string | null)]),
      ),
      ...(['week', 'date'].includes(x.name) ? { timeColumn: x.name } : {}),
      sourceTables: query.tablesRead,
      sql: query.sql,
      callId: context.callId,
    };
    context.attach({ kind: 'chart', payload: chart });
    return marked({
      chart: {
        id: chart.id,
        title: args.title,
        chart_type: args.chart_type,
        x: x.name,
        y: y?.name ?? null,
        series: series?.name ?? null,
        points: query.rows,
      },
      preview: rows.slice(0, 5),
      ...resultFields({
        count: query.rows,
        truncated: query.rows > 5,
        queries: [query],
        scope: `chart '${args.title}'`,
        caveats: query.tablesRead.flatMap((table) => catalog.tables[table]?.caveats ?? []),
      }),
    });
  },
});
