import { PipelineError } from '../pipeline-error';

/** How a source cell becomes a typed value. */
export type FieldKind = 'text' | 'number' | 'integer' | 'date';

export interface SourceColumn {
  /** The column's name in the file. */
  from: string;
  kind: FieldKind;
  /** Read when the file has it; when it does not, the field is absent (not NULL). @default false */
  optional?: boolean;
}

/**
 * The header one set of eBird S&T releases writes for one side product, mapped to Perch's field
 * names. eBird renames columns between releases (2022 `range_percent_occupied` is 2023
 * `range_occupied_percent`), so each release's header is written down as its own layout and a
 * file is read with the layout its header matches: a header that matches none is an error, never
 * a column of NULLs.
 */
export interface ReleaseLayout<F extends string> {
  /** Which releases write this header, in words for messages: "2023", "2021". */
  name: string;
  columns: Partial<Record<F, SourceColumn>>;
}

export type FieldValue = string | number | null;

export interface LayoutRows<F extends string> {
  file: string;
  layout: ReleaseLayout<F>;
  /** Fields this file has: every required one of its layout plus the optional ones present. */
  fields: F[];
  rows: Partial<Record<F, FieldValue>>[];
}

/** Text cells of a table (a CSV, or a parquet file cast to text); null = the source's NULL. */
export interface TextTable {
  file: string;
  columns: string[];
  rows: (string | null)[][];
}

const FIX = 'Use the file as downloaded from eBird Status & Trends';

/**
 * Missing values: ebirdst reads its CSVs with `na = ""` (load_regional_stats, list_available_pis),
 * and R's write.csv writes `NA`. `NA` is missing only in numeric and date columns: as text it is
 * the continent code of North America (regional_stats.csv `continent_code`).
 */
function isMissing(cell: string | null, kind: FieldKind): boolean {
  return cell === null || cell === '' || (kind !== 'text' && cell === 'NA');
}

function parseCell(cell: string | null, kind: FieldKind, file: string, where: () => string): FieldValue {
  if (isMissing(cell, kind)) return null;
  const text = cell as string;
  const fail = (expected: string) =>
    new PipelineError('bad_csv', file, `${where()}: '${text}' is not ${expected}`, FIX);
  if (kind === 'text') return text;
  if (kind === 'date') {
    if (/^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`))) return text;
    throw fail('a date (YYYY-MM-DD)');
  }
  const value = Number(text);
  if (!Number.isFinite(value)) throw fail('a number');
  if (kind === 'integer' && !Number.isInteger(value)) throw fail('a whole number');
  return value;
}

function requiredColumns<F extends string>(layout: ReleaseLayout<F>): string[] {
  return Object.values<SourceColumn | undefined>(layout.columns).flatMap((column) =>
    column && !column.optional ? [column.from] : [],
  );
}

/**
 * Reads a table with the first layout whose required columns its header holds. When none
 * matches, the error names the file and the columns missing for the closest layout.
 *
 * @param what the product in words, for the error ("regional statistics").
 */
export function readWithLayout<F extends string>(
  table: TextTable,
  layouts: readonly ReleaseLayout<F>[],
  what: string,
): LayoutRows<F> {
  const header = new Set(table.columns);
  const layout = layouts.find((candidate) => requiredColumns(candidate).every((name) => header.has(name)));
  if (!layout) {
    const closest = layouts
      .map((candidate) => ({
        candidate,
        missing: requiredColumns(candidate).filter((name) => !header.has(name)),
      }))
      .sort((a, b) => a.missing.length - b.missing.length)[0];
    throw new PipelineError(
      'bad_csv',
      table.file,
      `its columns (${table.columns.join(', ')}) match no known release layout of ${what}: missing column(s) ${closest.missing.join(', ')} of the release ${closest.candidate.name} layout`,
      `${FIX}; a renamed column is not read as another`,
    );
  }
  const entries = (Object.entries(layout.columns) as [F, SourceColumn][]).filter(([, column]) =>
    header.has(column.from),
  );
  const indexes = entries.map(([, column]) => table.columns.indexOf(column.from));
  const rows = table.rows.map((cells, rowIndex) => {
    const row: Partial<Record<F, FieldValue>> = {};
    entries.forEach(([field, column], i) => {
      row[field] = parseCell(
        cells[indexes[i]] ?? null,
        column.kind,
        table.file,
        () => `row ${rowIndex + 1}, column ${column.from}`,
      );
    });
    return row;
  });
  return { file: table.file, layout, fields: entries.map(([field]) => field), rows };
}
