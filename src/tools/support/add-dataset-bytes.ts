import { toolFailure, type ToolFailure } from '../../registry';
import { profileDataset } from './profile-dataset';
import type { TableAdder } from './table-adder';
import { markUntrusted } from './untrusted-content';

export interface DatasetBytes {
  /** The new table's name, already checked by the caller. */
  name: string;
  /** Where the bytes came from: the URL, or `file:<name>` for a dropped file. */
  origin: string;
  contentType: string | null;
  bytes: Uint8Array;
}

/**
 * The one path a dataset takes into a session, whether a person approved add_dataset_from_url
 * or dropped a file on the page: detect the format, profile it into a catalog entry, add it.
 */
export async function addDatasetBytes(input: DatasetBytes, addTable: TableAdder, sessionId: string) {
  const format = detectFormat(input.origin, input.contentType, input.bytes);
  if (format === null)
    return toolFailure(
      'unsupported_format',
      `unsupported_format: ${input.origin} is neither CSV nor parquet. Give a .csv or .parquet file.`,
    );
  const table = await profileDataset(input.name, input.origin, format, input.bytes);
  if (table.columns.length === 0) return toolFailure('no_data', `no_data: ${input.origin} has no columns.`);
  const added = await addTable({ name: input.name, format, bytes: input.bytes, table, sessionId });
  // The column names and examples are the file author's text: the model reads them as content.
  return markUntrusted({
    table: input.name,
    format,
    bytes: input.bytes.byteLength,
    rows: added.rows,
    columns: table.columns.map((column) => ({
      name: column.name,
      type: column.type,
      examples: column.examples.slice(0, 3),
      null_fraction: column.null_fraction,
    })),
    geometry: table.geometry ?? null,
    count: table.columns.length,
    truncated: false,
    source: { tables: [input.name], sql: [] as string[] },
    scope: `table '${input.name}', added to this session from ${input.origin}`,
    caveats: table.caveats,
  });
}

export type AddedDataset = Exclude<Awaited<ReturnType<typeof addDatasetBytes>>, ToolFailure>;

/** Parquet by its magic bytes at both ends; CSV by name, content type, or commas in text. */
function detectFormat(
  origin: string,
  contentType: string | null,
  bytes: Uint8Array,
): 'csv' | 'parquet' | null {
  const magic = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.byteLength >= 8 && magic(0) === 'PAR1' && magic(bytes.byteLength - 4) === 'PAR1')
    return 'parquet';
  const csvLike = /\.csv(\?|$)/i.test(origin) || /text\/(csv|plain)/i.test(contentType ?? '');
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096));
  return csvLike || (text.includes(',') && !text.includes('\u0000')) ? 'csv' : null;
}
