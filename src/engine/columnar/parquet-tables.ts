import type { AsyncBuffer, FileMetaData } from 'hyparquet';
import type { Catalog, CatalogFile } from '../../catalog/types';
import type { DataSource } from '../data-source';
import { constantColumns, readParquetMetadata, readRows, rowGroupRange } from '../parquet-to-ipc';
import { mayHold, type ColumnNeed, type RowNeed } from '../scan-needs';
import { fileMayHold, rowGroupMayHold, rowGroupMustHold } from '../table-loader';
import type { Column, Field, Relation } from './relation';
import { notColumnar, type SqlType, type SqlValue } from './sql-ast';

/**
 * Catalog tables read straight from their parquet files for the columnar executor: only the
 * files whose partition and the row groups whose statistics may hold the rows a scan asks for
 * (the same pruning as the DuckDB path's loader, table-loader.ts), only the columns the query
 * names, and rows that fail the scan's own equality filters dropped before any join. Decoded
 * column chunks are kept (`CHUNK_CACHE_BYTES`), so a follow-up about the same species and weeks
 * decodes nothing again; the footers are read once per file.
 */
export interface ColumnarTables {
  /** The table's columns as the executor types them, or undefined when only DuckDB can read it. */
  fields(table: string): Field[] | undefined;
  /** `columns` (catalog names) of the rows of `table` that may satisfy `rows`; fetched bytes go to `onBytes`. */
  read(
    table: string,
    columns: readonly string[],
    rows: RowNeed,
    onBytes: (bytes: number) => void,
  ): Promise<Relation>;
  /**
   * Fetches, whole and at once, every file of a table with no partitions that is at most
   * SMALL_FILE_BYTES (species, seasons, ranges, places…), so the first question reads
   * them from memory; `onTable` hears each table once its files are in, with their rows and bytes.
   */
  prefetchSmallTables(onTable: (table: string, rows: number, bytes: number) => void): Promise<void>;
}

/** What a query reads tables through: their fields and their rows. */
export type TableReader = Pick<ColumnarTables, 'fields' | 'read'>;

/**
 * A file this small is fetched whole by one request and kept: its footer and every row group
 * come from that one response. The first question's lookups (species, seasons, regions, ranges)
 * each made two requests, one after another, 40–150 ms a table (cold-start trace, 2026-12-06);
 * over a real network each request is a round trip. The example's and a 200-species site's
 * small tables are 0.5–20 KB each.
 */
const SMALL_FILE_BYTES = 64 * 1024;

/**
 * Decoded chunks kept across queries. A continental species' week is ~100,000 rows, 0.8 MB a
 * numeric column; 64 MB keeps a conversation's weeks and the cells table's columns.
 */
const CHUNK_CACHE_BYTES = 64_000_000;

const CATALOG_TYPES: Record<string, SqlType> = {
  VARCHAR: 'varchar',
  INTEGER: 'integer',
  BIGINT: 'bigint',
  DOUBLE: 'double',
  BOOLEAN: 'boolean',
  DATE: 'date',
};

