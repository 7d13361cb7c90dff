import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Catalog } from '../catalog/types';
import { writeBasemap } from './basemap/write-basemap';
import type { BuildReport } from './build-data';
import type { Discovery } from './discover';
import { gazetteerSource } from './gazetteer/load-towns';
import type { ResolutionKm } from './read/resolution-tokens';
import { prebuildResults } from './prebuild-results';
import { replaceFolder } from './replace-folder';
import { buildCatalog, type CatalogContext } from './tables/build-catalog';
import type { Stage } from './tables/stage';

export const FINGERPRINT_FILE = 'build-fingerprint.json';

/** Rows, bytes and files of each table of a catalog, and the bytes of all. */
function summarise(catalog: Catalog): Pick<BuildReport, 'tables' | 'bytes'> {
  const tables: BuildReport['tables'] = {};
  let bytes = 0;
  for (const [name, table] of Object.entries(catalog.tables)) {
    const tableBytes = table.files.reduce((sum, file) => sum + file.bytes, 0);
    tables[name] = { rows: table.rows, bytes: tableBytes, files: table.files.length };
    bytes += tableBytes;
  }
  return { tables, bytes };
}

/**
 * The catalog of the build in `outDir` when that build was made from `fingerprint` (said as step
 * `skip`), else undefined.
 */
export function unchangedBuild(
  outDir: string,
  fingerprint: string,
  progress: (step: string, message: string) => void,
): Catalog | undefined {
  const previous = join(outDir, FINGERPRINT_FILE);
  const file = join(outDir, 'catalog.json');
  if (!existsSync(previous) || !existsSync(file)) return undefined;
  if (JSON.parse(readFileSync(previous, 'utf8')).fingerprint !== fingerprint) return undefined;
  const catalog = JSON.parse(readFileSync(file, 'utf8')) as Catalog;
  progress('skip', `inputs unchanged since the build of ${catalog.built_at}: kept ${outDir}`);
  return catalog;
}

/** A build's report from its catalog: the tables, bytes and `simulated` come from it. */
export function reportOf(
  catalog: Catalog,
  fields: Omit<BuildReport, 'simulated' | 'tables' | 'bytes'>,
): BuildReport {
  return { ...fields, simulated: catalog.simulated, ...summarise(catalog) };
}

/** The catalog's fields the build knows (`files`: what writeTables wrote and, in a merge, the species files copied from parts). */
export interface FinishContext
  extends Pick<
    CatalogContext,
    'files' | 'releases' | 'simulated' | 'exampleOnly' | 'boundarySources' | 'failedSeasons'
  > {
  outDir: string;
  /** The temporary sibling of outDir holding the written tables (replace-folder.ts). */
  building: string;
  /** What the page should say about this build (Catalog.notes). */
  pageNotes: string[];
  fingerprint: string;
  resolutionKm: ResolutionKm;
  found: string[];
  inputs: Discovery | null;
  /** Prebuilt results beside the catalog (prebuild-results.ts). @default true */
  prebuild?: boolean;
}

/**
 * The steps after the tables are written, the same for a one-process build and the merge of a
 * split one: (1) basemap.json for the staged cells, (2) the profiled catalog.json, (3) the
 * prebuilt results, added to the catalog, (4) build-fingerprint.json, (5) `building` swapped in
 * for `outDir`. The caller removes `building`
 * when a step throws.
 */
export async function finishBuild(
  stage: Stage,
  context: FinishContext,
  progress: (step: string, message: string) => void,
): Promise<Catalog> {
  const { building, outDir } = context;
  progress('basemap', 'cutting Natural Earth land, lakes and borders and town labels to the cells');
  const basemap = await writeBasemap(stage, building);
  if (basemap) progress('basemap', `wrote ${basemap.path}, ${basemap.bytes} bytes`);
  progress('catalog', 'profiling columns for catalog.json');
  const catalog = await buildCatalog(stage, {
    root: building,
    files: context.files,
    releases: context.releases,
    simulated: context.simulated,
    exampleOnly: context.exampleOnly,
    boundarySources: context.boundarySources,
    failedSeasons: context.failedSeasons,
    builtAt: new Date().toISOString(),
    gazetteerSource: gazetteerSource(),
    ...(basemap ? { basemap } : {}),
    notes: context.pageNotes,
  });
  writeFileSync(join(building, 'catalog.json'), `${JSON.stringify(catalog, null, 1)}\n`);
  if (context.prebuild ?? true) {
    progress(
      'prebuilt',
      "running the reader's first queries on the built data (answered before DuckDB starts)",
    );
    catalog.prebuilt = await prebuildResults(building);
    progress(
      'prebuilt',
      `wrote ${catalog.prebuilt.path}: ${catalog.prebuilt.results} results, ${catalog.prebuilt.bytes} bytes`,
    );
    writeFileSync(join(building, 'catalog.json'), `${JSON.stringify(catalog, null, 1)}\n`);
  }
  writeFileSync(
    join(building, FINGERPRINT_FILE),
    `${JSON.stringify({ fingerprint: context.fingerprint, resolutionKm: context.resolutionKm, found: context.found, inputs: context.inputs }, null, 1)}\n`,
  );
  replaceFolder(building, outDir);
  const summary = summarise(catalog);
  progress(
    'done',
    `wrote ${Object.keys(summary.tables).length} tables, ${summary.bytes} bytes to ${outDir}${catalog.simulated ? ' (SIMULATED demo)' : ''}`,
  );
  return catalog;
}
