import { readFile } from 'node:fs/promises';
import { PipelineError } from '../pipeline-error';

/**
 * Reads an eBird S&T CSV into records. Those files have a header row, no quoting and LF endings
 * (FORMAT.md §3); a quote character is refused rather than misread.
 */
export async function readCsv(file: string, requiredColumns: string[]): Promise<Record<string, string>[]> {
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
  const missing = requiredColumns.filter((name) => !columns.includes(name));
  if (missing.length > 0)
    throw new PipelineError(
      'bad_csv',
      file,
      `missing column(s) ${missing.join(', ')}`,
      'Use the CSV as downloaded',
    );
  return lines.map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(columns.map((name, i) => [name, cells[i] ?? '']));
  });
}
