import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { timing, type Timing } from './engine-bench-queries';
import type { ScaleQuestion } from './scale-questions';

/**
 * The native reference for one scale question: native DuckDB (@duckdb/node-api) over the same
 * files, a fresh in-memory instance per run so every run pays its own parquet reads (the OS file
 * cache stays warm, as the browser's local server's does). Each table the question reads is a view
 * over `read_parquet` of that question's file (the species' own file for weekly and seasonal), so
 * the same SQL text runs and DuckDB pushes columns and row-group filters into the parquet scan.
 * Timed: creating the views, running the query and reading its rows; not starting the instance.
 */
export interface NativeQuestionTiming {
  ms: Timing;
  rows: number;
}

export async function timeNativeQuestion(
  siteDir: string,
  question: ScaleQuestion,
  runs: number,
): Promise<NativeQuestionTiming> {
  const times: number[] = [];
  let rows = 0;
  for (let run = 0; run < runs; run++) {
    const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
    const connection = await instance.connect();
    try {
      const started = performance.now();
      for (const table of question.tables)
        await connection.run(
          `CREATE VIEW ${table} AS SELECT * FROM read_parquet('${fileOf(siteDir, table, question.species)}')`,
        );
      const result = await connection.runAndReadAll(question.sql);
      times.push(performance.now() - started);
      rows = result.currentRowCount;
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  }
  return { ms: timing(times), rows };
}

function fileOf(siteDir: string, table: ScaleQuestion['tables'][number], species: string): string {
  const path = table === 'cells' ? 'cells.parquet' : join(table, `species_code=${species}.parquet`);
  return join(siteDir, path).replaceAll("'", "''");
}
