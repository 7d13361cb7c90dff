import { copyFileSync, constants, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CatalogFile } from '../../catalog/types';
import { sqlString } from '../../engine';
import { loadBoundaries } from '../boundaries/load-regions';
import type { BuildReport } from '../build-data';
import type { Discovery } from '../discover';
import { finishBuild, reportOf } from '../finish-build';
import { MAX_GRID_CELLS } from '../geo/raster-grid';
import type { ResolutionKm } from '../read/resolution-tokens';
import { temporarySibling } from '../replace-folder';
import { stageCellGeography } from '../stage-cell-geography';
import { ColumnPresence } from '../tables/column-presence';
import { ReleaseKeys } from '../tables/release-keys';
import type { StagedSpecies } from '../tables/release-keys';
import { Stage } from '../tables/stage';
import { stageRegions } from '../tables/stage-geography';
import { DERIVED_FROM } from '../tables/stage-weekly-regions';
import { TABLE_SPECS, tableSpec } from '../tables/table-specs';
import type { TableSpec } from '../tables/table-specs';
import { writeTables } from '../tables/write-tables';
import type { PartsSummary } from './ensure-parts';
import type { LocatedPart, StatusPart, TrendsPart } from './part-manifest';

export interface MergeContext {
  outDir: string;
  fingerprint: string;
  resolutionKm: ResolutionKm;
  source: BuildReport['source'];
  pageNotes: string[];
  found: string[];
  /** Notes so far (discovery's); the merge adds the parts' and the release keys'. */
  notes: string[];
  /** Recorded in build-fingerprint.json. */
  inputs: Discovery | null;
  started: number;
  parts: PartsSummary;
  progress: (step: string, message: string) => void;
}

interface Located<T> {
  folder: string;
  manifest: T;
}

/** A status part the merge keeps, with its ReleaseKeys entry (whose key is final once every part is admitted). */
interface Admitted extends Located<StatusPart> {
  entry: StagedSpecies;
  /** Added to the part's cell ids: the part numbered its grid 0, the build numbers grids in input order. */
  cellOffset: number;
}

/** A species file of a part that goes into the output as it is. */
interface Copy {
  from: string;
  file: CatalogFile;
}

// Filled from the merged cells and the boundaries (stageRegions, stageCellGeography); empty in parts.
const MERGE_TABLES = new Set(['regions', 'places', 'region_parts', 'cell_parts']);
const TRENDS_TABLES = ['trends', 'trends_folds', 'trends_summary'];

const hasColumn = (spec: TableSpec, name: string) => spec.columns.some((column) => column.name === name);

async function insertPartFile(
  stage: Stage,
  table: string,
  file: string,
  replacements: string[],
  where = '',
): Promise<void> {
  const replace = replacements.length > 0 ? ` REPLACE (${replacements.join(', ')})` : '';
  await stage.connection.run(
    `INSERT INTO "${table}" BY NAME SELECT *${replace} FROM read_parquet(${sqlString(file)})${where}`,
  );
}

/** Files of `table` in a part that hold rows (a part writes every table, most of them empty). */
function filesWithRows(part: Located<StatusPart | TrendsPart>, table: string): string[] {
  return (part.manifest.files[table] ?? [])
    .filter((file) => file.rows > 0)
    .map((file) => join(part.folder, file.path));
}

function columnNames(presence: ColumnPresence, spec: TableSpec): string {
  return presence
    .columns(spec)
    .map((column) => column.spec.name)
    .join(',');
}

/**
 * A part's species file goes into the output as it is when the build would write it alike: the
 * same key, the same cell ids and the same columns (a column only another release has is NULL in
 * this species' rows, so its file must have it too).
 */
function copiesAsIs(part: Admitted, spec: TableSpec, merged: ColumnPresence): boolean {
  const own = new ColumnPresence();
  for (const entry of part.manifest.presence) own.note(entry.table, entry.release, entry.columns);
  return (
    part.entry.key === part.manifest.key &&
    part.cellOffset === 0 &&
    columnNames(own, spec) === columnNames(merged, spec)
  );
}

/**
 * Admits each status part to ReleaseKeys in input order, as readStatusFolder does in a
 * one-process build: the same notes, the same duplicates left out, the same final keys.
 */
