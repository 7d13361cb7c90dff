import type { Catalog, CatalogFile } from '../catalog/types';
import type { DataSource } from './data-source';
import type { DuckDBSession } from './duckdb-session';
import { readParquetToIpc } from './parquet-to-ipc';
import type { LoadProgressEvent, PartitionFilter, TableLoadReport } from './types';

/**
 * Materialises catalog tables in DuckDB the first time they are needed, one file (partition) at a
 * time, each file exactly once per DuckDB instance. Loads of one table are serialised (the first
 * insert creates the table); concurrent callers asking for the same file share one load.
 * `replay` reloads everything that was loaded into a fresh instance after a restart.
 */
export class TableLoader {
  private readonly loaded = new Map<string, Set<string>>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly tail = new Map<string, Promise<unknown>>();

  constructor(
    private readonly catalog: Catalog,
    private readonly source: DataSource,
    private readonly onProgress: (event: LoadProgressEvent) => void,
    /** Runs once per session right after a table is created (e.g. macros that read it). */
    private readonly onCreated: (session: DuckDBSession, table: string) => Promise<void> = async () => {},
  ) {}

  /** Files of `table` the filter selects; a table that is not partitioned ignores the filter. */
  filesFor(table: string, partitions?: PartitionFilter): CatalogFile[] {
    const files = this.catalog.tables[table].files;
    const wanted = partitions?.species_code;
    if (!wanted) return files;
    return files.filter(
      (file) =>
        file.partition?.species_code === undefined || wanted.includes(String(file.partition.species_code)),
    );
  }

  isLoaded(table: string, path: string): boolean {
    return this.loaded.get(table)?.has(path) ?? false;
  }

  loadedTableNames(): string[] {
    return [...this.loaded.keys()];
  }

  /** Loaded files of `table`, or null when none is. */
  loadedFiles(table: string): ReadonlySet<string> | null {
    const files = this.loaded.get(table);
    return files && files.size > 0 ? files : null;
  }

  /** Loads the missing `files` of `table`; reports only what this call itself fetched. */
  async load(session: DuckDBSession, table: string, files: CatalogFile[]): Promise<TableLoadReport> {
    const report: TableLoadReport = { table, files: 0, rows: 0, bytesFetched: 0 };
    const missing = files.filter((file) => !this.isLoaded(table, file.path));
    if (missing.length === 0) return report;
    const started = Date.now();
    this.onProgress({
      type: 'load-start',
      table,
      files: missing.length,
      bytes: missing.reduce((sum, file) => sum + file.bytes, 0),
    });
    for (const file of missing) {
      const key = `${table}\u0000${file.path}`;
      const shared = this.inFlight.get(key);
      if (shared) {
        await shared;
        continue;
      }
      const load = this.serialised(table, () => this.loadFile(session, table, file, report));
      this.inFlight.set(key, load);
      try {
        await load;
      } finally {
        this.inFlight.delete(key);
      }
    }
    this.onProgress({
      type: 'load-end',
      table,
      rows: report.rows,
      bytesFetched: report.bytesFetched,
      durationMs: Date.now() - started,
    });
    return report;
  }

  /** Reloads every file loaded so far into a new session (after a worker restart). */
  async replay(session: DuckDBSession): Promise<TableLoadReport[]> {
    const previous = [...this.loaded].map(([table, paths]) => ({ table, paths: [...paths] }));
    this.loaded.clear();
    const reports: TableLoadReport[] = [];
    for (const { table, paths } of previous) {
      const files = this.catalog.tables[table].files.filter((file) => paths.includes(file.path));
      reports.push(await this.load(session, table, files));
    }
    return reports;
  }

  private serialised<T>(table: string, task: () => Promise<T>): Promise<T> {
    const run = (this.tail.get(table) ?? Promise.resolve()).then(task, task);
    this.tail.set(
      table,
      run.catch(() => {}),
    );
    return run;
  }

  private async loadFile(
    session: DuckDBSession,
    table: string,
    file: CatalogFile,
    report: TableLoadReport,
  ): Promise<void> {
    if (this.isLoaded(table, file.path)) return;
    let fetched = 0;
    const buffer = await this.source.open(file.path, file.bytes, (bytes) => (fetched += bytes));
    const { batches, rows } = await readParquetToIpc(buffer);
    const create = !this.loaded.has(table);
    for (const [index, batch] of batches.entries())
      await session.insertIpc(table, batch, create && index === 0);
    if (create) await this.onCreated(session, table);
    const paths = this.loaded.get(table) ?? new Set<string>();
    paths.add(file.path);
    this.loaded.set(table, paths);
    report.files++;
    report.rows += rows;
    report.bytesFetched += fetched;
    this.onProgress({ type: 'file-end', table, path: file.path, rows, bytesFetched: fetched });
  }
}
