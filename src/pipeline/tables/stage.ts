import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance, dateValue } from '@duckdb/node-api';
import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
import { TABLE_SPECS, tableSpec } from './table-specs';
import type { ColumnSpec } from './table-specs';
import { ColumnPresence } from './column-presence';

export type Row = Record<string, unknown>;

const DAY_MS = 86_400_000;
const STAGE_MEMORY_LIMIT = '768MB';
let stagesOpened = 0;

/** Native DuckDB holding one staging table per output table, with the output columns. */
export class Stage {
  /** Which columns the rows of each release have, for tables read from release files. */
  readonly presence = new ColumnPresence();

  private constructor(
    readonly instance: DuckDBInstance,
    readonly connection: DuckDBConnection,
  ) {}

  static async open(): Promise<Stage> {
    // A cap, spilling to a temporary folder beyond it: DuckDB's default (80 % of RAM) let a
    // 100,000-cell species' staging and sorted parquet writes take the build to 1.9 GB resident.
    // One spill folder per stage: two DuckDB instances spilling into one folder both wrote
    // duckdb_temp_storage_S64K-0.tmp (measured), and a split build runs a stage per core.
    const instance = await DuckDBInstance.create(':memory:', {
      memory_limit: STAGE_MEMORY_LIMIT,
      temp_directory: join(tmpdir(), `perch-stage-spill-${process.pid}-${++stagesOpened}`),
    });
    const connection = await instance.connect();
    for (const spec of TABLE_SPECS) {
      const columns = spec.columns.map((c) => `"${c.name}" ${c.type}`).join(', ');
      await connection.run(`CREATE TABLE "${spec.name}" (${columns})`);
    }
    return new Stage(instance, connection);
  }

  /**
   * Appends rows; undefined, null and NaN become NULL (NaN in a raster = not modelled).
   *
   * @param release the release the rows were read from. When given, a column is noted as present
   *   only when some row has its key (even with a NULL value): readers leave out the keys of
   *   columns their release's files do not have (see ColumnPresence). Without it every column is.
   */
  async append(table: string, rows: Iterable<Row>, release?: number): Promise<void> {
    const columns = tableSpec(table).columns;
    const keys = new Set<string>();
    const appender = await this.connection.createAppender(table);
    for (const row of rows) {
      for (const column of columns) {
        if (release !== undefined && column.name in row) keys.add(column.name);
        appendValue(appender, column, row[column.name]);
      }
      appender.endRow();
    }
    appender.closeSync();
    if (release !== undefined && keys.size > 0) this.presence.note(table, release, keys);
  }

  close(): void {
    this.connection.closeSync();
    this.instance.closeSync();
  }
}

function appendValue(appender: DuckDBAppender, column: ColumnSpec, value: unknown): void {
  if (value === undefined || value === null || (typeof value === 'number' && Number.isNaN(value))) {
    appender.appendNull();
    return;
  }
  switch (column.type) {
    case 'VARCHAR':
      appender.appendVarchar(String(value));
      break;
    case 'INTEGER':
      appender.appendInteger(Number(value));
      break;
    case 'BIGINT':
      appender.appendBigInt(BigInt(value as number));
      break;
    case 'DOUBLE':
      appender.appendDouble(Number(value));
      break;
    case 'BOOLEAN':
      appender.appendBoolean(Boolean(value));
      break;
    case 'DATE':
      appender.appendDate(dateValue(Math.round(Date.parse(`${String(value)}T00:00:00Z`) / DAY_MS)));
      break;
  }
}
