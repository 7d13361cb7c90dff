import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { tableFromIPC } from 'apache-arrow';
import { decompress } from 'fzstd';
import { parquetReadObjects } from 'hyparquet';
import { assembleLists } from 'hyparquet/src/assemble.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipDefinedLevels } from './flat-column-pages';
import { readParquetToIpc } from './parquet-to-ipc';

/**
 * hyparquet reads flat columns through assembleFlatPage in the tests as in the site
 * (flat-column-plugin.ts): every value of files native DuckDB writes — NULLs in some pages and
 * not others, several pages per column, typed and dictionary pages, nested columns beside flat
 * ones — must read back as DuckDB reads them.
 */
const ROWS = 30_000;
let folder: string;
let expected: unknown[][];

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'perch-flat-pages-'));
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  // Rows 10,000–19,999 hold no NULL, so whole pages come without definition levels.
  const select = `SELECT i::INTEGER AS cell_id,
      CASE WHEN i % 7 = 0 AND (i < 10000 OR i >= 20000) THEN NULL ELSE i / 8.0 END AS abundance,
      CASE WHEN i % 11 = 0 AND (i < 10000 OR i >= 20000) THEN NULL ELSE 'USA-' || (i % 50) END AS region,
      CASE WHEN i % 13 = 0 THEN NULL ELSE i % 2 = 0 END AS present,
      CASE WHEN i % 17 = 0 THEN NULL ELSE i::BIGINT * 3 END AS big,
      CASE WHEN i % 5 = 0 THEN NULL ELSE [i, i + 1] END AS pair,
      {'week': i % 52} AS nested
    FROM range(${ROWS}) AS t(i) ORDER BY i`;
  await connection.run(
    `COPY (${select}) TO '${join(folder, 'flat.parquet')}' (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 12000)`,
  );
  await connection.run(
    `COPY (SELECT cell_id, abundance, region FROM (${select})) TO '${join(folder, 'flat-only.parquet')}' (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 12000)`,
  );
  const rows = await connection.runAndReadAll(
    `SELECT cell_id, abundance, region, present, big, pair, nested.week FROM '${join(folder, 'flat.parquet')}'`,
  );
  expected = rows.getRows();
  connection.closeSync();
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('flat column pages', () => {
  it('are assembled by assembleFlatPage here, as in the built site', () => {
    expect(String(assembleLists)).toContain('assembleFlatPage');
  });

  it('read back every value as native DuckDB reads it, NULLs in place, lists and structs too', async () => {
    const bytes = readFileSync(join(folder, 'flat.parquet'));
    const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    const rows = (await parquetReadObjects({
      file,
      compressors: { ZSTD: (input) => decompress(input) },
    })) as Record<string, unknown>[];
    expect(rows).toHaveLength(ROWS);
    for (let row = 0; row < ROWS; row++) {
      const [cell, value, code, flag, large, list, week] = expected[row];
      const read = rows[row];
      expect(read.cell_id).toBe(cell);
      expect(read.abundance).toBe(value);
      expect(read.region).toBe(code);
      expect(read.present).toBe(flag);
      expect(read.big).toBe(large === null ? null : BigInt(large as bigint));
      expect(read.pair === null ? null : (read.pair as number[]).map(Number)).toEqual(
        list === null ? null : (list as { items: number[] }).items.map(Number),
      );
      expect((read.nested as { week: number }).week).toBe(week);
    }
  });

  it('reach the engine as typed arrays where a page holds no NULL, values intact', async () => {
    const bytes = readFileSync(join(folder, 'flat-only.parquet'));
    const ipc = await readParquetToIpc(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
    );
    const table = tableFromIPC(ipc.batches);
    for (let row = 0; row < ROWS; row++) {
      const [cell, value, code] = expected[row];
      expect(table.getChild('cell_id')!.get(row)).toBe(cell);
      expect(table.getChild('abundance')!.get(row)).toBe(value);
      expect(table.getChild('region')!.get(row)).toBe(code);
    }
  });
});

describe('skipDefinedLevels', () => {
  /** A v1 page's levels: 4-byte length, then runs; `runs` as bytes. */
  const levels = (runs: number[], tail: number[] = [9, 9]) => {
    const bytes = new Uint8Array([
      ...new Uint8Array(new Uint32Array([runs.length]).buffer),
      ...runs,
      ...tail,
    ]);
    return { view: new DataView(bytes.buffer), offset: 0 };
  };

  it('skips one RLE run of the maximum level covering the page, to the byte after the levels', () => {
    // header 300 << 1 = 600 as a varint: 0xd8 0x04; value 1.
    const reader = levels([0xd8, 0x04, 1]);
    expect(skipDefinedLevels(reader, 300, 1)).toBe(true);
    expect(reader.offset).toBe(4 + 3);
  });

  it('leaves the reader where it was when the page may hold a NULL', () => {
    for (const [runs, count] of [
      [[0xd8, 0x04, 0], 300], // a run of level 0: all NULL
      [[0xd8, 0x04, 1], 301], // the run is shorter than the page
      [[0x03, 0xff], 8], // bit-packed
      [[0x80], 1], // a varint cut short
    ] as [number[], number][]) {
      const reader = levels(runs, []);
      expect(skipDefinedLevels(reader, count, 1), JSON.stringify(runs)).toBe(false);
      expect(reader.offset).toBe(0);
    }
  });
});
