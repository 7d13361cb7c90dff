import * as arrow from 'apache-arrow';
import { parquetMetadataAsync, parquetRead, parquetSchema } from 'hyparquet';
import type { AsyncBuffer, DecodedArray, FileMetaData, SchemaElement } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';
import { toVector, type ColumnKind } from './arrow-columns';

/**
 * Parquet → Arrow IPC stream, for `insertArrowFromIPCStream`. DuckDB-WASM 1.32 has no parquet
 * reader offline (PLATFORM.md), so hyparquet decodes and we build Arrow with the top-level
 * apache-arrow 17: DuckDB's CJS build carries its own Arrow copy and an ESM Arrow table handed to
 * `insertArrowTable` silently inserts nothing (PLATFORM.md), so the IPC bytes are made here.
 *
 * Types are mapped on purpose: INT32 DATE → DateDay (days kept as integers, no JS Date round
 * trip), INT64 → Int64 (BigInt64Array), TIMESTAMP → TimestampMicrosecond, DECIMAL → Float64
 * (hyparquet decodes decimals to numbers; the pipeline writes none), NULL → validity bit,
 * NaN stays NaN (the pipeline writes "not modelled" as NULL, so a NaN here is real data).
 */
export interface ParquetIpc {
  /** One IPC stream per row group read, so a big file never needs one giant buffer. */
  batches: Uint8Array[];
  rows: number;
}

export interface ReadParquetOptions {
  /** Row groups to read (indexes); all when absent. */
  rowGroups?: number[];
}

const RAW_PARSERS = {
  dateFromDays: (days: number) => days,
  timestampFromMilliseconds: (millis: bigint) => millis * 1000n,
  timestampFromMicroseconds: (micros: bigint) => micros,
  timestampFromNanoseconds: (nanos: bigint) => nanos / 1000n,
};

export async function readParquetToIpc(
  file: AsyncBuffer,
  options: ReadParquetOptions = {},
): Promise<ParquetIpc> {
  const metadata = await parquetMetadataAsync(file, { parsers: RAW_PARSERS });
  const columns = parquetSchema(metadata).children.map((child) => ({
    name: child.element.name,
    kind: columnKind(child.element),
  }));
  const groups = options.rowGroups ?? metadata.row_groups.map((_, index) => index);
  const batches: Uint8Array[] = [];
  let rows = 0;
  for (const group of groups) {
    const { start, end } = rowGroupRange(metadata, group);
    if (end === start) continue;
    const data = await readRows(file, metadata, start, end);
    const vectors: Record<string, arrow.Vector> = {};
    for (const column of columns)
      vectors[column.name] = toVector(column.kind, data.get(column.name) ?? [], end - start);
    batches.push(arrow.tableToIPC(new arrow.Table(vectors), 'stream'));
    rows += end - start;
  }
  // An empty file still defines the table's columns, so queries over it bind.
  if (batches.length === 0) {
    const empty: Record<string, arrow.Vector> = {};
    for (const column of columns) empty[column.name] = toVector(column.kind, [], 0);
    batches.push(arrow.tableToIPC(new arrow.Table(empty), 'stream'));
  }
  return { batches, rows };
}

function rowGroupRange(metadata: FileMetaData, group: number): { start: number; end: number } {
  let start = 0;
  for (let index = 0; index < group; index++) start += Number(metadata.row_groups[index].num_rows);
  return { start, end: start + Number(metadata.row_groups[group].num_rows) };
}

/** Column name → values of rows [start, end), stitched from hyparquet's page chunks. */
async function readRows(
  file: AsyncBuffer,
  metadata: FileMetaData,
  start: number,
  end: number,
): Promise<Map<string, unknown[] | DecodedArray>> {
  const chunks = new Map<string, { rowStart: number; data: DecodedArray }[]>();
  await parquetRead({
    file,
    metadata,
    rowStart: start,
    rowEnd: end,
    compressors,
    parsers: RAW_PARSERS,
    onChunk: ({ columnName, columnData, rowStart }) => {
      const list = chunks.get(columnName) ?? [];
      list.push({ rowStart, data: columnData });
      chunks.set(columnName, list);
    },
  });
  const result = new Map<string, unknown[] | DecodedArray>();
  for (const [name, list] of chunks) {
    list.sort((a, b) => a.rowStart - b.rowStart);
    const values: unknown[] = new Array(end - start);
    for (const chunk of list) {
      for (let index = 0; index < chunk.data.length; index++) {
        const row = chunk.rowStart + index;
        if (row >= start && row < end) values[row - start] = chunk.data[index];
      }
    }
    result.set(name, values);
  }
  return result;
}

function columnKind(element: SchemaElement): ColumnKind {
  const converted = element.converted_type;
  const logical = element.logical_type;
  if (converted === 'DECIMAL' || logical?.type === 'DECIMAL') return 'float64';
  if (converted === 'DATE' || logical?.type === 'DATE') return 'date';
  if (converted === 'TIMESTAMP_MILLIS' || converted === 'TIMESTAMP_MICROS' || logical?.type === 'TIMESTAMP')
    return 'timestamp';
  if (converted === 'UTF8' || logical?.type === 'STRING' || converted === 'JSON' || converted === 'ENUM')
    return 'utf8';
  switch (converted) {
    case 'INT_8':
      return 'int8';
    case 'INT_16':
      return 'int16';
    case 'UINT_8':
      return 'uint8';
    case 'UINT_16':
      return 'uint16';
    case 'UINT_32':
      return 'uint32';
    case 'UINT_64':
      return 'uint64';
  }
  switch (element.type) {
    case 'BOOLEAN':
      return 'bool';
    case 'INT32':
      return 'int32';
    case 'INT64':
      return 'int64';
    case 'FLOAT':
      return 'float32';
    case 'DOUBLE':
      return 'float64';
    case 'BYTE_ARRAY':
      return 'utf8';
    default:
      throw new Error(
        `parquet column '${element.name}' has type ${element.type ?? 'group'} that the engine does not load`,
      );
  }
}