async function admitStatusParts(
  keys: ReleaseKeys,
  parts: Located<StatusPart>[],
  grids: string[],
  notes: string[],
  progress: (step: string, message: string) => void,
): Promise<Admitted[]> {
  const admitted: Admitted[] = [];
  for (const part of parts) {
    const { taxon, release, runName, input } = part.manifest;
    const result = await keys.admit({ taxon, release, runName, folder: input.folder });
    const said =
      result.kind === 'duplicate'
        ? [result.note]
        : [...part.manifest.notes, ...(result.note ? [result.note] : [])];
    for (const note of said) progress('status', note);
    notes.push(...said);
    if (result.kind === 'new')
      admitted.push({
        ...part,
        entry: result.entry,
        cellOffset: grids.indexOf(part.manifest.gridKey) * MAX_GRID_CELLS,
      });
  }
  return admitted;
}

/** A part's cells on the build's grid numbering, each cell once (species share cells). */
async function stageCells(stage: Stage, part: Located<StatusPart>, gridId: number): Promise<void> {
  const offset = gridId * MAX_GRID_CELLS;
  for (const file of filesWithRows(part, 'cells'))
    await insertPartFile(
      stage,
      'cells',
      file,
      [`cell_id + ${offset} AS cell_id`, `${gridId} AS grid_id`],
      ` WHERE cell_id + ${offset} NOT IN (SELECT cell_id FROM cells)`,
    );
}

/** Stages a status part's rows under its final key and cell ids; returns the species files to copy as they are. */
async function stageStatusPart(stage: Stage, part: Admitted, withWeeks: boolean): Promise<Copy[]> {
  const copies: Copy[] = [];
  for (const spec of TABLE_SPECS) {
    if (MERGE_TABLES.has(spec.name) || spec.name === 'cells' || (spec.name === 'weeks' && !withWeeks))
      continue;
    const source = DERIVED_FROM[spec.name];
    const decisive = source === undefined ? spec : tableSpec(source);
    if (spec.partition_by.includes('species_code') && copiesAsIs(part, decisive, stage.presence)) {
      for (const file of part.manifest.files[spec.name] ?? [])
        copies.push({ from: join(part.folder, file.path), file });
      continue;
    }
    // Derived from the source's rows staged here (writeTables), so never staged from the part.
    if (source !== undefined) continue;
    const replacements = [
      ...(hasColumn(spec, 'species_code') ? [`${sqlString(part.entry.key)} AS species_code`] : []),
      ...(hasColumn(spec, 'cell_id') && part.cellOffset > 0
        ? [`cell_id + ${part.cellOffset} AS cell_id`]
        : []),
    ];
    for (const file of filesWithRows(part, spec.name))
      await insertPartFile(stage, spec.name, file, replacements);
  }
  return copies;
}

async function distinctSpecies(stage: Stage, files: string[]): Promise<string[]> {
  if (files.length === 0) return [];
  const result = await stage.connection.runAndReadAll(
    `SELECT DISTINCT species_code FROM read_parquet([${files.map(sqlString).join(', ')}], union_by_name = true)`,
  );
  return result.getRows().map((row) => String(row[0]));
}

/**
 * Files a trends part under the status species its runs belong to (ReleaseKeys.trendsKey: the
 * same release, else the newest; a run with no status species keeps its name), then marks the
 * species of its trends rows as having trends, as the one-process build does after each trends input.
 */
async function stageTrendsPart(stage: Stage, keys: ReleaseKeys, part: Located<TrendsPart>): Promise<void> {
  const release = part.manifest.input.release;
  const keyOf = (run: string) => keys.trendsKey(run, release) ?? run;
  const runs = await distinctSpecies(
    stage,
    TRENDS_TABLES.flatMap((table) => filesWithRows(part, table)),
  );
  if (runs.length === 0) return;
  const cases = runs.map((run) => `WHEN ${sqlString(run)} THEN ${sqlString(keyOf(run))}`).join(' ');
  for (const table of TRENDS_TABLES)
    for (const file of filesWithRows(part, table))
      await insertPartFile(stage, table, file, [
        `CASE species_code ${cases} ELSE species_code END AS species_code`,
      ]);
  const codes = (await distinctSpecies(stage, filesWithRows(part, 'trends'))).map(keyOf);
  if (codes.length === 0) return;
  await stage.connection.run(
    `UPDATE species SET trends_release = ${release}, products = CASE WHEN list_contains(string_split(products, ','), 'trends') THEN products ELSE products || ',trends' END WHERE species_code IN (${codes.map(sqlString).join(', ')})`,
  );
}

