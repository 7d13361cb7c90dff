import { z } from 'zod';
import { previewRows, sqlIdentifier } from '../engine';
import { toolFailure } from '../registry';
import { defineTool } from './define-tool';
import { checkColumn, resultColumns, subquery } from './support/result-columns';
import { previewValueSchema, RESULT_FIELDS, resultFields } from './support/result-fields';
import { runQuery } from './support/run-query';
import { markIfReadsAdded, UNTRUSTED_FIELDS } from './support/untrusted-content';

/** A statistic as DuckDB returns it: a number, a word for NaN/±Infinity or an exact decimal (preview-rows.ts), or null when every row is NULL. */
const statistic = previewValueSchema;

/** The one row of the statistics query, named as it selects them. */
const statisticsSchema = z.strictObject({
  rows: z.number().int(),
  count: z.number().int(),
  nulls: z.number().int(),
  min: statistic,
  max: statistic,
  mean: statistic,
  median: statistic,
  stddev: statistic,
  p10: statistic,
  p90: statistic,
});

/** The statistics of one column; a column read from an added table comes marked (untrusted_content). */
export const computeStatsResultSchema = z.strictObject({
  ...UNTRUSTED_FIELDS,
  column: z.string(),
  ...statisticsSchema.shape,
  ...RESULT_FIELDS,
});
export type ComputeStatsResult = z.infer<typeof computeStatsResultSchema>;

export const computeStats = defineTool({
  name: 'compute_stats',
  description:
    'Summary statistics of one numeric column of a SELECT, computed by DuckDB over the WHOLE result (not a preview): count, nulls, min, max, mean, median, stddev, p10, p90. NULLs (not modelled) are counted apart and left out of the statistics.',
  scope: 'read',
  requires: ['datasets'],
  input: z.strictObject({
    sql: z.string().min(1).max(20_000).describe('One SELECT whose rows to summarise'),
    column: z.string().min(1).max(64).describe('Numeric column of the result'),
  }),
  output: computeStatsResultSchema,
  async run(args, context) {
    const probe = await runQuery(context, `SELECT * FROM ${subquery(args.sql)} AS q LIMIT 0`, { maxRows: 0 });
    const catalog = context.services.engine.catalog;
    // Column names read from a table the user added are its author's text: marked, refusals too.
    const marked = <T extends object>(outcome: T) => markIfReadsAdded(catalog, probe.tablesRead, outcome);
    const column = checkColumn(resultColumns(probe.table), args.column, 'column');
    if ('code' in column) return marked(column);
    if (!column.numeric)
      return marked(
        toolFailure(
          'invalid_arguments',
          `invalid_arguments: column '${column.name}' is ${column.type}, not a number. Pick a numeric column.`,
        ),
      );
    // The name reaches SQL only after it matched a column the query itself returns.
    const name = `q.${sqlIdentifier(column.name)}`;
    const sql = `SELECT count(*) AS rows, count(${name}) AS count, count(*) - count(${name}) AS nulls, min(${name}) AS min, max(${name}) AS max,
        avg(${name}) AS mean, median(${name}) AS median, stddev_samp(${name}) AS stddev,
        quantile_cont(${name}, 0.1) AS p10, quantile_cont(${name}, 0.9) AS p90
      FROM ${subquery(args.sql)} AS q`;
    const query = await runQuery(context, sql, { maxRows: 1, timeoutMs: 15_000 });
    const stats = previewRows(query.table, 1)[0] as z.infer<typeof statisticsSchema>;
    return marked({
      column: column.name,
      ...stats,
      ...resultFields({
        count: stats.count,
        queries: [query],
        scope: `column ${column.name} over all ${stats.rows} rows of the query`,
        caveats: [
          ...(stats.nulls > 0
            ? [
                `${stats.nulls} rows are NULL (not modelled, or no value) and are left out; zeros are included.`,
              ]
            : []),
          ...query.tablesRead.flatMap((table) => catalog.tables[table]?.caveats ?? []),
        ],
      }),
    });
  },
});
