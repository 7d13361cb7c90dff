import type { AsyncBuffer, FileMetaData } from 'hyparquet';
import type { Catalog, CatalogFile } from '../catalog/types';
import type { DataSource } from './data-source';
import type { DuckDBSession } from './duckdb-session';
import { compareKeys, readParquetMetadata, readParquetToIpc, type KeyRange } from './parquet-to-ipc';
import {
  mayHold,
  mustHold,
  type ColumnNeed,
  type RowNeed,
  type ScanNeed,
  type TableNeeds,
} from './scan-needs';
import { sqlIdentifier, sqlString } from './sql-literal';
import type { LoadProgressEvent, TableLoadReport } from './types';

/**
 * Materialises catalog tables in DuckDB piece by piece. A piece is one row group of one file; a
 * query names what it needs (scan-needs.ts, from DuckDB's plan) and the loader fetches only the
 * files whose partition and the row groups whose parquet statistics may hold such rows. The
 * pipeline sorts `weekly` by week and cuts a row group per week's cells (write-tables.ts), so a
 * one-species, one-week question reads one file's footer and one or two row groups.
 *
 * Partitioned tables with a sort key (`weekly`, `seasonal`: species, then week or season, then
 * cell) and tables of one file (`regions`, `places`…) also fetch only the columns the scans read,
 * plus the key if any; the other columns of a piece are NULL until a query reads them. Such a
 * piece is then deleted by its key range (a one-file table: every row, `reloadFile`) and loaded
 * again with the union of columns, so no query ever sees a not-fetched NULL in a column it reads.
 * Key ranges are checked on every load (each row's key above the one before, no overlap with
 * another piece); a file that fails the check is loaded whole-column from then on. Rowids cannot
 * stand in for keys: DuckDB renumbers rows once deletes empty a row group (measured: a piece
 * appended at rowid 4096 read back at 0..2047 after its predecessors were deleted).
 *
 * Loads of one table are serialised (the first insert creates the table); `replay` loads the
 * same pieces into a fresh instance after a restart.
 */
interface Piece {
  columns: ReadonlySet<string>;
  /** Key range for a keyed piece (deletable by it), null for a whole-column one. */
  range: KeyRange | null;
}

interface PieceLoad {
  file: CatalogFile;
  groups: number[];
  /** Lower-case column names to fetch. */
  columns: ReadonlySet<string>;
}

export class TableLoader {
  /** table → file path → row group → piece. */
  private readonly loaded = new Map<string, Map<string, Map<number, Piece>>>();
  /** Tables whose key ranges failed the check: loaded with every column from then on. */
  private readonly wholeColumnTables = new Set<string>();
  private readonly metadata = new Map<string, Promise<FileMetaData>>();
  /** The range reader that read a file's footer, kept for that file's next read: a small file's footer read holds it whole. */
  private readonly footerReaders = new Map<
    string,
    { buffer: AsyncBuffer; counter: { report: TableLoadReport } }
  >();
  private readonly tail = new Map<string, Promise<unknown>>();

  constructor(
    private readonly catalog: Catalog,
    private readonly source: DataSource,
    private readonly onProgress: (event: LoadProgressEvent) => void,
    /** Runs once per session right after a table is created (e.g. macros that read it). */
    private readonly onCreated: (session: DuckDBSession, table: string) => Promise<void> = async () => {},
  ) {}

  /** Tables created in the current DuckDB instance (possibly still empty). */
  createdTables(): string[] {
    return [...this.loaded.keys()];
  }

  /** Creates `table` with its columns and no rows (one footer read), so the binder can see it. */
  create(session: DuckDBSession, table: string): Promise<TableLoadReport> {
    return this.serialised(table, async () => {
      const report = emptyReport(table);
      await this.createOnce(session, table, report);
      return report;
    });
  }

  /** Loads the pieces of `table` that `needs` selects and no earlier call loaded. */
  load(session: DuckDBSession, table: string, needs: TableNeeds): Promise<TableLoadReport> {
    return this.serialised(table, async () => {
      const report = emptyReport(table);
      const started = Date.now();
      const loads: PieceLoad[] = [];
      for (const file of this.catalog.tables[table].files.filter((candidate) =>
        fileMayHold(candidate, needs),
      ))
        loads.push(...this.missingPieces(table, file, await this.metadataOf(file, report), needs));
      // Created from a file this call reads anyway, so creating costs no extra footer.
      await this.createOnce(session, table, report, loads[0]?.file);
      if (loads.length === 0) return report;
      this.onProgress({
        type: 'load-start',
        table,
        files: new Set(loads.map((load) => load.file.path)).size,
        bytes: await this.plannedBytes(loads, report),
      });
      for (const load of loads) await this.loadPieces(session, table, load, report);
      this.onProgress({
        type: 'load-end',
        table,
        rows: report.rows,
        bytesFetched: report.bytesFetched,
        durationMs: Date.now() - started,
      });
      return report;
    });
  }

