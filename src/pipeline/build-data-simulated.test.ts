import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../catalog/types';
import { buildData } from './build-data';
import { TABLE_SPECS } from './tables/table-specs';

/** A 127.0.0.1 port with nothing listening: connections are refused at once, like a closed network. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

describe('buildData without inputs', () => {
  it('npm run data with no arguments and no network builds the simulated demo and says so', async () => {
    const root = mkdtempSync(join(tmpdir(), 'perch-sim-'));
    const out = join(root, 'data');
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'src/cli/data.ts', '--out', out], {
      env: {
        ...process.env,
        PERCH_EBIRDST: '',
        PERCH_EXAMPLE_BASE_URL: `http://127.0.0.1:${await closedPort()}`,
      },
      cwd: process.cwd(),
    });
    expect(stdout).toMatch(
      /download_failed: http:\/\/127\.0\.0\.1:\d+\/2023\/file-list\.txt: cannot reach it/,
    );
    expect(stdout).toContain('SIMULATED demo');
    const catalog = JSON.parse(readFileSync(join(out, 'catalog.json'), 'utf8')) as Catalog;
    expect(catalog.simulated).toBe(true);
    expect(catalog.tables.weekly.simulated).toBe(true);
    expect(catalog.tables.regions.simulated).toBe(false);
    expect(catalog.tables.weekly.caveats[0]).toMatch(/^SIMULATED/);
    const connection = await (await DuckDBInstance.create(':memory:')).connect();
    const names = (
      await connection.runAndReadAll(`SELECT common_name, simulated FROM '${out}/species.parquet' ORDER BY 1`)
    ).getRows();
    expect(names).toEqual([
      ['Simulated Sparrow', true],
      ['Simulated Thrush', true],
      ['Simulated Warbler', true],
    ]);
  });

  it('--scale builds the same schema as a real build at the requested size', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'perch-scale-')), 'data');
    const report = await buildData({ prebuild: false, outDir: out, simulate: { species: 4, cells: 500 } });
    expect(report.simulated).toBe(true);
    expect(report.tables.weekly).toMatchObject({ rows: 4 * 52 * 500, files: 4 });
    const connection = await (await DuckDBInstance.create(':memory:')).connect();
    for (const spec of TABLE_SPECS) {
      const catalog = JSON.parse(readFileSync(join(out, 'catalog.json'), 'utf8')) as Catalog;
      const file = catalog.tables[spec.name].files[0];
      const columns = (
        await connection.runAndReadAll(
          `SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM '${join(out, file.path)}')`,
        )
      ).getRows();
      // The demo imitates release 2023: columns only other releases have are absent (issue 15).
      const written = spec.columns.filter((column) => !column.releaseSpecific);
      expect(columns, spec.name).toEqual(written.map((column) => [column.name, column.type]));
    }
    const [nulls, zeros] = (
      await connection.runAndReadAll(
        `SELECT count(*) FILTER (abundance IS NULL), count(*) FILTER (abundance = 0) FROM '${out}/weekly/*.parquet'`,
      )
    )
      .getRows()[0]
      .map(Number);
    expect(nulls).toBeGreaterThan(0);
    expect(zeros).toBeGreaterThan(0);
  });
});
