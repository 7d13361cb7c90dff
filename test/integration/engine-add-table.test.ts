import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineFailure } from '../helpers/engine-failure';
import type { CatalogTable } from '../../src/catalog/types';
import type { WorkerLike } from '../../src/engine/duckdb-session';
import { createNodeEngine } from '../../src/engine/node-engine';
import { previewRows } from '../../src/engine/preview-rows';
import { makeTestCatalog, type TestCatalog } from '../../src/engine/test-catalog';
import type { Engine } from '../../src/engine/types';
import { tableAdderFor } from '../../src/tools/add-table-to-engine';

/** Engine.addTable: CSV (parsed in JS) and parquet (hyparquet) bytes become in-scope tables. */
let fixture: TestCatalog;
let engine: Engine;
let scratch: string;
const workers: WorkerLike[] = [];
const restarts: string[][] = [];

const CSV = [
  'site,note,count,lat,lon,seen_on,confirmed',
  '"North, Pond","said ""two""\nthen left",2,42.5,-71.1,2023-06-14,true',
  'South Marsh,,5,42.25,-71.3,2023-06-15,false',
  '"East ""Bay""","multi\r\nline",,42.0,-71.0,,TRUE',
].join('\r\n');

/** A catalog entry as the tools' profiler makes it (types deliberately left for the engine to correct). */
function profiled(name: string, columns: string[]): CatalogTable {
  return {
    name,
    title: name,
    row_meaning: 'one row of the added file',
    description: 'added in a test',
    rows: 0,
    files: [],
    partition_by: [],
    sort_by: [],
    columns: columns.map((column) => ({
      name: column,
      type: 'VARCHAR',
      meaning: `column ${column}`,
      examples: [],
      distinct: 0,
      null_fraction: 0,
    })),
    attribution: 'test',
    licence: 'test',
    citation: 'test',
    caveats: [],
    simulated: false,
  };
}

async function parquetBytes(): Promise<Uint8Array> {
  const path = join(scratch, 'added.parquet');
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  await connection.run(
    `COPY (SELECT CAST(range AS INTEGER) AS k, range * 0.5 AS half, CASE WHEN range % 3 = 0 THEN NULL ELSE 'v' || range END AS label FROM range(0, 1000)) TO '${path}' (FORMAT parquet, COMPRESSION snappy, ROW_GROUP_SIZE 300)`,
  );
  connection.closeSync();
  instance.closeSync();
  return new Uint8Array(await readFile(path));
}

