import * as arrow from 'apache-arrow';
import { parquetMetadataAsync, parquetRead, parquetSchema } from 'hyparquet';
import type { AsyncBuffer, Compressors, DecodedArray, FileMetaData, SchemaElement } from 'hyparquet';
import { decompress as decompressZstd } from 'fzstd';
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
/**
 * Row groups are sent to DuckDB in IPC streams of about this many rows: each insert is a worker
 * round trip (52 one-week inserts of a 20,480-cell species took 0.8–1.0 s in Node), while one
 * stream per file would hold a continental species' weeks (7.8 M rows) in memory at once.
 */
const ROWS_PER_STREAM = 1_000_000;

export interface ParquetIpc {
  /** IPC streams of whole row groups (about ROWS_PER_STREAM rows each), so a big file never needs one giant buffer. */
  batches: Uint8Array[];
  rows: number;
  /** With `keyColumns`: per requested row group (in order), its first and last key, or null when it has no rows. */
  keyRanges: (KeyRange | null)[];
}

/** The key tuples a row group starts and ends with, and whether every row's key is above the one before. */
export interface KeyRange {
  first: unknown[];
  last: unknown[];
  increasing: boolean;
}

export interface ReadParquetOptions {
  /** Row groups to read (indexes); all when absent. */
  rowGroups?: number[];
  /** The file's footer when the caller already read it (readParquetMetadata). */
  metadata?: FileMetaData;
  /**
   * Columns to fetch (schema names); the others are NULL in every row, so the table keeps its
   * shape. All when absent. At least one is always fetched: hyparquet yields no rows without one.
   */
  columns?: string[];
  /** Columns (fetched) whose values, in order, make each row's key: `keyRanges` reports them. */
  keyColumns?: string[];
}

/**
 * hyparquet's first footer read is 512 KiB, which alone would be half of a one-week question's
 * budget; a `weekly` file's footer (52 row groups of ~10 column chunks with statistics) is tens
 * of KiB, and hyparquet reads the rest when a footer is longer than the first read.
 */
const FOOTER_FIRST_READ = 16 * 1024;

export function readParquetMetadata(file: AsyncBuffer): Promise<FileMetaData> {
  return parquetMetadataAsync(file, { parsers: RAW_PARSERS, initialFetchSize: FOOTER_FIRST_READ });
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
  const metadata = options.metadata ?? (await readParquetMetadata(file));
  const columns = parquetSchema(metadata).children.map((child) => ({
    name: child.element.name,
    kind: columnKind(child.element),
  }));
  const groups = options.rowGroups ?? metadata.row_groups.map((_, index) => index);
  const batches: Uint8Array[] = [];
  const keyRanges: (KeyRange | null)[] = [];
  let rows = 0;
  let pending: arrow.Table[] = [];
  let pendingRows = 0;
  const flush = () => {
    if (pending.length === 0) return;
    batches.push(arrow.tableToIPC(new arrow.Table(pending.flatMap((table) => table.batches)), 'stream'));
    pending = [];
    pendingRows = 0;
  };
  for (const group of groups) {
    const { start, end } = rowGroupRange(metadata, group);
    keyRanges.push(null);
    if (end === start) continue;
    const wanted = options.columns ?? columns.map((column) => column.name);
    const constant = constantColumns(metadata, group, wanted);
    const data = await readRows(
      file,
      metadata,
      start,
      end,
      fetched(
        columns,
        wanted.filter((name) => !constant.has(name)),
      ),
    );
    for (const [name, value] of constant) data.set(name, new Array(end - start).fill(value));
    if (options.keyColumns)
      keyRanges[keyRanges.length - 1] = keyRange(
        options.keyColumns.map((name) => data.get(name) ?? []),
        end - start,
      );
    const vectors: Record<string, arrow.Vector> = {};
    for (const column of columns)
      vectors[column.name] = toVector(column.kind, data.get(column.name) ?? [], end - start);
    pending.push(new arrow.Table(vectors));
    pendingRows += end - start;
    rows += end - start;
    if (pendingRows >= ROWS_PER_STREAM) flush();
  }
  flush();
  // An empty file still defines the table's columns, so queries over it bind.
  if (batches.length === 0) {
    const empty: Record<string, arrow.Vector> = {};
    for (const column of columns) empty[column.name] = toVector(column.kind, [], 0);
    batches.push(arrow.tableToIPC(new arrow.Table(empty), 'stream'));
  }
  return { batches, rows, keyRanges };
}

