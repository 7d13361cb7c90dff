import { sqlString } from '../../engine';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CatalogFile } from '../../catalog/types';
import type { Stage } from './stage';
import { stageWeeklyRegions } from './stage-weekly-regions';
import { TABLE_SPECS, type TableSpec } from './table-specs';

/**
 * DuckDB cuts parquet row groups at multiples of its 2048-row vector: asking for 293 rows per
 * group gave 2048-row groups (measured on the example), so "one row group per week" is only
 * possible when a week's row count is a multiple of 2048. Asking for one week's rows gives groups
 * of ceil(cells/2048)·2048 rows, so a one-week read touches at most 2 row groups per species file.
 */
async function rowGroupSize(stage: Stage, spec: TableSpec, species: string): Promise<number> {
  // One region's weeks are 52 rows: the smallest groups DuckDB writes keep a series to one or two.
  if (spec.name === 'weekly_regions') return 2048;
  if (spec.name !== 'weekly') return 122_880;
  const result = await stage.connection.runAndReadAll(
    `SELECT count(*) FROM weekly WHERE species_code = ${sqlString(species)} AND week = 1`,
  );
  return Math.max(2048, Number(result.getRows()[0][0]));
}

/**
 * Parquet format 2 lets DuckDB write sorted integers DELTA_BINARY_PACKED and doubles
 * BYTE_STREAM_SPLIT; zstd compresses what that leaves. Measured on one 102,831-cell species of
 * the scale site (per week): cell_id 411 KB → 1.1 KB, abundance 360 KB → 199 KB; the file
 * 134 MB → 62 MB. hyparquet read two weeks of three columns as fast (1.1–0.8 s before,
 * 0.9–0.7 s after) with the same values.
 */
export const PARQUET_ENCODING = 'COMPRESSION zstd, PARQUET_VERSION v2';

async function copyToParquet(
  stage: Stage,
  spec: TableSpec,
  where: string,
  file: string,
  rowGroup: number,
): Promise<void> {
  // Only the columns some input has (ColumnPresence): a column no release has is absent, not NULL.
  const present = stage.presence.columns(spec).map((column) => column.spec.name);
  const columns = present.map((name) => `"${name}"`).join(', ');
  const order = spec.sort_by
    .filter((name) => present.includes(name))
    .map((name) => `"${name}"`)
    .join(', ');
  await stage.connection.run(
    `COPY (SELECT ${columns} FROM "${spec.name}" ${where}${order ? ` ORDER BY ${order}` : ''}) TO ${sqlString(file)} (FORMAT parquet, ${PARQUET_ENCODING}, ROW_GROUP_SIZE ${rowGroup})`,
  );
}

function describeFile(
  root: string,
  path: string,
  rows: number,
  partition?: Record<string, string>,
): CatalogFile {
  const absolute = join(root, path);
  const file: CatalogFile = {
    path,
    bytes: statSync(absolute).size,
    rows,
    sha256: createHash('sha256').update(readFileSync(absolute)).digest('hex'),
  };
  if (partition) file.partition = partition;
  return file;
}

/** Writes every stage table (after deriving weekly_regions) to parquet under `root`; partitioned tables get one file per species. */
export async function writeTables(
  stage: Stage,
  root: string,
  onTable: (name: string) => void,
): Promise<Record<string, CatalogFile[]>> {
  const files: Record<string, CatalogFile[]> = {};
  await stageWeeklyRegions(stage);
  for (const spec of TABLE_SPECS) {
    onTable(spec.name);
    files[spec.name] = [];
    if (spec.partition_by.includes('species_code')) {
      mkdirSync(join(root, spec.name), { recursive: true });
      const counts = (
        await stage.connection.runAndReadAll(
          `SELECT species_code, count(*) FROM "${spec.name}" GROUP BY 1 ORDER BY 1`,
        )
      ).getRows();
      for (const [species, rows] of counts) {
        const path = `${spec.name}/species_code=${String(species)}.parquet`;
        await copyToParquet(
          stage,
          spec,
          `WHERE species_code = ${sqlString(String(species))}`,
          join(root, path),
          await rowGroupSize(stage, spec, String(species)),
        );
        files[spec.name].push(describeFile(root, path, Number(rows), { species_code: String(species) }));
      }
    } else {
      const path = `${spec.name}.parquet`;
      await copyToParquet(stage, spec, '', join(root, path), 122_880);
      const rows = (
        await stage.connection.runAndReadAll(`SELECT count(*) FROM "${spec.name}"`)
      ).getRows()[0][0];
      files[spec.name].push(describeFile(root, path, Number(rows)));
    }
  }
  return files;
}