beforeAll(async () => {
  fixture = await makeTestCatalog();
  scratch = await mkdtemp(join(tmpdir(), 'perch-add-table-'));
  engine = await createNodeEngine({
    dataDir: fixture.dir,
    onWorker: (worker) => workers.push(worker),
    onRestart: (event) => restarts.push(event.reloaded),
  });
});
afterAll(async () => {
  await engine?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('Engine.addTable', () => {
  it('addTable with CSV keeps quotes, commas and line breaks in fields, types the columns and registers the catalog entry', async () => {
    const added = await engine.addTable({
      name: 'sightings',
      format: 'csv',
      bytes: new TextEncoder().encode(CSV),
      table: profiled('sightings', ['site', 'note', 'count', 'lat', 'lon', 'seen_on', 'confirmed']),
    });
    expect(added).toEqual({ rows: 3 });
    const entry = engine.catalog.tables.sightings;
    expect(entry.rows).toBe(3);
    expect(entry.columns.map((column) => `${column.name}:${column.type}`)).toEqual([
      'site:VARCHAR',
      'note:VARCHAR',
      'count:INTEGER',
      'lat:DOUBLE',
      'lon:DOUBLE',
      'seen_on:DATE',
      'confirmed:BOOLEAN',
    ]);
    expect(entry.columns[0].meaning).toBe('column site');
    const result = await engine.query('SELECT * FROM sightings ORDER BY lat DESC', { scope: ['sightings'] });
    expect(previewRows(result.table, 5)).toEqual([
      {
        site: 'North, Pond',
        note: 'said "two"\nthen left',
        count: 2,
        lat: 42.5,
        lon: -71.1,
        seen_on: '2023-06-14',
        confirmed: true,
      },
      {
        site: 'South Marsh',
        note: null,
        count: 5,
        lat: 42.25,
        lon: -71.3,
        seen_on: '2023-06-15',
        confirmed: false,
      },
      {
        site: 'East "Bay"',
        note: 'multi\r\nline',
        count: null,
        lat: 42,
        lon: -71,
        seen_on: null,
        confirmed: true,
      },
    ]);
    expect(result.tablesRead).toEqual(['sightings']);
  });

  it('addTable with parquet bytes loads every row group; a join with a catalog table in scope works', async () => {
    expect(
      await engine.addTable({
        name: 'extra',
        format: 'parquet',
        bytes: await parquetBytes(),
        table: profiled('extra', ['k', 'half', 'label']),
      }),
    ).toEqual({ rows: 1000 });
    const result = await engine.query(
      'SELECT count(*) AS n, count(label) AS labelled, sum(half) AS total, max(c.lat) AS lat FROM extra e JOIN cells c ON c.cell_id = e.k',
      { scope: ['extra', 'cells'] },
    );
    // cells holds cell_id 0..39: 40 matches, label NULL when k % 3 = 0 (14 of 0..39), sum of k/2 = 390.
    expect(previewRows(result.table, 1)).toEqual([{ n: 40, labelled: 26, total: 390, lat: 45.9 }]);
    expect(engine.catalog.tables.extra.columns.map((column) => `${column.name}:${column.type}`)).toEqual([
      'k:INTEGER',
      'half:DOUBLE',
      'label:VARCHAR',
    ]);
  });

  it('addTable refuses a name already in the catalog (catalog tables and added ones) with table_exists', async () => {
    const csv = new TextEncoder().encode('a\n1\n');
    for (const name of ['weekly', 'sightings']) {
      const error = await engineFailure(
        engine.addTable({ name, format: 'csv', bytes: csv, table: profiled(name, ['a']) }),
      );
      expect(error.code).toBe('table_exists');
      expect(error.message).toBe(`table_exists: a table named '${name}' already exists. Choose another name`);
    }
    expect(
      await engineFailure(
        engine.addTable({ name: 'Bad-Name', format: 'csv', bytes: csv, table: profiled('x', ['a']) }),
      ),
    ).toMatchObject({ code: 'load_failed' });
    const broken = await engineFailure(
      engine.addTable({
        name: 'broken',
        format: 'csv',
        bytes: new TextEncoder().encode('a,b\n1,"open\n'),
        table: profiled('broken', ['a', 'b']),
      }),
    );
    expect(broken.message).toMatch(
      /^load_failed: could not add table 'broken' from CSV bytes: unclosed quote/,
    );
    expect('broken' in engine.catalog.tables).toBe(false);
  });

  it('an added table is readable only when the query scope names it', async () => {
    const error = await engineFailure(
      engine.query('SELECT count(*) AS n FROM sightings', { scope: ['weekly'] }),
    );
    expect(error.code).toBe('sql_rejected');
    expect(error.message).toMatch(/table 'sightings' is outside this session's scope/);
  });

  it('added tables survive a DuckDB worker restart (recreated from the kept bytes)', async () => {
    workers.at(-1)!.terminate();
    const result = await engine.query(
      'SELECT (SELECT count(*) FROM sightings) AS s, (SELECT count(*) FROM extra) AS e',
      { scope: ['sightings', 'extra'] },
    );
    expect(previewRows(result.table, 1)).toEqual([{ s: 3, e: 1000 }]);
    expect(restarts.at(-1)).toEqual(expect.arrayContaining(['sightings', 'extra']));
  });

  it("the tools' tableAdderFor finds Engine.addTable and widens the session scope", async () => {
    const scopes: string[] = [];
    const adder = tableAdderFor(engine, (_session, table) => scopes.push(table));
    expect(adder).toBeTypeOf('function');
    await adder!({
      name: 'via_tools',
      format: 'csv',
      bytes: new TextEncoder().encode('x\n7\n'),
      table: profiled('via_tools', ['x']),
      sessionId: 's1',
    });
    expect(scopes).toEqual(['via_tools']);
    expect(previewRows((await engine.query('SELECT x FROM via_tools', { scope: scopes })).table, 1)).toEqual([
      { x: 7 },
    ]);
  });
});