function keyRange(keys: ArrayLike<unknown>[], rows: number): KeyRange {
  const tuple = (row: number) => keys.map((values) => values[row]);
  let increasing = true;
  for (let row = 1; row < rows && increasing; row++) increasing = compareKeys(tuple(row - 1), tuple(row)) < 0;
  return { first: tuple(0), last: tuple(rows - 1), increasing };
}

/** Lexicographic order of two key tuples; a missing or mixed-type part compares as unordered (NaN). */
export function compareKeys(a: readonly unknown[], b: readonly unknown[]): number {
  for (let index = 0; index < a.length; index++) {
    const left = a[index];
    const right = b[index];
    if (left === null || left === undefined || typeof left !== typeof right) return Number.NaN;
    if ((left as number) < (right as number)) return -1;
    if ((left as number) > (right as number)) return 1;
  }
  return 0;
}

export function rowGroupRange(metadata: FileMetaData, group: number): { start: number; end: number } {
  let start = 0;
  for (let index = 0; index < group; index++) start += Number(metadata.row_groups[index].num_rows);
  return { start, end: start + Number(metadata.row_groups[group].num_rows) };
}

/** Column name → values of rows [start, end), stitched from hyparquet's page chunks. */
function fetched(columns: { name: string }[], wanted: string[]): string[] {
  return wanted.length > 0 ? wanted : columns.slice(0, 1).map((column) => column.name);
}

/**
 * Columns of a row group whose statistics say every row holds one value (no NULL, min = max):
 * they are filled from the footer instead of fetched and decoded. In `weekly` that is the species
 * (one per file) and mostly the week (a row group per week): decoding a dictionary column into
 * JS strings was most of a 1 M-row load's 1 s decode (hyparquet returns nullable columns as plain
 * arrays). Floats are left out (a NaN min/max says nothing), and so are exotic statistics.
 */
export function constantColumns(
  metadata: FileMetaData,
  group: number,
  wanted: string[],
): Map<string, unknown> {
  const constant = new Map<string, unknown>();
  for (const chunk of metadata.row_groups[group].columns) {
    const name = chunk.meta_data?.path_in_schema.join('.');
    const statistics = chunk.meta_data?.statistics;
    if (!name || !wanted.includes(name) || !statistics || statistics.null_count !== 0n) continue;
    const min = statistics.min_value ?? statistics.min;
    const max = statistics.max_value ?? statistics.max;
    const exact =
      typeof min === 'string' ||
      typeof min === 'bigint' ||
      (typeof min === 'number' && Number.isInteger(min));
    if (exact && min === max && chunk.meta_data?.type !== 'FLOAT' && chunk.meta_data?.type !== 'DOUBLE')
      constant.set(name, min);
  }
  return constant;
}

/**
 * The pipeline writes ZSTD (hyparquet reads SNAPPY and uncompressed itself): only that codec is
 * loaded with the worker. hyparquet-compressors, for the other codecs of an added file, compiles
 * a snappy wasm and builds its gzip and brotli tables as it is imported — 17 ms in Node, on the
 * worker's start before the first answer (2026-12-07) — so it is imported when a file needs it.
 */
const BUILT_IN_CODECS: ReadonlySet<string> = new Set(['UNCOMPRESSED', 'SNAPPY', 'ZSTD']);
const ZSTD_ONLY: Compressors = { ZSTD: (input) => decompressZstd(input) };
let everyCodec: Promise<Compressors> | undefined;

function compressorsFor(metadata: FileMetaData): Promise<Compressors> | Compressors {
  const codecs = metadata.row_groups.flatMap((group) => group.columns.map((chunk) => chunk.meta_data?.codec));
  if (codecs.every((codec) => codec === undefined || BUILT_IN_CODECS.has(codec))) return ZSTD_ONLY;
  everyCodec ??= import('hyparquet-compressors').then((module) => module.compressors);
  return everyCodec;
}

export async function readRows(
  file: AsyncBuffer,
  metadata: FileMetaData,
  start: number,
  end: number,
  columns: string[] | undefined,
): Promise<Map<string, unknown[] | DecodedArray>> {
  const chunks = new Map<string, { rowStart: number; data: DecodedArray }[]>();
  await parquetRead({
    file,
    metadata,
    columns,
    rowStart: start,
    rowEnd: end,
    compressors: await compressorsFor(metadata),
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
    // One chunk exactly covering the rows (the common case: a row group is one page run) is kept as decoded.
    if (list.length === 1 && list[0].rowStart === start && list[0].data.length === end - start) {
      result.set(name, list[0].data);
      continue;
    }
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