  /** Loads every piece loaded so far into a new session (after a worker restart). */
  async replay(session: DuckDBSession): Promise<TableLoadReport[]> {
    const previous = [...this.loaded].map(([table, files]) => ({ table, files: [...files] }));
    this.loaded.clear();
    const reports: TableLoadReport[] = [];
    for (const { table, files } of previous) {
      const report = await this.create(session, table);
      for (const [path, pieces] of files) {
        const file = this.catalog.tables[table].files.find((candidate) => candidate.path === path);
        if (!file) continue;
        for (const [group, piece] of pieces)
          await this.serialised(table, () =>
            this.loadPieces(session, table, { file, groups: [group], columns: piece.columns }, report),
          );
      }
      reports.push(report);
    }
    return reports;
  }

  /** Row groups of `file` the needs select that are not loaded, or loaded without a column now read; grouped by column set. */
  private missingPieces(
    table: string,
    file: CatalogFile,
    metadata: FileMetaData,
    needs: TableNeeds,
  ): PieceLoad[] {
    const names = schemaNames(metadata).map((name) => name.toLowerCase());
    const key = this.wholeColumnTables.has(table)
      ? null
      : sortKey(this.catalog, table, metadata)?.map((name) => name.toLowerCase());
    // Columns always fetched when a table is read column by column: its key (none for one file).
    const narrow = key ?? (this.isOneFile(table, metadata) ? [] : null);
    const held = this.loaded.get(table)?.get(file.path);
    const byColumns = new Map<string, PieceLoad>();
    for (const [group] of metadata.row_groups.entries()) {
      const scans =
        needs === 'all' ? 'all' : needs.filter((scan) => rowGroupMayHold(metadata, group, scan.rows));
      if (scans !== 'all' && scans.length === 0) continue;
      const wanted =
        scans === 'all' || !narrow
          ? names
          : [...new Set([...narrow, ...scans.flatMap((scan) => [...scan.columns])])];
      const piece = held?.get(group);
      if (piece && wanted.every((name) => piece.columns.has(name))) continue;
      const columns = new Set([...(piece?.columns ?? []), ...wanted].filter((name) => names.includes(name)));
      const id = [...columns].sort().join(',');
      const load = byColumns.get(id) ?? { file, groups: [], columns };
      load.groups.push(group);
      byColumns.set(id, load);
    }
    return [...byColumns.values()];
  }

  private async loadPieces(
    session: DuckDBSession,
    table: string,
    load: PieceLoad,
    report: TableLoadReport,
  ): Promise<void> {
    const { file, groups } = load;
    const before = report.bytesFetched;
    const metadata = await this.metadataOf(file, report);
    const names = schemaNames(metadata);
    const key = this.wholeColumnTables.has(table) ? null : sortKey(this.catalog, table, metadata);
    const read = await readParquetToIpc(await this.reader(file, report), {
      rowGroups: groups,
      metadata,
      columns: names.filter((name) => load.columns.has(name.toLowerCase())),
      ...(key ? { keyColumns: key } : {}),
    });
    if (key && !this.rangesHold(table, file, groups, read.keyRanges))
      return this.loadWholeColumns(session, table, key, load, report);
    const pieces = this.loaded.get(table)?.get(file.path) ?? new Map<number, Piece>();
    if (!key && groups.some((group) => pieces.has(group)))
      return this.reloadFile(session, table, pieces, load, report);
    for (const group of groups) {
      const range = pieces.get(group)?.range;
      if (range && key) await this.deleteRange(session, table, key, range);
    }
    await this.insert(session, table, read.batches);
    for (const [index, group] of groups.entries())
      pieces.set(group, { columns: load.columns, range: key ? read.keyRanges[index] : null });
    this.loaded.get(table)?.set(file.path, pieces);
    report.files++;
    report.rows += read.rows;
    this.onProgress({
      type: 'file-end',
      table,
      path: file.path,
      rows: read.rows,
      bytesFetched: report.bytesFetched - before,
    });
  }

  /**
   * A one-file table without a sort key has no range to delete a piece by: when a held row group
   * needs more columns, every row is deleted and every group held so far loaded again with all the
   * columns read until now (the example's `regions`: 4 name columns for the reader, 10 KB, and
   * its 1.5 MB of boundaries only when a map of a region asks for them).
   */
  private async reloadFile(
    session: DuckDBSession,
    table: string,
    pieces: Map<number, Piece>,
    load: PieceLoad,
    report: TableLoadReport,
  ): Promise<void> {
    const groups = new Set([...pieces.keys(), ...load.groups]);
    const columns = new Set([
      ...load.columns,
      ...[...pieces.values()].flatMap((piece) => [...piece.columns]),
    ]);
    await session.runTrusted(`DELETE FROM ${sqlIdentifier(table)}`);
    pieces.clear();
    await this.loadPieces(session, table, { file: load.file, groups: [...groups], columns }, report);
  }

