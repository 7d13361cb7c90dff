import { z } from 'zod';
import { previewRows, sqlIdentifier } from '../engine';
import { toolFailure } from '../registry';
import { defineTool } from './define-tool';
import { closestNames } from './support/closest-names';
import { previewValueSchema, RESULT_FIELDS, resultFields } from './support/result-fields';
import { runQuery } from './support/run-query';
import { scopedTable } from './support/scoped-table';
import { isAddedTable, markUntrusted, neutraliseText, UNTRUSTED_FIELDS } from './support/untrusted-content';

/** A count or total as DuckDB returns it: a number, or an exact decimal string past 2⁵³ (preview-rows.ts). */
const count = z.union([z.number(), z.string()]);

/** One column's most common values; an added table's come marked (untrusted_content). */
export const sampleValuesResultSchema = z.strictObject({
  ...UNTRUSTED_FIELDS,
  table: z.string(),
  column: z.string(),
  type: z.string(),
  unit: z.string().nullable(),
  values: z.array(z.strictObject({ value: previewValueSchema, rows: count })),
  distinct_values: z.number(),
  nulls: count,
  rows: count,
  min: previewValueSchema.optional(),
  max: previewValueSchema.optional(),
  ...RESULT_FIELDS,
});
export type SampleValuesResult = z.infer<typeof sampleValuesResultSchema>;

/** The one row of the totals query, named as it selects them. */
type Totals = Pick<SampleValuesResult, 'nulls' | 'rows' | 'min' | 'max'> & {
  distinct_values: number | string;
};

export const sampleValues = defineTool({
  name: 'sample_values',
  description:
    'Real values of one column with their counts (most common first), the number of distinct values, and min/max for numbers. Use it to check a literal (a region code, a season name) before putting it in SQL.',
  scope: 'read',
  requires: ['datasets'],
  input: z.strictObject({
    table: z.string().min(1).max(64).describe('Table name'),
    column: z.string().min(1).max(64).describe('Column name'),
    limit: z.number().int().min(1).max(50).default(10).describe('Most values to return'),
  }),
  output: sampleValuesResultSchema,
  async run(args, context) {
    const table = scopedTable(context, args.table);
    if ('code' in table) return table;
    const added = isAddedTable(context.services.engine.catalog, table.name);
    const column = table.columns.find((candidate) => candidate.name === args.column);
    // Only a name the catalog lists reaches the SQL text, quoted; anything else stops here.
    if (!column) {
      // An added table's names are its author's text: the refusal lists them neutralised too.
      const names = table.columns.map((candidate) =>
        added ? neutraliseText(candidate.name) : candidate.name,
      );
      return toolFailure(
        'not_found',
        `not_found: table '${table.name}' has no column '${args.column}'. Did you mean: ${closestNames(args.column, names).join(', ')}?`,
        { hint: `Columns: ${names.join(', ')}.` },
      );
    }
    const name = sqlIdentifier(column.name);
    const from = sqlIdentifier(table.name);
    const valuesQuery = await runQuery(
      context,
      `SELECT ${name} AS value, count(*) AS rows FROM ${from} GROUP BY 1 ORDER BY rows DESC, value NULLS LAST LIMIT ${args.limit}`,
      { maxRows: args.limit, timeoutMs: 15_000 },
    );
    const numeric = ['INTEGER', 'BIGINT', 'DOUBLE', 'DATE'].includes(column.type);
    const totalsQuery = await runQuery(
      context,
      `SELECT count(DISTINCT ${name}) AS distinct_values, count(*) - count(${name}) AS nulls, count(*) AS rows${numeric ? `, min(${name}) AS min, max(${name}) AS max` : ''} FROM ${from}`,
      { maxRows: 1, timeoutMs: 15_000 },
    );
    const totals = previewRows(totalsQuery.table, 1)[0] as Totals;
    const values = previewRows(valuesQuery.table, valuesQuery.rows) as SampleValuesResult['values'];
    const distinct = Number(totals.distinct_values);
    const sampled = {
      table: table.name,
      column: column.name,
      type: column.type,
      unit: column.unit ?? null,
      values,
      distinct_values: distinct,
      nulls: totals.nulls,
      rows: totals.rows,
      ...(numeric ? { min: totals.min, max: totals.max } : {}),
      ...resultFields({
        count: values.length,
        truncated: distinct > values.length,
        note:
          distinct > values.length
            ? `${values.length} of ${distinct} distinct values shown (most common first)`
            : undefined,
        queries: [valuesQuery, totalsQuery],
        scope: `every loaded row of ${table.name}.${column.name}`,
        caveats: table.caveats,
      }),
    };
    return added ? markUntrusted(sampled) : sampled;
  },
});
