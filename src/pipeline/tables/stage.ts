import { DuckDBInstance, dateValue } from '@duckdb/node-api';
import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
import { TABLE_SPECS, tableSpec } from './table-specs';
import type { ColumnSpec } from './table-specs';

export type Row = Record<string, unknown>;

const DAY_MS = 86_400_000;

/** Native DuckDB holding one staging table per output table, with the output columns. */
export class Stage {
  private constructor(
    readonly instance: DuckDBInstance,
    readonly connection: DuckDBConnection,
  ) {}

  static async open(): Promise<Stage> {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    for (const spec of TABLE_SPECS) {
      const columns = spec.columns.map((c) => `"${c.name}" ${c.type}`).join(', ');
      await connection.run(`CREATE TABLE "${spec.name}" (${columns})`);
    }
    return new Stage(instance, connection);
  }

  /** Appends rows; undefined, null and NaN become NULL (NaN in a raster = not modelled). */
  async append(table: string, rows: Iterable<Row>): Promise<void> {
    const columns = tableSpec(table).columns;
    const appender = await this.connection.createAppender(table);
    for (const row of rows) {
      for (const column of columns) appendValue(appender, column, row[column.name]);
      appender.endRow();
    }
    appender.closeSync();
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