  /** Whether `table` is one file with no sort key: its columns may be fetched as read (`reloadFile`). */
  private isOneFile(table: string, metadata: FileMetaData): boolean {
    return this.catalog.tables[table].files.length === 1 && sortKey(this.catalog, table, metadata) === null;
  }

  /**
   * The catalog's sort key does not hold for `table`'s files: every piece held so far is deleted
   * by its (checked, disjoint) range and loaded again with every column, with `load`'s row groups,
   * and the table is loaded whole-column from now on, so no delete by range is needed again.
   */
  private async loadWholeColumns(
    session: DuckDBSession,
    table: string,
    key: string[],
    load: PieceLoad,
    report: TableLoadReport,
  ): Promise<void> {
    this.wholeColumnTables.add(table);
    const held = this.loaded.get(table) ?? new Map<string, Map<number, Piece>>();
    const reload = new Map<string, Set<number>>([[load.file.path, new Set(load.groups)]]);
    for (const [path, pieces] of held)
      for (const [group, piece] of pieces) {
        if (piece.range) await this.deleteRange(session, table, key, piece.range);
        reload.set(path, new Set([...(reload.get(path) ?? []), group]));
      }
    held.clear();
    for (const [path, groups] of reload) {
      const file = this.catalog.tables[table].files.find((candidate) => candidate.path === path);
      if (!file) continue;
      const metadata = await this.metadataOf(file, report);
      const all = new Set(schemaNames(metadata).map((name) => name.toLowerCase()));
      await this.loadPieces(session, table, { file, groups: [...groups], columns: all }, report);
    }
  }

  private async deleteRange(
    session: DuckDBSession,
    table: string,
    key: string[],
    range: KeyRange,
  ): Promise<void> {
    await session.runTrusted(`DELETE FROM ${sqlIdentifier(table)} WHERE ${keyBetween(key, range)}`);
  }

  /** Every new range ascends and overlaps no range held by another piece of the table (so a delete by range hits only its piece). */
  private rangesHold(
    table: string,
    file: CatalogFile,
    groups: number[],
    ranges: (KeyRange | null)[],
  ): boolean {
    const others: KeyRange[] = [];
    for (const [path, pieces] of this.loaded.get(table) ?? [])
      for (const [group, piece] of pieces)
        if (piece.range && !(path === file.path && groups.includes(group))) others.push(piece.range);
    const fresh = ranges.filter((range): range is KeyRange => range !== null);
    if (fresh.some((range) => !range.increasing)) return false;
    const all = [...others, ...fresh];
    return fresh.every((range) =>
      all.every(
        (other) =>
          other === range ||
          compareKeys(range.last, other.first) < 0 ||
          compareKeys(other.last, range.first) < 0,
      ),
    );
  }

  private async createOnce(
    session: DuckDBSession,
    table: string,
    report: TableLoadReport,
    file = this.catalog.tables[table].files[0],
  ): Promise<void> {
    if (this.loaded.has(table)) return;
    // A product no input had (e.g. no seasonal rasters) has no files: the table stays absent, as DuckDB says.
    if (!file) return;
    const metadata = await this.metadataOf(file, report);
    const { batches } = await readParquetToIpc(
      // Reads no bytes (no row groups, footer given): the kept footer reader stays for the first load.
      await this.source.open(file.path, file.bytes, () => {}),
      { rowGroups: [], metadata },
    );
    await this.insert(session, table, batches);
  }

  private async insert(session: DuckDBSession, table: string, batches: Uint8Array[]): Promise<void> {
    const create = !this.loaded.has(table);
    for (const [index, batch] of batches.entries())
      await session.insertIpc(table, batch, create && index === 0);
    if (!create) return;
    this.loaded.set(table, new Map());
    await this.onCreated(session, table);
  }

  /** Compressed bytes of the column chunks about to be read (for the progress line). */
  private async plannedBytes(loads: PieceLoad[], report: TableLoadReport): Promise<number> {
    let bytes = 0;
    for (const { file, groups, columns } of loads) {
      const metadata = await this.metadataOf(file, report);
      for (const group of groups)
        for (const chunk of metadata.row_groups[group].columns)
          if (columns.has((chunk.meta_data?.path_in_schema.join('.') ?? '').toLowerCase()))
            bytes += Number(chunk.meta_data?.total_compressed_size ?? 0);
    }
    return bytes;
  }

  /** A range reader for `file` whose fetched bytes count in `report`. */
  private reader(file: CatalogFile, report: TableLoadReport): Promise<AsyncBuffer> {
    const kept = this.footerReaders.get(file.path);
    if (kept) {
      this.footerReaders.delete(file.path);
      kept.counter.report = report;
      return Promise.resolve(kept.buffer);
    }
    return this.source.open(file.path, file.bytes, (bytes) => (report.bytesFetched += bytes));
  }

