import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { Catalog } from '../../catalog/types';
import { sqlString } from '../../engine';
import { makeRegionalStatsParquet, makeTinyStatus, makeTinyTrends } from './ebirdst-layout-fixtures';
import { makeTinyRelease } from './tiny-release-folder';

/**
 * An ebirdst data dir of three species of release 2023 on one grid, trends (2022) for two of them
 * and the all-species regional-stats parquet: the common case of a big site, where every species
 * file of a split build is copied from its part as it is. Returns the data dir.
 */
export async function makeOneReleaseSite(root: string): Promise<string> {
  const year = join(root, 'ebirdst', '2023');
  for (const code of ['sp1', 'sp2', 'sp3']) makeTinyStatus(join(year, `${code}-example`), code);
  for (const code of ['sp1', 'sp2'])
    await makeTinyTrends(join(year, `${code}-example`, 'trends'), `${code}-example`);
  await makeRegionalStatsParquet(
    join(year, 'regional-stats_2023.parquet'),
    ['sp1', 'sp2', 'sp3'].map((code) => `${code}-example`),
  );
  return join(root, 'ebirdst');
}

/**
 * An ebirdst data dir where the merge must change what parts wrote: sp1 in releases 2022 and 2023
 * (the 2022 part's rows become sp1-2022), tiny2022 on the sinusoidal grid after an Equal Earth one
 * (its cell ids move to grid 1), trends 2022 of sp1 (filed under sp1-2022, the same release) and a
 * 2022 release with columns 2023 lacks (so 2023 species files gain NULL columns).
 */
export async function makeTwoReleaseSite(root: string): Promise<string> {
  const data = join(root, 'ebirdst');
  makeTinyStatus(join(data, '2022', 'sp1-example'), 'sp1', 2022);
  makeTinyRelease(join(data, '2022', 'tiny2022-example'), 2022);
  makeTinyStatus(join(data, '2023', 'sp1-example'), 'sp1', 2023);
  await makeTinyTrends(join(data, '2023', 'sp1-example', 'trends'), 'sp1-example', 2022);
  makeTinyStatus(join(data, '2023', 'sp2-example'), 'sp2', 2023);
  return data;
}

export interface BuildSnapshot {
  /** catalog.json without built_at. */
  catalog: Omit<Catalog, 'built_at'>;
  /** Every table's rows, all files together, in ORDER BY ALL order, as JSON values. */
  tables: Record<string, unknown[]>;
}

/** What a build holds, to compare two builds of the same inputs. */
export async function snapshotBuild(outDir: string): Promise<BuildSnapshot> {
  const { built_at: _, ...catalog } = JSON.parse(
    readFileSync(join(outDir, 'catalog.json'), 'utf8'),
  ) as Catalog;
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  const tables: Record<string, unknown[]> = {};
  for (const [name, table] of Object.entries(catalog.tables)) {
    const files = table.files.map((file) => sqlString(join(outDir, file.path)));
    tables[name] =
      files.length === 0
        ? []
        : (
            await connection.runAndReadAll(`SELECT * FROM read_parquet([${files.join(', ')}]) ORDER BY ALL`)
          ).getRowObjectsJson();
  }
  connection.closeSync();
  return { catalog, tables };
}
