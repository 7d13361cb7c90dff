import { z } from 'zod';
import { defineTool } from './define-tool';
import { scopedTable } from './support/scoped-table';

export const describeTable = defineTool({
  name: 'describe_table',
  description:
    'Describes one table of this session: what a row is, row count, every column with type, unit, meaning, example values, min/max and share of NULLs, its geometry and time column, caveats and attribution. Call it before writing SQL against a table.',
  scope: 'read',
  requires: ['datasets'],
  input: z.strictObject({ table: z.string().min(1).max(64).describe('Table name, e.g. weekly') }),
  run(args, context) {
    const table = scopedTable(context, args.table);
    if ('code' in table) return table;
    const partitions = table.files
      .map((file) => file.partition?.species_code)
      .filter((code): code is string | number => code !== undefined);
    return {
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
  },
});