export function parquetTables(
  catalog: Catalog,
  source: DataSource,
  /** Tables added at run time live only in DuckDB. */
  isAdded: (table: string) => boolean,
): ColumnarTables {
  const footers = new Map<string, Promise<FileMetaData>>();
  /** The whole bytes of each small file read so far (SMALL_FILE_BYTES). */
  const smallFiles = new Map<string, Promise<AsyncBuffer>>();
  const chunks = new ChunkCache(CHUNK_CACHE_BYTES);

  function wholeSmallFile(file: CatalogFile, onBytes: (bytes: number) => void): Promise<AsyncBuffer> {
    let buffer = smallFiles.get(file.path);
    if (!buffer) {
      buffer = source.open(file.path, file.bytes, onBytes).then(async (opened) => {
        await opened.slice(0, file.bytes);
        return opened;
      });
      buffer.catch(() => smallFiles.delete(file.path));
      smallFiles.set(file.path, buffer);
    }
    return buffer;
  }

  /** A small file from its one whole read; any other as a fresh byte-range view. */
  function openFile(file: CatalogFile, onBytes: (bytes: number) => void): Promise<AsyncBuffer> {
    return file.bytes <= SMALL_FILE_BYTES
      ? wholeSmallFile(file, onBytes)
      : source.open(file.path, file.bytes, onBytes);
  }

  function footer(file: CatalogFile, onBytes: (bytes: number) => void): Promise<FileMetaData> {
    let metadata = footers.get(file.path);
    if (!metadata) {
      metadata = openFile(file, onBytes).then(readParquetMetadata);
      metadata.catch(() => footers.delete(file.path));
      footers.set(file.path, metadata);
    }
    return metadata;
  }

  async function prefetchSmallTables(
    onTable: (table: string, rows: number, bytes: number) => void,
  ): Promise<void> {
    const small = Object.entries(catalog.tables).filter(
      ([name, entry]) =>
        !isAdded(name) &&
        entry.partition_by.length === 0 &&
        entry.files.length > 0 &&
        entry.files.every((file) => file.bytes <= SMALL_FILE_BYTES),
    );
    await Promise.all(
      small.map(async ([name, entry]) => {
        let bytes = 0;
        const metadata = await Promise.all(
          entry.files.map((file) => footer(file, (fetched) => (bytes += fetched))),
        ).catch(() => undefined);
        // A file that would not read is left to the question that needs it, which words the error.
        if (metadata)
          onTable(
            name,
            metadata.reduce((sum, file) => sum + Number(file.num_rows), 0),
            bytes,
          );
      }),
    );
  }

  function fields(table: string): Field[] | undefined {
    const entry = Object.hasOwn(catalog.tables, table) ? catalog.tables[table] : undefined;
    if (!entry || isAdded(table) || entry.files.length === 0) return undefined;
    const typed = entry.columns.map((column) => ({
      name: column.name,
      type: CATALOG_TYPES[column.type.toUpperCase()],
    }));
    if (typed.some((column) => column.type === undefined)) return undefined;
    return typed.map((column) => ({ qualifier: null, name: column.name, type: column.type! }));
  }

  async function read(
    table: string,
    columns: readonly string[],
    rows: RowNeed,
    onBytes: (bytes: number) => void,
  ): Promise<Relation> {
    const tableFields = fields(table) ?? notColumnar(`table ${table} is read by DuckDB only`);
    const wanted = tableFields.filter((field) => columns.includes(field.name));
    const parts: Part[] = [];
    const needs = [{ rows, columns: new Set(wanted.map((field) => field.name.toLowerCase())) }];
    for (const file of catalog.tables[table].files.filter((candidate) => fileMayHold(candidate, needs))) {
      const metadata = await footer(file, onBytes);
      const names = metadata.schema.slice(1).map((element) => element.name);
      const physicalOf = (name: string) =>
        names.find((candidate) => candidate.toLowerCase() === name.toLowerCase());
      const physical = wanted.map(
        (field) => physicalOf(field.name) ?? notColumnar(`a ${table} file lacks ${field.name}`),
      );
      let opened: Promise<AsyncBuffer> | undefined;
      const buffer = () => {
        opened ??= openFile(file, onBytes);
        return opened;
      };
      const groupPart = async (group: number): Promise<Part> => {
        const { start, end } = rowGroupRange(metadata, group);
        const key = (name: string) => `${file.path}#${group}#${name}`;
        const held = new Map<string, Column>();
        for (const name of physical) {
          const cached = chunks.get(key(name));
          if (cached) held.set(name, cached);
        }
        const missing = physical.filter((name) => !held.has(name));
        if (missing.length > 0) {
          const decoded = await decodeGroup(await buffer(), metadata, group, missing, start, end);
          for (const name of missing) {
            const values = decoded.get(name)!;
            const column =
              wanted[physical.indexOf(name)].type === 'bigint' ? bigintsAsNumbers(values) : values;
            held.set(name, column);
            chunks.set(key(name), column);
          }
        }
        // A filter the row group's statistics prove (the species of a species' own file, the
        // week of a group holding one week) tests no row.
        const filters = [...rows].flatMap(([column, need]) => {
          const name = physicalOf(column);
          const values = name === undefined ? undefined : held.get(name);
          if (values === undefined || rowGroupMustHold(metadata, group, column, need)) return [];
          return [{ values, admits: admitter(need) }];
        });
        return {
          columns: physical.map((name) => held.get(name)!),
          selection: selectRows(filters, end - start),
          length: end - start,
        };
      };
      const groups = metadata.row_groups
        .map((_group, index) => index)
        .filter((group) => {
          const { start, end } = rowGroupRange(metadata, group);
          return end > start && rowGroupMayHold(metadata, group, rows);
        });
      // The first group alone, the rest at once: a host without ranges answers the first read with
      // the whole file, which then serves every other group; concurrent reads would each fetch it.
      // At once, the first question's 9 weekly row groups were requested within 40 ms instead of
      // one after another over 240 ms (cold-start trace, Chromium, 2026-12-05).
      if (groups.length > 0) parts.push(await groupPart(groups[0]));
      parts.push(...(await Promise.all(groups.slice(1).map(groupPart))));
    }
    return {
      fields: wanted,
      columns: concatParts(parts, wanted.length),
      length: parts.reduce((sum, part) => sum + (part.selection?.length ?? part.length), 0),
    };
  }

  return { fields, read, prefetchSmallTables };
}