/** Copies species files in and lists each table's files as writeTables does (ORDER BY species_code: bytewise). */
function addCopies(building: string, files: Record<string, CatalogFile[]>, copies: Copy[]): void {
  for (const { from, file } of copies) {
    // A reflink where the filesystem has them: weekly files of a big build run to gigabytes.
    copyFileSync(from, join(building, file.path), constants.COPYFILE_FICLONE);
    const table = file.path.split('/')[0];
    files[table] = [...(files[table] ?? []), file];
  }
  const code = (file: CatalogFile) => Buffer.from(String(file.partition?.species_code ?? ''));
  for (const table of new Set(copies.map(({ file }) => file.path.split('/')[0])))
    files[table].sort((a, b) => Buffer.compare(code(a), code(b)));
}

/**
 * Merges parts, given in the one-process build's input order, into `outDir`, giving the tables,
 * rows and catalog of a one-process build of the same inputs. Steps: (1) regions from the
 * boundaries; (2) grids numbered and status parts admitted to ReleaseKeys in input order (final
 * keys, duplicates, notes); (3) their column presence noted; (4) cells staged once each, on the
 * build's grid numbering, then each part's rows under its final key, with weeks from the last part
 * of each release; species files are copied as they are when nothing in them changes (copiesAsIs),
 * else staged and written again; (5) trends parts filed under their species; (6) places and region
 * parts from the merged cells; (7) tables written, species files copied in; (8) basemap, catalog
 * and swap (finishBuild). A failure leaves the previous `outDir` as it was.
 */
export async function mergeParts(parts: LocatedPart[], context: MergeContext): Promise<BuildReport> {
  const { outDir, progress } = context;
  const notes = [...context.notes];
  mkdirSync(dirname(outDir), { recursive: true });
  const building = temporarySibling(outDir, 'building');
  mkdirSync(building, { recursive: true });
  const stage = await Stage.open();
  try {
    progress('merge', `merging ${parts.length} parts into ${outDir}`);
    const boundaries = loadBoundaries();
    await stageRegions(stage, boundaries);
    const statusParts = parts.filter((part): part is Located<StatusPart> => part.manifest.kind === 'status');
    const trendsParts = parts.filter((part): part is Located<TrendsPart> => part.manifest.kind === 'trends');
    // A one-process build registers a folder's grid before it knows the folder is a duplicate.
    const grids = [...new Set(statusParts.map((part) => part.manifest.gridKey))];
    const keys = new ReleaseKeys(stage);
    const admitted = await admitStatusParts(keys, statusParts, grids, notes, progress);
    for (const part of admitted)
      for (const entry of part.manifest.presence)
        stage.presence.note(entry.table, entry.release, entry.columns);
    for (const part of statusParts) await stageCells(stage, part, grids.indexOf(part.manifest.gridKey));
    const weeksFrom = new Map(admitted.map((part) => [part.manifest.release, part]));
    const copies: Copy[] = [];
    for (const part of admitted)
      copies.push(...(await stageStatusPart(stage, part, weeksFrom.get(part.manifest.release) === part)));
    for (const part of trendsParts) await stageTrendsPart(stage, keys, part);
    await stageCellGeography(stage, boundaries, progress);

    const files = await writeTables(stage, building, (table) => progress('write', `writing ${table}`));
    addCopies(building, files, copies);
    const releases = new Set([
      ...admitted.map((part) => part.manifest.release),
      ...trendsParts.map((part) => part.manifest.input.release),
    ]);
    const catalog = await finishBuild(
      stage,
      {
        outDir,
        building,
        files,
        releases: [...releases].sort(),
        simulated: false,
        exampleOnly: admitted.every((part) => part.manifest.runName.endsWith('-example')),
        boundarySources: boundaries.sources,
        failedSeasons: admitted.flatMap((part) =>
          part.manifest.failedSeasons.map((season) => `${part.entry.key} ${season}`),
        ),
        pageNotes: context.pageNotes,
        fingerprint: context.fingerprint,
        resolutionKm: context.resolutionKm,
        found: context.found,
        inputs: context.inputs,
      },
      progress,
    );
    return reportOf(catalog, {
      outDir,
      source: context.source,
      fingerprint: context.fingerprint,
      notes,
      found: context.found,
      skipped: false,
      durationMs: Date.now() - context.started,
      parts: context.parts,
    });
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw error;
  } finally {
    stage.close();
  }
}
