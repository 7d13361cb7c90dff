import { z } from 'zod';
import { defineTool } from './define-tool';
import { geometrySchema } from './support/geometry-schema';
import { RESULT_FIELDS } from './support/result-fields';
import { scopedTable } from './support/scoped-table';
import { isAddedTable, markUntrusted, UNTRUSTED_FIELDS } from './support/untrusted-content';

const bound = z.union([z.number(), z.string()]).nullable();

/** One table's catalog entry as the model reads it; an added table's comes marked (untrusted_content). */
export const describeTableResultSchema = z.strictObject({
  ...UNTRUSTED_FIELDS,
  table: z.string(),
  title: z.string(),
  row_meaning: z.string(),
  description: z.string(),
  rows: z.number().int(),
  columns: z.array(
    z.strictObject({
      name: z.string(),
      type: z.string(),
      unit: z.string().nullable(),
      meaning: z.string(),
      /** Up to three real values, in the column's JSON form. */
      examples: z.array(z.unknown()),
      min: bound,
      max: bound,
      null_fraction: z.number(),
      distinct: z.number().int(),
    }),
  ),
  geometry: geometrySchema.nullable(),
  time_column: z.string().nullable(),
  partitioned_by: z.array(z.string()),
  partitions: z.strictObject({ species_code: z.array(z.union([z.string(), z.number()])) }).optional(),
  attribution: z.string(),
  licence: z.string(),
  release: z.array(z.number().int()).nullable(),
  simulated: z.boolean(),
  ...RESULT_FIELDS,
});
export type DescribeTableResult = z.infer<typeof describeTableResultSchema>;

export const describeTable = defineTool({
  name: 'describe_table',
  description:
    'Describes one table of this session: what a row is, row count, every column with type, unit, meaning, example values, min/max and share of NULLs, its geometry and time column, caveats and attribution. Call it before writing SQL against a table.',
  scope: 'read',
  requires: ['datasets'],
  input: z.strictObject({ table: z.string().min(1).max(64).describe('Table name, e.g. weekly') }),
  output: describeTableResultSchema,
  run(args, context) {
    const table = scopedTable(context, args.table);
    if ('code' in table) return table;
    const partitions = table.files
      .map((file) => file.partition?.species_code)
      .filter((code): code is string | number => code !== undefined);
    const described = {
      table: table.name,
      title: table.title,
      row_meaning: table.row_meaning,
      description: table.description,
      rows: table.rows,
      columns: table.columns.map((column) => ({
        name: column.name,
        type: column.type,
        unit: column.unit ?? null,
        meaning: column.meaning,
        examples: column.examples.slice(0, 3),
        min: column.min ?? null,
        max: column.max ?? null,
        null_fraction: column.null_fraction,
        distinct: column.distinct,
      })),
      geometry: table.geometry ?? null,
      time_column: table.time_column ?? null,
      partitioned_by: table.partition_by,
      ...(partitions.length > 0 ? { partitions: { species_code: partitions } } : {}),
      attribution: table.attribution,
      licence: table.licence,
      release: table.release ?? null,
      simulated: table.simulated,
      count: table.columns.length,
      truncated: false,
      source: { tables: [table.name], sql: [] },
      scope: `the catalog entry of table ${table.name}`,
      caveats: table.caveats,
    };
    // An added table's names and examples are its author's text: marked, never our catalog's word.
    return isAddedTable(context.services.engine.catalog, table.name) ? markUntrusted(described) : described;
  },
});