  /** Parquet footers, read once per file per engine (they survive restarts: the files do not change). */
  private metadataOf(file: CatalogFile, report: TableLoadReport): Promise<FileMetaData> {
    let metadata = this.metadata.get(file.path);
    if (!metadata) {
      const counter = { report };
      metadata = this.source
        .open(file.path, file.bytes, (bytes) => (counter.report.bytesFetched += bytes))
        .then(async (buffer) => {
          const read = await readParquetMetadata(buffer);
          this.footerReaders.set(file.path, { buffer, counter });
          return read;
        });
      metadata.catch(() => this.metadata.delete(file.path));
      this.metadata.set(file.path, metadata);
    }
    return metadata;
  }

  private serialised<T>(table: string, task: () => Promise<T>): Promise<T> {
    const run = (this.tail.get(table) ?? Promise.resolve()).then(task, task);
    this.tail.set(
      table,
      run.catch(() => {}),
    );
    return run;
  }
}

/** Partition then sort columns (schema names) of a table whose pieces may be loaded column by column; else null. */
function sortKey(catalog: Catalog, table: string, metadata: FileMetaData): string[] | null {
  const { partition_by, sort_by } = catalog.tables[table];
  if (partition_by.length === 0 || sort_by.length === 0) return null;
  const names = schemaNames(metadata);
  const key = [...partition_by, ...sort_by].map((wanted) =>
    names.find((name) => name.toLowerCase() === wanted.toLowerCase()),
  );
  return key.every((name) => name !== undefined) ? (key as string[]) : null;
}

function schemaNames(metadata: FileMetaData): string[] {
  return metadata.schema.slice(1).map((element) => element.name);
}

/** SQL: the row's key (`columns`) lies in `range`, both ends included, in lexicographic order. */
function keyBetween(columns: readonly string[], range: KeyRange): string {
  return `(${lexicographic(columns, range.first, '>')}) AND (${lexicographic(columns, range.last, '<')})`;
}

function lexicographic(columns: readonly string[], values: readonly unknown[], direction: '>' | '<'): string {
  const [column, ...restColumns] = columns;
  const [value, ...restValues] = values;
  const name = sqlIdentifier(column);
  if (restColumns.length === 0) return `${name} ${direction}= ${keyLiteral(value)}`;
  return `${name} ${direction} ${keyLiteral(value)} OR (${name} = ${keyLiteral(value)} AND (${lexicographic(restColumns, restValues, direction)}))`;
}

function keyLiteral(value: unknown): string {
  if (typeof value === 'string') return sqlString(value);
  if (typeof value === 'bigint' || (typeof value === 'number' && Number.isFinite(value)))
    return String(value);
  // rangesHold admits only ascending ranges of comparable values, so this is never reached with a stored range.
  throw new Error(`a key value ${String(value)} cannot be written as SQL`);
}

function emptyReport(table: string): TableLoadReport {
  return { table, files: 0, rows: 0, bytesFetched: 0 };
}

/** A file is needed when some scan admits its partition values (files without partitions always are). */
export function fileMayHold(file: CatalogFile, needs: TableNeeds): boolean {
  if (needs === 'all') return true;
  return needs.some((scan: ScanNeed) =>
    Object.entries(file.partition ?? {}).every(([column, value]) => admits(scan.rows, column, value, value)),
  );
}

export function rowGroupMayHold(metadata: FileMetaData, group: number, rows: RowNeed): boolean {
  return [...rows.keys()].every((column) => {
    const statistics = chunkStatistics(metadata, group, column);
    return admits(
      rows,
      column,
      statistics?.min_value ?? statistics?.min,
      statistics?.max_value ?? statistics?.max,
    );
  });
}

/** Do a row group's statistics prove that every row of `column` (lower case) satisfies `need` (no NULL, mustHold)? */
export function rowGroupMustHold(
  metadata: FileMetaData,
  group: number,
  column: string,
  need: ColumnNeed,
): boolean {
  const statistics = chunkStatistics(metadata, group, column);
  return (
    statistics?.null_count === 0n &&
    mustHold(need, statistics.min_value ?? statistics.min, statistics.max_value ?? statistics.max)
  );
}

function chunkStatistics(metadata: FileMetaData, group: number, column: string) {
  return metadata.row_groups[group].columns.find(
    (candidate) => candidate.meta_data?.path_in_schema.join('.').toLowerCase() === column,
  )?.meta_data?.statistics;
}

function admits(rows: RowNeed, column: string, min: unknown, max: unknown): boolean {
  const need = rows.get(column.toLowerCase());
  return need === undefined || mayHold(need, min, max);
}
