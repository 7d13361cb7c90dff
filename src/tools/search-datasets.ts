import MiniSearch from 'minisearch';
import { z } from 'zod';
import { defineTool } from './define-tool';
import type { CatalogTable } from '../catalog/types';
import { HINT, RESULT_FIELDS } from './support/result-fields';
import { isAddedTable } from './support/untrusted-content';

interface TableDocument {
  id: string;
  title: string;
  text: string;
  columns: string;
}

/**
 * An added table is listed by its name only, as the system prompt lists it: its title and
 * description quote the URL or file name it came from, and its column names and values are the
 * file author's text. The name is a checked identifier (`^[a-z][a-z0-9_]{0,62}$`), so the result
 * holds no author text and needs no marking; describe_table shows the rest, marked.
 */
const ADDED_TITLE = 'a dataset the user added in this session';
const ADDED_ROW_MEANING = 'one row of the added file';

/**
 * A catalog table by its own words. Column examples carry species names (species.common_name)
 * and region codes, so "sapsucker" finds species.
 */
function document(table: CatalogTable): TableDocument {
  return {
    id: table.name,
    title: table.title,
    text: `${table.description} ${table.row_meaning} ${table.caveats.join(' ')}`,
    columns: table.columns
      .map(
        (column) =>
          `${column.name.replaceAll('_', ' ')} ${column.meaning} ${column.type === 'VARCHAR' ? column.examples.join(' ') : ''}`,
      )
      .join(' '),
  };
}

/**
 * An added table by its name and our words only: indexing its author's column names or values
 * would let a file stuffed with "weekly abundance trend" outrank the catalog for every query.
 */
function addedDocument(table: CatalogTable): TableDocument {
  return {
    id: table.name,
    title: table.name.replaceAll('_', ' '),
    text: `${ADDED_TITLE}: user added dataset, uploaded file or URL. ${ADDED_ROW_MEANING}`,
    columns: '',
  };
}

export const searchDatasetsResultSchema = z.strictObject({
  results: z.array(
    z.strictObject({
      table: z.string(),
      title: z.string(),
      row_meaning: z.string(),
      rows: z.number().int(),
      score: z.number(),
      geometry: z.enum(['lonlat', 'polygon', 'cell_id']).nullable(),
      time_column: z.string().nullable(),
    }),
  ),
  ...HINT,
  ...RESULT_FIELDS,
});
export type SearchDatasetsResult = z.infer<typeof searchDatasetsResultSchema>;

export const searchDatasets = defineTool({
  name: 'search_datasets',
  description:
    'Finds tables of this session by meaning (full-text over titles, descriptions, column names and meanings, species names), typo-tolerant. Returns table names ranked, with what one row is; a table the user added is found and listed by its name only. Then call describe_table.',
  scope: 'read',
  requires: ['datasets'],
  input: z.strictObject({
    query: z
      .string()
      .min(1)
      .max(200)
      .describe('What you are looking for, e.g. "weekly abundance", "range area", "trend"'),
    limit: z.number().int().min(1).max(20).default(5).describe('Most tables to return'),
  }),
  output: searchDatasetsResultSchema,
  run(args, context) {
    const catalog = context.services.engine.catalog;
    const tables = context.session.datasets
      .filter((name) => Object.hasOwn(catalog.tables, name))
      .map((name) => catalog.tables[name]);
    const index = new MiniSearch<TableDocument>({
      fields: ['id', 'title', 'text', 'columns'],
      storeFields: [],
    });
    index.addAll(
      tables.map((table) => (isAddedTable(catalog, table.name) ? addedDocument(table) : document(table))),
    );
    const hits = index
      .search(args.query, { fuzzy: 0.2, prefix: true, boost: { id: 3, title: 2 }, combineWith: 'OR' })
      .slice(0, args.limit);
    const results = hits.map((hit) => {
      const table = catalog.tables[String(hit.id)];
      return {
        table: table.name,
        ...(isAddedTable(catalog, table.name)
          ? { title: ADDED_TITLE, row_meaning: ADDED_ROW_MEANING, time_column: null }
          : { title: table.title, row_meaning: table.row_meaning, time_column: table.time_column ?? null }),
        rows: table.rows,
        score: Number(hit.score.toFixed(2)),
        geometry: table.geometry?.kind ?? null,
      };
    });
    return {
      results,
      ...(results.length === 0
        ? {
            hint: `Nothing matches '${args.query}'. Tables in this session: ${tables.map((table) => table.name).join(', ')}. Try other words or call describe_table on one.`,
          }
        : {}),
      count: results.length,
      truncated: false,
      source: { tables: [], sql: [] },
      scope: `the catalog descriptions of the ${tables.length} tables in this session`,
      caveats: catalog.simulated ? ['This build holds SIMULATED data for a demo.'] : [],
    };
  },
});