/** Decodes `names` of one row group; columns the footer proves constant are filled without decoding (parquet-to-ipc.ts). */
async function decodeGroup(
  buffer: AsyncBuffer,
  metadata: FileMetaData,
  group: number,
  names: string[],
  start: number,
  end: number,
): Promise<Map<string, Column>> {
  const constant = constantColumns(metadata, group, names);
  const decoded = new Map<string, Column>();
  for (const [name, value] of constant) decoded.set(name, constantColumn(normalise(value), end - start));
  const rest = names.filter((name) => !constant.has(name));
  if (rest.length > 0) {
    const read = await readRows(buffer, metadata, start, end, rest);
    for (const name of rest)
      decoded.set(name, (read.get(name) ?? new Array(end - start).fill(null)) as Column);
  }
  return decoded;
}

/** The value of each column made by constantColumn: a concatenation of them is made, not copied. */
const constantValues = new WeakMap<Column, SqlValue>();

function constantColumn(value: SqlValue, length: number): Column {
  const column = new Array<SqlValue>(length).fill(value);
  constantValues.set(column, value);
  return column;
}

/** INT64 columns arrive as BigInt; the executor computes in numbers (exact up to 2^53, checked). */
function bigintsAsNumbers(values: Column): Column {
  return Array.from(values as ArrayLike<unknown>, normalise);
}

function normalise(value: unknown): SqlValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'bigint') {
    const number = Number(value);
    if (!Number.isSafeInteger(number)) notColumnar('a BIGINT beyond 2^53');
    return number;
  }
  return value as SqlValue;
}

interface Part {
  columns: Column[];
  /** Rows of the group that pass the filters; null = all of them. */
  selection: number[] | null;
  length: number;
}

/** Row indexes of a row group that pass every filter, or null when all of them do. */
function selectRows(
  filters: { values: Column; admits: (value: SqlValue) => boolean }[],
  length: number,
): number[] | null {
  if (filters.length === 0) return null;
  const selected: number[] = [];
  if (filters.length === 1) {
    const [{ values, admits }] = filters;
    for (let row = 0; row < length; row++) if (admits(values[row] ?? null)) selected.push(row);
  } else
    for (let row = 0; row < length; row++)
      if (filters.every((filter) => filter.admits(filter.values[row] ?? null))) selected.push(row);
  return selected.length === length ? null : selected;
}

function admitter(need: ColumnNeed): (value: SqlValue) => boolean {
  if (need.kind === 'values') {
    const allowed = new Set<SqlValue>(need.values);
    return (value) => value !== null && allowed.has(value);
  }
  return (value) => value !== null && mayHold(need, value as string | number, value as string | number);
}

