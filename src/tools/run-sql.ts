import { tableToIPC } from 'apache-arrow';
import { z } from 'zod';
import { previewRows } from '../engine';
import type { DataTablePayload } from '../payloads';
import { defineTool } from './define-tool';
import { hasGeometry } from './support/find-geometry';
import { resultColumns } from './support/result-columns';
import { HINT, previewRowSchema, RESULT_FIELDS, resultFields } from './support/result-fields';
import { runQuery } from './support/run-query';
import { markUntrusted, readsAddedTable, UNTRUSTED_FIELDS } from './support/untrusted-content';

/** Rows the model sees; the whole result goes to the page's data table. */
const PREVIEW_ROWS = 8;
/** A data table is for reading by a person; 100k rows is already more than anyone scrolls. */
const MAX_ROWS = 100_000;

/** The query's size, columns and first rows; a result read from an added table comes marked (untrusted_content). */
export const runSqlResultSchema = z.strictObject({
  ...UNTRUSTED_FIELDS,
  rows: z.number().int(),
  columns: z.array(z.strictObject({ name: z.string(), type: z.string(), numeric: z.boolean() })),
  preview: z.array(previewRowSchema),
  has_geometry: z.boolean(),
  ...HINT,
  ...RESULT_FIELDS,
});
export type RunSqlResult = z.infer<typeof runSqlResultSchema>;

export const runSql = defineTool({
  name: 'run_sql',
  description: `Runs one read-only DuckDB SELECT over this session's tables. Returns the row count, the columns, the first ${PREVIEW_ROWS} rows and whether the result can be mapped (has_geometry); the full result is shown to the user as a table, not to you. Aggregate in SQL. NULL in raster columns means not modelled, 0 predicted absent.`,
  scope: 'read',
  requires: ['datasets'],
  input: z.strictObject({
    sql: z.string().min(1).max(20_000).describe('One SELECT (or WITH … SELECT) statement'),
    purpose: z
      .string()
      .min(1)
      .max(300)
      .describe('What the query answers, in a few words (shown to the user)'),
  }),
  output: runSqlResultSchema,
  async run(args, context) {
    const query = await runQuery(context, args.sql, { maxRows: MAX_ROWS });
    const columns = resultColumns(query.table);
    const payload: DataTablePayload = {
      kind: 'data-table',
      id: `${context.callId}-table`,
      title: args.purpose,
      sql: query.sql,
      rows: query.rows,
      columns: columns.map((column) => ({ name: column.name, type: column.type })),
      ipc: tableToIPC(query.table, 'stream').slice().buffer as ArrayBuffer,
      callId: context.callId,
    };
    context.attach({ kind: 'data-table', payload });
    const catalog = context.services.engine.catalog;
    const result = {
      rows: query.rows,
      columns,
      preview: previewRows(query.table, PREVIEW_ROWS),
      has_geometry: hasGeometry(columns.map((column) => column.name)),
      ...(query.rows === 0
        ? {
            hint: 'No rows. Check the literal values in WHERE with sample_values (codes are like USA-MI and yebsap; seasons like prebreeding_migration).',
          }
        : {}),
      ...resultFields({
        count: query.rows,
        truncated: query.rows > PREVIEW_ROWS,
        note:
          query.rows > PREVIEW_ROWS
            ? `preview shows ${PREVIEW_ROWS} of ${query.rows} rows; the user sees them all in the data table`
            : undefined,
        queries: [query],
        scope: args.purpose,
        caveats: query.tablesRead.flatMap((table) => catalog.tables[table]?.caveats ?? []),
      }),
    };
    // Column names and values read from a table the user added are its author's text: marked.
    return readsAddedTable(catalog, query.tablesRead) ? markUntrusted(result) : result;
  },
});
