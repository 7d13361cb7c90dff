import { readFile } from 'node:fs/promises';
import { PipelineError } from '../pipeline-error';

/** A CSV as text cells: its header and its data rows, each as long as the header. */
export interface CsvTable {
  file: string;
  columns: string[];
  rows: string[][];
}

/**
 * Reads an eBird S&T CSV as text cells. Those files have a header row, no quoting and LF endings
 * (FORMAT.md §3); a quote character is refused rather than misread.
 */
export async function readCsvTable(file: string): Promise<CsvTable> {
  const text = await readFile(file, 'utf8');
  if (text.includes('"'))
    throw new PipelineError(
      'bad_csv',
      file,
      'contains quoted fields, which eBird S&T CSVs never have',
      'Use the CSV as downloaded',
    );
  const [header, ...lines] = text.split(/\r?\n/).filter((line) => line.length > 0);
  const columns = (header ?? '').split(',');
  return {
    file,
    columns,
    rows: lines.map((line) => {
      const cells = line.split(',');
      return columns.map((_, i) => cells[i] ?? '');
    }),
  };
}

/** Reads a CSV into records of text, after checking the columns the caller needs are there. */
export async function readCsv(file: string, requiredColumns: string[]): Promise<Record<string, string>[]> {
  const { columns, rows } = await readCsvTable(file);
  const missing = requiredColumns.filter((name) => !columns.includes(name));
  if (missing.length > 0)
    throw new PipelineError(
      'bad_csv',
      file,
      `missing column(s) ${missing.join(', ')}`,
      'Use the CSV as downloaded',
    );
  return rows.map((cells) => Object.fromEntries(columns.map((name, i) => [name, cells[i]])));
}