/**
 * The parts' selected rows as one column each. A selection of consecutive rows (a week of a file
 * sorted by week) is cut out, and typed arrays stay typed arrays — the result then reaches Arrow
 * without a copy per value (toVector) — where a value-by-value copy into an array made every
 * double a heap number: the 205,144 cell-weeks of a two-week question spent more time in the
 * garbage collector than in decoding (Node CPU profile, 2026-12-08).
 */
function concatParts(parts: Part[], width: number): Column[] {
  const total = parts.reduce((sum, part) => sum + (part.selection?.length ?? part.length), 0);
  return Array.from({ length: width }, (_unused, index) => {
    const columns = parts.map((part) => part.columns[index]);
    const constant = sameConstant(columns);
    if (constant)
      return parts.length === 1 && total === columns[0].length
        ? columns[0]
        : constantColumn(constant.value, total);
    const pieces = parts.map((part, at) => piece(columns[at], part.selection));
    if (pieces.length === 1) return pieces[0];
    const first = pieces[0];
    if (
      ArrayBuffer.isView(first) &&
      pieces.every((column) => ArrayBuffer.isView(column) && column.constructor === first.constructor)
    ) {
      const out = new (first.constructor as Float64ArrayConstructor)(total);
      let at = 0;
      for (const column of pieces as unknown as Float64Array[]) {
        out.set(column, at);
        at += column.length;
      }
      return out as unknown as Column;
    }
    const out = new Array<SqlValue>(total);
    let at = 0;
    for (const column of pieces)
      for (let row = 0; row < column.length; row++) out[at++] = column[row] ?? null;
    return out;
  });
}

/** The value every column holds throughout, when each was made by constantColumn with that one value. */
function sameConstant(columns: Column[]): { value: SqlValue } | undefined {
  if (columns.length === 0 || !constantValues.has(columns[0])) return undefined;
  const value = constantValues.get(columns[0]) as SqlValue;
  return columns.every((column) => constantValues.has(column) && constantValues.get(column) === value)
    ? { value }
    : undefined;
}

/** A part's selected rows of one column: the column itself, a slice of consecutive rows, or the rows gathered. */
function piece(column: Column, selection: number[] | null): Column {
  if (selection === null) return column;
  if (selection.length === 0) return [];
  const start = selection[0];
  if (selection[selection.length - 1] - start === selection.length - 1)
    return slice(column, start, start + selection.length);
  const out: SqlValue[] = new Array(selection.length);
  for (let index = 0; index < selection.length; index++) out[index] = column[selection[index]] ?? null;
  return out;
}

function slice(column: Column, start: number, end: number): Column {
  if (ArrayBuffer.isView(column))
    return (column as unknown as Float64Array).subarray(start, end) as unknown as Column;
  return Array.prototype.slice.call(column, start, end) as Column;
}

/** Least recently used decoded chunks, up to a byte budget (strings counted at two bytes a character). */
class ChunkCache {
  private readonly entries = new Map<string, { column: Column; bytes: number }>();
  private total = 0;

  constructor(private readonly budget: number) {}

  has(key: string): boolean {
    return this.entries.has(key);
  }

  get(key: string): Column | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.column;
  }

  set(key: string, column: Column): void {
    const bytes = columnBytes(column);
    const previous = this.entries.get(key);
    if (previous) this.total -= previous.bytes;
    this.entries.delete(key);
    this.entries.set(key, { column, bytes });
    this.total += bytes;
    for (const [oldest, entry] of this.entries) {
      // The chunk just read stays even when it alone exceeds the budget: the query is reading it.
      if (this.total <= this.budget || oldest === key) break;
      this.entries.delete(oldest);
      this.total -= entry.bytes;
    }
  }
}

function columnBytes(column: Column): number {
  if (ArrayBuffer.isView(column)) return column.byteLength;
  let bytes = column.length * 8;
  for (let index = 0; index < column.length; index++) {
    const value = column[index];
    if (typeof value === 'string') bytes += value.length * 2;
  }
  return bytes;
}
