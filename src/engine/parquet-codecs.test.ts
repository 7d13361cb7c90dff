import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { tableFromIPC } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readParquetToIpc } from './parquet-to-ipc';

/**
 * The loader carries only ZSTD (the pipeline's codec) and imports the other codecs when a file
 * needs them (parquet-to-ipc.ts): every codec native DuckDB writes must still read back exactly,
 * as an added dataset may use any of them.
 */
const CODECS = ['uncompressed', 'snappy', 'zstd', 'gzip', 'brotli', 'lz4', 'lz4_raw'];
const ROWS = 2_000;

let folder: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'perch-codecs-'));
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  for (const codec of CODECS)
    await connection.run(
      `COPY (SELECT i AS cell_id, CASE WHEN i % 7 = 0 THEN NULL ELSE i / 8.0 END AS abundance, 'USA-' || (i % 50) AS region
        FROM range(${ROWS}) AS t(i)) TO '${join(folder, `${codec}.parquet`)}' (FORMAT parquet, COMPRESSION ${codec})`,
    );
  connection.closeSync();
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('parquet codecs', () => {
  it.each(CODECS)('reads a %s file back exactly, NULL as NULL', async (codec) => {
    const bytes = readFileSync(join(folder, `${codec}.parquet`));
    const ipc = await readParquetToIpc(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
    );
    expect(ipc.rows).toBe(ROWS);
    const table = tableFromIPC(ipc.batches);
    const abundance = table.getChild('abundance')!;
    const region = table.getChild('region')!;
    for (const row of [0, 1, 7, 8, 999, ROWS - 1]) {
      expect(Number(table.getChild('cell_id')!.get(row))).toBe(row);
      expect(abundance.get(row)).toBe(row % 7 === 0 ? null : row / 8);
      expect(region.get(row)).toBe(`USA-${row % 50}`);
    }
  });
});
