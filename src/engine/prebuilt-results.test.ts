import { createHash } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../catalog/types';
import { engineFailure } from '../../test/helpers/engine-failure';
import { createEngine } from './create-engine';
import { fileDataSource } from './file-data-source';
import { createNodeEngine } from './node-engine';
import { decodePrebuiltResults, encodePrebuiltResults } from './prebuilt-results';
import { previewRows } from './preview-rows';
import { makeTestCatalog, type TestCatalog } from './test-catalog';
import type { QueryResult } from './types';

const SPECIES_SQL = 'SELECT species_code, common_name FROM species ORDER BY species_code';
const SEASONS_SQL = 'SELECT season, start_week FROM seasons ORDER BY start_week';
const ALL = ['species', 'seasons', 'weekly', 'cells', 'regions'];

let fixture: TestCatalog;
let ran: QueryResult;
let prebuiltCatalog: Catalog;

/** A DuckDB that never starts: whatever answers did not come from it. */
const neverStarts = () => new Promise<never>(() => {});

beforeAll(async () => {
  fixture = await makeTestCatalog();
  // What the pipeline does (prebuild-results.ts): run the queries on the app's engine, keep the results.
  const engine = await createNodeEngine({ columnar: false, dataDir: fixture.dir });
  try {
    ran = await engine.query(SPECIES_SQL, { scope: ALL });
    const bytes = encodePrebuiltResults(engine.keptResults());
    writeFileSync(join(fixture.dir, 'prebuilt-results.bin'), bytes);
    prebuiltCatalog = {
      ...fixture.catalog,
      prebuilt: {
        path: 'prebuilt-results.bin',
        bytes: bytes.byteLength,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        results: 1,
      },
    };
  } finally {
    await engine.close();
  }
});

afterAll(() => rmSync(fixture.dir, { recursive: true, force: true }));

describe('prebuilt results', () => {
  it('decode(encode(results)) gives the same SQL, binder tables, byte count and rows', () => {
    const [decoded] = decodePrebuiltResults(
      encodePrebuiltResults([{ sql: 'q', binderTables: ['species'], bytes: ran.bytes, table: ran.table }]),
    );
    expect(decoded.sql).toBe('q');
    expect(decoded.binderTables).toEqual(['species']);
    expect(decoded.bytes).toBe(ran.bytes);
    expect(previewRows(decoded.table, 10)).toEqual(previewRows(ran.table, 10));
  });

  it('a prebuilt query is answered before DuckDB starts, with the rows a run gave; another query waits for DuckDB', async () => {
    const engine = await createEngine({
      columnar: false,
      source: fileDataSource(fixture.dir),
      startDuckDB: neverStarts,
      catalog: prebuiltCatalog,
    });
    const answer = await engine.query(SPECIES_SQL, { scope: ALL });
    expect(previewRows(answer.table, 10)).toEqual(previewRows(ran.table, 10));
    expect(answer.bytesFetched).toBe(0);
    expect(answer.tablesRead).toEqual(['species']);
    // Not prebuilt: it needs DuckDB, which never comes.
    const other = await Promise.race([
      engine.query(SEASONS_SQL, { scope: ALL }).then(() => 'answered'),
      new Promise((resolve) => setTimeout(() => resolve('waiting'), 500)),
    ]);
    expect(other).toBe('waiting');
  });

  it('a prebuilt answer is held to the caller’s scope and limits like a run', async () => {
    const engine = await createEngine({
      columnar: false,
      source: fileDataSource(fixture.dir),
      startDuckDB: neverStarts,
      catalog: prebuiltCatalog,
    });
    const outside = await engineFailure(engine.query(SPECIES_SQL, { scope: ['weekly'] }));
    expect(outside.code).toBe('sql_rejected');
    expect(outside.message).toMatch(/table 'species' is outside this session's scope/);
    const tooBig = await engineFailure(engine.query(SPECIES_SQL, { scope: ALL, maxBytes: 8 }));
    expect(tooBig.code).toBe('result_too_large');
  });

  it('a catalog whose prebuilt file cannot be read answers through DuckDB as before', async () => {
    const engine = await createNodeEngine({
      columnar: false,
      dataDir: fixture.dir,
      catalog: { ...prebuiltCatalog, prebuilt: { ...prebuiltCatalog.prebuilt!, path: 'missing.bin' } },
    });
    try {
      const answer = await engine.query(SPECIES_SQL, { scope: ALL });
      expect(previewRows(answer.table, 10)).toEqual(previewRows(ran.table, 10));
      expect(answer.bytesFetched).toBeGreaterThan(0);
    } finally {
      await engine.close();
    }
  });
});
