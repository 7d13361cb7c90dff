import * as arrow from 'apache-arrow';
import type { Catalog, CatalogColumn, ColumnType } from '../catalog/types';
import { csvToIpc } from './csv-to-ipc';
import type { DuckDBSession } from './duckdb-session';
import { readParquetToIpc } from './parquet-to-ipc';
import type { AddTableRequest } from './types';

/** What `addTable` accepts as a name: a lowercase identifier, so it needs no quoting anywhere. */
const TABLE_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/**
 * Tables a session adds from bytes (CSV or parquet), beside the catalog's own. Each is converted
 * to Arrow IPC once, inserted like a catalog file, and its IPC kept, so `replay` can recreate it
 * in a new DuckDB worker after a restart (which loses every table, PLATFORM.md). Its catalog
 * entry is added to the engine's catalog, so the scope check and `describe_table` know it.
 */
export class AddedTables {
  private readonly kept = new Map<string, Uint8Array[]>();

  constructor(private readonly catalog: Catalog) {}

  /** Refusal reason for `name`, or null when it can be added. */
  problem(name: string): { code: 'table_exists' | 'load_failed'; detail: string; fix: string } | null {
    if (!TABLE_NAME.test(name))
      return {
        code: 'load_failed',
        detail: `'${name}' is not a table name`,
        fix: 'Use a lowercase identifier such as my_sightings',
      };
    const taken = Object.keys(this.catalog.tables).find((existing) => existing.toLowerCase() === name);
    if (taken !== undefined)
      return {
        code: 'table_exists',
        detail: `a table named '${taken}' already exists`,
        fix: 'Choose another name',
      };
    return null;
  }

  async add(session: DuckDBSession, request: AddTableRequest): Promise<{ rows: number }> {
    const converted = request.format === 'csv' ? csvToIpc(request.bytes) : await parquetIpc(request.bytes);
    try {
      await insert(session, request.name, converted.batches);
    } catch (error) {
      // A later batch failed after the first created the table: remove it so the name stays free.
      await session.runTrusted(`DROP TABLE IF EXISTS ${request.name}`).catch(() => {});
      throw error;
    }
    this.kept.set(request.name, converted.batches);
    const columns = ipcColumns(converted.batches[0]);
    this.catalog.tables[request.name] = {
      ...request.table,
      name: request.name,
      rows: converted.rows,
      files: [],
      columns: columns.map((column) => catalogColumn(column, request.table.columns)),
      user_added: true,
    };
    return { rows: converted.rows };
  }

  /** Recreates every added table in a new session. */
  async replay(session: DuckDBSession): Promise<string[]> {
    for (const [name, batches] of this.kept) await insert(session, name, batches);
    return [...this.kept.keys()];
  }

  has(name: string): boolean {
    return this.kept.has(name);
  }
}

/** Inserts copies: DuckDB-WASM transfers the buffer to its worker, which detaches it here, and the kept IPC must outlive the insert. */
async function insert(session: DuckDBSession, name: string, batches: Uint8Array[]): Promise<void> {
  for (const [index, batch] of batches.entries()) await session.insertIpc(name, batch.slice(), index === 0);
}

async function parquetIpc(bytes: Uint8Array): Promise<{ batches: Uint8Array[]; rows: number }> {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  return readParquetToIpc(buffer);
}

/** Column names and catalog types of the Arrow the engine inserted (null when no ColumnType fits, e.g. TIMESTAMP). */
function ipcColumns(ipc: Uint8Array): { name: string; type: ColumnType | null }[] {
  return arrow
    .tableFromIPC(ipc)
    .schema.fields.map((field) => ({ name: field.name, type: columnType(field.type) }));
}

function columnType(type: arrow.DataType): ColumnType | null {
  if (arrow.DataType.isInt(type))
    return type.bitWidth === 64 || (!type.isSigned && type.bitWidth === 32) ? 'BIGINT' : 'INTEGER';
  if (arrow.DataType.isFloat(type)) return 'DOUBLE';
  if (arrow.DataType.isBool(type)) return 'BOOLEAN';
  if (arrow.DataType.isDate(type)) return 'DATE';
  if (arrow.DataType.isUtf8(type)) return 'VARCHAR';
  return null;
}

/** The caller's profiled column when it has one, with the type the table really got. */
function catalogColumn(
  column: { name: string; type: ColumnType | null },
  profiled: CatalogColumn[],
): CatalogColumn {
  const known = profiled.find((candidate) => candidate.name === column.name);
  const type = column.type ?? known?.type ?? 'VARCHAR';
  if (known) return { ...known, type };
  return {
    name: column.name,
    type,
    meaning: `Column '${column.name}' of the added file (meaning not documented).`,
    examples: [],
    distinct: 0,
    null_fraction: 0,
  };
}
